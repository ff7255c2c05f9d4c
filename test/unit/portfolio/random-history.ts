/**
 * Random holding histories for the consolidation's property tests: an investor's folios (each
 * scheme's transactions from its first purchase, sometimes redeemed to zero and bought again, SIP
 * instalments that repeat on one day) and demat balances (one ISIN sometimes in two accounts), cut
 * into statements from random sources over random periods that overlap or leave gaps, as
 * extraction would read them. The truth stays beside them, for an oracle that works day by day.
 */
import type { Entity, Holding, Transaction } from '../../../src/modules/extraction/index.js';
import type { StatementSource } from '../../../src/modules/portfolio/index.js';
import { SeededRandom, withIsinCheckDigit } from '../../fixtures/generator/index.js';

export const PAN = 'ABCPE1234F';
const START = Date.parse('2021-01-01T00:00:00Z') / 86_400_000;
export const TIMELINE_DAYS = 1100;
export const iso = (day: number): string => new Date((START + day) * 86_400_000).toISOString().slice(0, 10);
export const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000 - START;

export type Source = 'CAMS_DETAILED_CAS' | 'KFINTECH_DETAILED_CAS' | 'CAMS_SUMMARY_CAS' | 'KFINTECH_SUMMARY_CAS' | 'NSDL_CAS' | 'CDSL_CAS';
const SOURCES: Source[] = ['CAMS_DETAILED_CAS', 'KFINTECH_DETAILED_CAS', 'CAMS_SUMMARY_CAS', 'KFINTECH_SUMMARY_CAS', 'NSDL_CAS', 'CDSL_CAS'];
const DETAILED = new Set<Source>(['CAMS_DETAILED_CAS', 'KFINTECH_DETAILED_CAS']);
export const isDetailed = (type: string): boolean => DETAILED.has(type as Source);

/** A truth transaction: day number, and the running balance after it (thousandths). */
export interface TruthTx {
  day: number;
  tx: Transaction;
  balanceMilli: number;
}

export interface TruthScheme {
  registrar: 'CAMS' | 'KFINTECH';
  folio: string;
  isin: string;
  name: string;
  txs: TruthTx[];
}

export interface TruthDemat {
  depository: 'NSDL' | 'CDSL';
  account: string;
  isin: string;
  /** Balance changes: from `day` on, `milli` units. */
  steps: Array<{ day: number; milli: number }>;
}

export interface RandomHistory {
  schemes: TruthScheme[];
  demat: TruthDemat[];
  /** Shuffled, as they might be uploaded. */
  statements: StatementSource[];
  asOf: string | null;
}

/** Balance (thousandths) after every transaction dated on or before `day`. */
export function schemeBalance(s: TruthScheme, day: number): number {
  let b = 0;
  for (const t of s.txs) if (t.day <= day) b = t.balanceMilli;
  return b;
}

export function dematBalance(d: TruthDemat, day: number): number {
  let b = 0;
  for (const s of d.steps) if (s.day <= day) b = s.milli;
  return b;
}

/** NAV of an ISIN on a day: the same whichever statement prints it. */
export const navOn = (isin: string, day: number): number => {
  let h = 7;
  for (const c of isin) h = (h * 31 + c.charCodeAt(0)) % 9973;
  return Math.round((10 + (h % 400) + ((day * 37) % 1000) / 10) * 10000) / 10000;
};

const money = (v: number) => Math.round(v * 100) / 100;

function randomScheme(rng: SeededRandom, registrar: 'CAMS' | 'KFINTECH', folio: string, n: number): TruthScheme {
  const isin = withIsinCheckDigit(`INF${rng.digits(3)}${rng.letters(2)}${rng.digits(3)}`);
  const s: TruthScheme = { registrar, folio, isin, name: `Scheme ${n} Fund - Direct Growth`, txs: [] };
  // The first purchase may fall before the first statement, so some histories never reach zero.
  let day = rng.int(-200, Math.floor(TIMELINE_DAYS / 2));
  let balance = 0;
  const count = rng.int(1, 14);
  for (let i = 0; i < count && day < TIMELINE_DAYS; i++) {
    const nav = navOn(isin, day);
    const push = (type: Transaction['type'], unitsMilli: number | null, amount: number | null, description: string) => {
      if (unitsMilli !== null) balance += unitsMilli;
      s.txs.push({ day, balanceMilli: balance, tx: { date: iso(day), type, description, amount, units: unitsMilli === null ? null : unitsMilli / 1000, nav: unitsMilli === null ? null : nav, balance_units: balance / 1000 } });
    };
    const roll = rng.next();
    if (balance === 0 || roll < 0.45) {
      const milli = rng.int(1000, 500_000);
      const type = rng.chance(0.5) ? 'sip_purchase' : 'purchase';
      push(type, milli, money((milli / 1000) * nav), type === 'sip_purchase' ? 'SIP Purchase' : 'Purchase');
      // Two instalments of one SIP on one day: two identical rows, both real.
      if (type === 'sip_purchase' && rng.chance(0.25)) push(type, milli, money((milli / 1000) * nav), 'SIP Purchase');
      if (rng.chance(0.3)) push('stamp_duty', null, 0.5, '*** Stamp Duty ***');
    } else if (roll < 0.7) {
      const milli = rng.chance(0.35) ? balance : rng.int(1, balance);
      push('redemption', -milli, -money((milli / 1000) * nav), 'Redemption');
    } else if (roll < 0.85) {
      const milli = rng.int(1, 5000);
      push('idcw_reinvestment', milli, money((milli / 1000) * nav), 'IDCW Reinvestment');
    } else {
      const milli = rng.int(1000, 100_000);
      push('switch_in', milli, money((milli / 1000) * nav), 'Switch In');
    }
    day += rng.chance(0.2) ? 0 : rng.int(1, 150);
  }
  return s;
}

function randomDemat(rng: SeededRandom, depository: 'NSDL' | 'CDSL', account: string, isin: string): TruthDemat {
  const steps: TruthDemat['steps'] = [];
  let day = rng.int(-100, TIMELINE_DAYS / 2);
  for (let i = rng.int(1, 5); i > 0 && day < TIMELINE_DAYS; i--) {
    steps.push({ day, milli: rng.chance(0.15) ? 0 : rng.int(1, 2000) * 1000 });
    day += rng.int(1, 300);
  }
  return { depository, account, isin, steps };
}

const holding = (fields: Partial<Holding> & Pick<Holding, 'isin' | 'scheme_name'>): Holding => ({
  units: null,
  nav: null,
  market_value: null,
  asset_class: 'Equity',
  folio: null,
  amc: null,
  cost_value: null,
  opening_units: null,
  plan: 'Direct',
  option: 'Growth',
  page: 1,
  transactions: [],
  ...fields,
});

function valued(isin: string, milli: number, day: number): Pick<Holding, 'units' | 'nav' | 'market_value' | 'nav_date'> {
  const nav = navOn(isin, day);
  return { units: milli / 1000, nav, market_value: money((milli / 1000) * nav), nav_date: iso(day) };
}

export function randomHistory(seed: number): RandomHistory {
  const rng = new SeededRandom(seed).fork('history');
  const schemes: TruthScheme[] = [];
  for (let f = rng.int(1, 4); f > 0; f--) {
    const registrar = rng.pick(['CAMS', 'KFINTECH'] as const);
    const folio = `${rng.digits(rng.int(7, 10))} / ${rng.digits(2)}`;
    for (let k = rng.int(1, 2); k > 0; k--) schemes.push(randomScheme(rng, registrar, folio, schemes.length + 1));
  }
  const accounts = { NSDL: `IN300126${rng.digits(8)}`, CDSL: rng.digits(16) };
  const demat: TruthDemat[] = [];
  for (let i = rng.int(0, 3); i > 0; i--) {
    const isin = withIsinCheckDigit(`INE${rng.digits(3)}${rng.letters(2)}${rng.digits(3)}`);
    demat.push(randomDemat(rng, 'NSDL', accounts.NSDL, isin));
    // The same ISIN held in the other depository's account too: another position.
    if (rng.chance(0.5)) demat.push(randomDemat(rng, 'CDSL', accounts.CDSL, isin));
  }

  const statements: StatementSource[] = [];
  for (let n = rng.int(2, 9); n > 0; n--) {
    const type = rng.pick(SOURCES);
    const id = `doc-${seed}-${statements.length + 1}`;
    const holdings: Holding[] = [];
    let period: StatementSource['period'];
    if (isDetailed(type)) {
      const from = rng.int(0, TIMELINE_DAYS - 30);
      const to = Math.min(TIMELINE_DAYS, from + rng.int(0, 420));
      period = { from: iso(from), to: iso(to) };
      const registrar = type.startsWith('CAMS') ? 'CAMS' : 'KFINTECH';
      for (const s of schemes.filter((x) => x.registrar === registrar || rng.chance(0.3))) {
        const opening = schemeBalance(s, from - 1);
        const txs = s.txs.filter((t) => t.day >= from && t.day <= to);
        if (opening === 0 && !txs.length) continue;
        holdings.push(holding({ isin: s.isin, scheme_name: s.name, folio: s.folio, opening_units: opening / 1000, transactions: txs.map((t) => ({ ...t.tx })), cost_value: null, ...valued(s.isin, schemeBalance(s, to), to) }));
      }
    } else {
      const day = rng.int(0, TIMELINE_DAYS);
      const depository = type === 'NSDL_CAS' ? 'NSDL' : type === 'CDSL_CAS' ? 'CDSL' : null;
      period = { from: depository ? iso(Math.max(0, day - 30)) : null, to: iso(day) };
      const registrar = type.startsWith('CAMS') ? 'CAMS' : 'KFINTECH';
      for (const s of schemes) {
        const balance = schemeBalance(s, day);
        if (balance === 0 || (!depository && s.registrar !== registrar && !rng.chance(0.3))) continue;
        // A depository's mutual-fund folio section prints the folio without spaces, under its last account.
        const folio = depository ? s.folio.replace(/\s+/g, '') : s.folio;
        holdings.push(holding({ isin: s.isin, scheme_name: s.name, folio, account_id: depository ? accounts[depository] : null, ...valued(s.isin, balance, day) }));
      }
      for (const d of demat.filter((x) => x.depository === depository)) {
        const balance = dematBalance(d, day);
        if (balance > 0) holdings.push(holding({ isin: d.isin, scheme_name: `Company ${d.isin}`, account_id: d.account, ...valued(d.isin, balance, day) }));
      }
    }
    const entity: Entity = { entity_name: 'Meera Iyer', pan: PAN, holdings: rng.shuffle(holdings), stated_total: null };
    statements.push({ document_id: id, document_type: type, period, entities: [entity] });
  }
  const asOf = rng.chance(0.5) ? null : iso(rng.int(0, TIMELINE_DAYS));
  return { schemes, demat, statements: rng.shuffle(statements), asOf };
}
