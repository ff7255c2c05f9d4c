/**
 * The consolidation against random holding histories (random-history.ts): folios, ISINs and
 * transactions, cut into overlapping and gapped partial statements from CAMS, KFintech, NSDL and
 * CDSL, shuffled. For each, the positions, merged history, gaps and statuses must be exactly what
 * an oracle working day by day from the truth says. `FOLIODESK_VARIANTS` sets how many histories
 * (default 300); a failure prints its seed, `FOLIODESK_VARIANT_SEED` replays one and
 * `FOLIODESK_VARIANT_BASE` a set.
 */
import { describe, expect, it } from '@jest/globals';
import { consolidate, normaliseAccount, normaliseFolio, transactionIdentity, type Consolidation, type Position } from '../../../src/modules/portfolio/index.js';
import { dayOf, dematBalance, isDetailed, iso, randomHistory, schemeBalance, type RandomHistory } from './random-history.js';
import { runSeed } from '../../support/run-seed.js';

const COUNT = Number(process.env.FOLIODESK_VARIANTS ?? 300);
const BASE = runSeed('consolidation-variation', process.env.FOLIODESK_VARIANT_BASE);
const seeds = process.env.FOLIODESK_VARIANT_SEED ? [Number(process.env.FOLIODESK_VARIANT_SEED)] : Array.from({ length: COUNT }, (_, i) => BASE + i);

interface Expected {
  key: string;
  units: number;
  statementDate: string;
  sources: string[];
  status: Position['history']['status'];
  gaps: Array<{ from: string; to: string }>;
  transactions: string[];
  marketValuePaise: number;
}

const keyOf = (kind: string, holder: string, isin: string) => `${kind}|${kind === 'folio' ? normaliseFolio(holder) : normaliseAccount(holder)}|${isin}`;
const positionKey = (p: Position) => keyOf(p.kind, p.kind === 'folio' ? p.folio! : p.account_id!, p.isin);

/** What the consolidation must answer, worked out day by day from the truth. */
function oracle(h: RandomHistory): Map<string, Expected> {
  const counted = h.statements.filter((s) => h.asOf === null || s.period.to! <= h.asOf);
  const out = new Map<string, Expected>();
  const showing = (match: (holding: { isin: string; folio: string | null; account_id?: string | null }) => boolean) =>
    counted.filter((s) => s.entities[0].holdings.some(match));

  for (const s of h.schemes) {
    const shown = showing((x) => x.isin === s.isin && x.folio !== null && normaliseFolio(x.folio) === normaliseFolio(s.folio));
    if (!shown.length) continue;
    const date = shown.map((x) => x.period.to!).sort().at(-1)!;
    const closingDay = dayOf(date);
    const covered = new Set<number>();
    for (const st of shown.filter((x) => isDetailed(x.document_type))) for (let d = dayOf(st.period.from!); d <= dayOf(st.period.to!); d++) covered.add(d);
    const units = schemeBalance(s, closingDay);
    const exp: Expected = {
      key: keyOf('folio', s.folio, s.isin),
      units: units / 1000,
      statementDate: date,
      sources: shown.filter((x) => x.period.to === date).map((x) => x.document_id),
      status: 'SNAPSHOT_ONLY',
      gaps: [],
      transactions: s.txs.filter((t) => covered.has(t.day)).map((t) => transactionIdentity(t.tx)).sort(),
      marketValuePaise: 0,
    };
    if (covered.size) {
      const days = [...covered].sort((a, b) => a - b);
      const first = days[0];
      let runStart = first;
      for (let d = first; d <= closingDay; d++) {
        if (covered.has(d)) continue;
        let e = d;
        while (e + 1 <= closingDay && !covered.has(e + 1)) e++;
        exp.gaps.push({ from: iso(d), to: iso(e) });
        d = e;
        runStart = e + 1;
      }
      const rebuilt = schemeBalance(s, first - 1) + s.txs.filter((t) => covered.has(t.day)).reduce((n, t) => n + Math.round((t.tx.units ?? 0) * 1000), 0);
      const trailing = !covered.has(closingDay);
      const zero = schemeBalance(s, runStart - 1) === 0 || s.txs.some((t) => t.day >= runStart && t.day <= closingDay && t.balanceMilli === 0);
      exp.status = rebuilt !== units ? 'MISMATCH' : !trailing && zero ? 'FULL_HISTORY' : 'PARTIAL_HISTORY';
    }
    out.set(exp.key, exp);
  }
  for (const d of h.demat) {
    const shown = showing((x) => x.isin === d.isin && x.folio === null && x.account_id === d.account);
    if (!shown.length) continue;
    const date = shown.map((x) => x.period.to!).sort().at(-1)!;
    const key = keyOf('demat', d.account, d.isin);
    out.set(key, { key, units: dematBalance(d, dayOf(date)) / 1000, statementDate: date, sources: shown.filter((x) => x.period.to === date).map((x) => x.document_id), status: 'SNAPSHOT_ONLY', gaps: [], transactions: [], marketValuePaise: 0 });
  }
  return out;
}

function problems(h: RandomHistory, c: Consolidation): string[] {
  const expected = oracle(h);
  const found: string[] = [];
  const got = new Map(c.positions.map((p) => [positionKey(p), p]));
  const missing = [...expected.keys()].filter((k) => !got.has(k));
  const extra = [...got.keys()].filter((k) => !expected.has(k));
  if (missing.length || extra.length) found.push(`positions: missing ${missing.join(', ') || '-'}; unexpected ${extra.join(', ') || '-'}`);
  let total = 0;
  for (const [key, e] of expected) {
    const p = got.get(key);
    if (!p) continue;
    const say = (what: string) => found.push(`${key}: ${what}`);
    if (p.units !== e.units) say(`units ${p.units} != ${e.units}`);
    if (p.source.statement_date !== e.statementDate) say(`statement date ${p.source.statement_date} != ${e.statementDate}`);
    if (!e.sources.includes(p.source.document_id)) say(`source ${p.source.document_id} not one of ${e.sources.join(', ')}`);
    if (p.history.status !== e.status) say(`status ${p.history.status} != ${e.status}`);
    const gaps = p.flags.filter((f) => f.code === 'HISTORY_GAP').map((f) => ({ from: f.from, to: f.to }));
    if (JSON.stringify(gaps) !== JSON.stringify(e.gaps)) say(`gaps ${JSON.stringify(gaps)} != ${JSON.stringify(e.gaps)}`);
    if (p.flags.some((f) => f.code === 'SOURCES_DISAGREE' || f.code === 'FIGURE_MISSING')) say(`unexpected flag ${p.flags.map((f) => f.code).join(',')}`);
    const txs = c.transactions.filter((t) => t.position_id === p.id).map(transactionIdentity).sort();
    if (JSON.stringify(txs) !== JSON.stringify(e.transactions)) say(`history ${txs.length} rows != ${e.transactions.length} (${txs.filter((t) => !e.transactions.includes(t)).slice(0, 2).join('; ')} / ${e.transactions.filter((t) => !txs.includes(t)).slice(0, 2).join('; ')})`);
    if (p.history.transactions !== e.transactions.length) say(`history count ${p.history.transactions}`);
    total += Math.round((p.market_value ?? NaN) * 100);
  }
  if (!found.length && Math.round(c.figures.total_market_value * 100) !== total) found.push(`total ${c.figures.total_market_value} != ${total / 100}`);
  return found;
}

describe('consolidation of random partial statements', () => {
  it(`${seeds.length} histories from seed ${seeds[0]}: exact positions, merged history, gaps and statuses`, () => {
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    for (const seed of seeds) {
      const h = randomHistory(seed);
      const c = consolidate(h.statements, { asOf: h.asOf });
      for (const p of c.positions) statuses.set(p.history.status, (statuses.get(p.history.status) ?? 0) + 1);
      const found = problems(h, c);
      if (found.length) failures.push(`seed ${seed} (FOLIODESK_VARIANT_SEED=${seed}): ${found.slice(0, 5).join(' | ')}`);
      if (failures.length >= 5) break;
    }
    expect(failures).toEqual([]);
    // The histories exercise every status (a run of a single seed may not).
    if (seeds.length >= 100) expect([...statuses.keys()].sort()).toEqual(['FULL_HISTORY', 'MISMATCH', 'PARTIAL_HISTORY', 'SNAPSHOT_ONLY']);
  });

  it('the answer does not depend on the order the statements come in', () => {
    for (const seed of seeds.slice(0, 50)) {
      const h = randomHistory(seed);
      const a = consolidate(h.statements, { asOf: h.asOf });
      const b = consolidate([...h.statements].reverse(), { asOf: h.asOf });
      const shape = (c: Consolidation) => c.positions.map((p) => [p.id, p.units, p.market_value, p.source.statement_date, p.history, p.flags]);
      expect({ seed, positions: shape(b), total: b.figures.total_market_value }).toEqual({ seed, positions: shape(a), total: a.figures.total_market_value });
    }
  });
});
