/**
 * Random report inputs for layout tests: 1 to 60 holdings, scheme names up to ~120 characters, long
 * folio and demat account ids, mutual funds and demat holdings mixed, several asset classes, notes on
 * many rows (stale NAVs, missing figures, incomplete histories, disagreeing sources), up to 40 sales in
 * the year (some of unknown gain), open lots for some holdings, XIRRs known and not, and households of
 * 1 to 4 members. Asked for as the adviser's copy half the time. The same seed always draws the same report.
 */
import type { PositionDto } from '../../../src/modules/portfolio/index.js';
import type { MemberFigures, ReportGains, ReportInput } from '../../../src/modules/reports/document/report-model.js';
import { openLot, position, realisedLot, sampleGains, sampleReportInput } from './portfolio-sample.js';

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof random>;

const AMCS = ['HDFC', 'ICICI Prudential', 'Aditya Birla Sun Life', 'Mirae Asset', 'Nippon India', 'Kotak Mahindra', 'SBI', 'Axis', 'UTI', 'Parag Parikh'];
const WORDS = ['Flexi Cap', 'Large & Midcap', 'Balanced Advantage', 'Corporate Bond', 'Nifty 50 Index', 'Banking and PSU Debt', 'Equity Savings', 'Small Cap', 'Dynamic Asset Allocation', 'Retirement Savings - Progressive Plan', 'Fixed Maturity Plan - Series XLII - 1213 Days', 'Multi Asset Allocation', 'Gilt'];
const PLANS = ['Direct Plan - Growth', 'Regular Plan - Growth', 'Direct Plan - IDCW Payout', 'Regular Plan - Income Distribution cum Capital Withdrawal Option - Reinvestment'];
const STOCKS = ['Reliance Industries Limited', 'Housing Development Finance Corporation Limited', 'Tata Consultancy Services Ltd', 'ITC', 'Bajaj Finance Limited - Equity Shares of Face Value Rs. 2 Each Fully Paid Up'];
const CLASSES = ['Equity', 'Debt', 'Hybrid', 'Other', null] as const;
const NAMES = ['Priya Sharma', 'Rahul Sharma', 'Anika Sharma', 'Venkataraghavan Subramaniam Iyer Chandrasekharan', 'Meera'];
const RELATIONSHIPS = ['self', 'spouse', 'child', 'parent'];

const isin = (r: Random, demat: boolean) => `IN${demat ? 'E' : 'F'}${Array.from({ length: 8 }, () => r.pick([...'ABCDEFGHJK0123456789'])).join('')}${r.int(0, 9)}`;

function schemeName(r: Random, demat: boolean): string {
  if (demat) return r.pick(STOCKS);
  let name = `${r.pick(AMCS)} ${r.pick(WORDS)} Fund - ${r.pick(PLANS)}`;
  // Up to ~120 characters.
  while (name.length < 120 && r.chance(0.3)) name = `${name} ${r.pick(WORDS)}`;
  return name.slice(0, 120);
}

const money = (r: Random, max: number) => Math.round(r.next() * max * 100) / 100;

function randomPosition(r: Random, i: number, investor: { name: string; pan: string }, allWide: boolean): PositionDto {
  const demat = r.chance(0.3);
  // Up to ₹100 crore a holding; now and then a figure far wider (the widest cells set the columns).
  const wide = r.chance(0.03);
  const units = Math.round((allWide ? 1 + r.next() : r.next()) * 10 ** (allWide ? 7 : r.int(1, wide ? 8 : 5)) * 1000) / 1000;
  const nav = Math.round((allWide ? 1 + r.next() : r.next()) * 10 ** (allWide ? 4 : r.int(1, wide ? 5 : 4)) * 10000) / 10000;
  const value = r.chance(0.05) ? null : Math.round(units * nav * 100) / 100;
  const cost = r.chance(0.2) ? null : money(r, (value ?? 1000) * 1.5);
  const stale = r.chance(0.3);
  const missing = cost === null && r.chance(0.5);
  const flags: PositionDto['flags'] = [
    ...(missing ? [{ code: 'FIGURE_MISSING' as const, message: 'not printed', fields: ['cost_value'] }] : []),
    ...(r.chance(0.2) ? [{ code: 'SOURCES_DISAGREE' as const, message: 'differ', fields: ['units', 'nav'] }] : []),
    ...(r.chance(0.15) ? [{ code: 'HISTORY_GAP' as const, message: 'gap', from: '2024-01-01', to: '2024-02-29' }] : []),
  ];
  const folio = demat ? null : r.chance(0.3) ? `${r.int(10 ** 9, 10 ** 10)} / ${r.int(10, 99)} / ${r.int(100, 999)}-JOINT` : `${r.int(1000, 99999999)} / ${r.int(1, 99)}`;
  const account = demat ? (r.chance(0.5) ? `IN30${r.int(10 ** 9, 10 ** 10)}${r.int(100000, 999999)}` : `12081600${r.int(10 ** 7, 10 ** 8)}`) : null;
  return position({
    id: `${investor.pan}|${i}`,
    kind: demat ? 'demat' : 'folio',
    investor,
    folio,
    account_id: account,
    isin: isin(r, demat),
    scheme_name: schemeName(r, demat),
    asset_class: demat ? 'Equity' : r.pick(CLASSES),
    units,
    nav,
    market_value: value,
    cost_value: cost,
    xirr: r.chance(0.6) ? Math.round((r.next() * 60 - 20) * 100) / 100 : null,
    xirr_reason: null,
    source: { document_id: 'd1', document_type: demat ? 'NSDL_CAS' : 'CAMS_DETAILED_CAS', statement_date: '2025-03-31', valuation_date: stale ? '2024-12-31' : '2025-03-31' },
    history: { status: r.pick(['FULL_HISTORY', 'FULL_HISTORY', 'PARTIAL_HISTORY', 'SNAPSHOT_ONLY', 'MISMATCH']), covered_from: '2020-01-01', covered_to: '2025-03-31', transactions: 3, rebuilt_units: units },
    flags,
  } as Partial<PositionDto> & { id: string });
}

const figuresOf = (positions: readonly PositionDto[]) => {
  const valued = positions.filter((p) => p.market_value !== null);
  const total = Math.round(valued.reduce((s, p) => s + p.market_value! * 100, 0)) / 100;
  const costKnown = valued.length > 0 && valued.every((p) => p.cost_value !== null);
  const cost = costKnown ? Math.round(valued.reduce((s, p) => s + p.cost_value! * 100, 0)) / 100 : null;
  const share = (c: string) => (total ? Math.round((valued.filter((p) => p.asset_class === c).reduce((s, p) => s + p.market_value!, 0) / total) * 10000) / 100 : 0);
  return {
    total_market_value: total,
    total_cost_value: cost,
    gain: cost === null ? null : Math.round((total - cost) * 100) / 100,
    gain_pct: cost ? Math.round(((total - cost) / cost) * 10000) / 100 : null,
    asset_allocation: { equity: share('Equity'), debt: share('Debt'), hybrid: share('Hybrid'), other: share('Other') },
    holdings_valued: valued.length,
    holdings_without_value: positions.length - valued.length,
    xirr: null,
    xirr_reason: 'NO_TRANSACTIONS',
    known: {
      holdings_with_cost: valued.filter((p) => p.cost_value !== null).length,
      market_value: 0,
      cost_value: 0,
      gain: 0,
      xirr: positions.some((p) => p.xirr !== null) ? 11.5 : null,
      xirr_holdings: positions.filter((p) => p.xirr !== null).length,
      xirr_holdings_of: positions.length,
    },
  };
};

/** A year's gains of some of `positions`: sales (a few of unknown gain) and open lots of some holdings. */
function gains(r: Random, positions: readonly PositionDto[]): ReportGains | null {
  if (r.chance(0.2) || !positions.length) return null;
  const lots = Array.from({ length: r.int(0, 40) }, () => {
    const p = r.pick(positions);
    const unknown = r.chance(0.15);
    const gain = money(r, 2e6) - 5e5;
    return realisedLot({
      position_id: p.id,
      folio: p.folio,
      scheme_name: p.scheme_name,
      isin: p.isin,
      sale_date: `2024-${String(r.int(4, 12)).padStart(2, '0')}-${String(r.int(10, 28))}`,
      units: Math.round(r.next() * 10 ** r.int(1, 6) * 1000) / 1000,
      sale_value: money(r, 1e7),
      gain: unknown ? null : gain,
      term: unknown && r.chance(0.5) ? null : r.pick(['short', 'long'] as const),
      tax_class: r.pick(['equity_oriented', 'specified_mutual_fund', 'other'] as const),
    });
  });
  const open = positions.filter((p) => p.units !== null && r.chance(0.3)).map((p) => openLot({ position_id: p.id, units: p.units, cost: money(r, 1e6) }));
  const exemption_112a = r.chance(0.5) ? { limit: 125000, ltcg: 1000, applied: 1000, taxable_at_10: 0, taxable_at_12_5: 0, remaining: r.chance(0.8) ? 124000 : null } : null;
  return sampleGains({ realised: { lots, exemption_112a }, unrealised: { lots: open } });
}

/**
 * A random client or household report input (about one in three is a household); `wide`: every
 * figure of every holding far wider than any real one (a table too wide for the page at its font).
 */
export function reportVariant(seed: number, options: { wide?: boolean } = {}): ReportInput {
  const wide = options.wide ?? false;
  const r = random(seed);
  const base = sampleReportInput();
  const holdings = r.int(1, 60);
  if (r.chance(0.65)) {
    const investor = { name: r.pick(NAMES), pan: 'ABCPS1234K' };
    const positions = Array.from({ length: holdings }, (_, i) => randomPosition(r, i, investor, wide));
    return {
      ...base,
      subject: { kind: 'client', name: investor.name, pan: investor.pan, gains: gains(r, positions) },
      audience: r.chance(0.5) ? 'adviser' : 'client',
      adviser: r.chance(0.7) ? r.pick(NAMES) : null,
      portfolio: { ...base.portfolio, positions, totals: figuresOf(positions) },
      params: { as_of: null, fy: r.chance(0.8) ? '2024-25' : null },
    };
  }
  const count = r.int(1, 4);
  const people = Array.from({ length: count }, (_, k) => ({ client_id: `cli_${k}`, name: `${r.pick(NAMES)} ${k + 1}`, pan: `ABCPM${1000 + k}K`, relationship: k === 0 ? 'self' : r.pick(RELATIONSHIPS.slice(1)) }));
  const positions = Array.from({ length: holdings }, (_, i) => {
    const who = r.pick(people);
    return randomPosition(r, i, { name: who.name, pan: who.pan }, wide);
  });
  const members: MemberFigures[] = people.map((p) => {
    const own = positions.filter((x) => x.investor.pan === p.pan);
    return { client_id: p.client_id, name: p.name, relationship: p.relationship, positions: own.length, totals: figuresOf(own) };
  });
  return {
    ...base,
    subject: { kind: 'household', name: `${r.pick(NAMES)} household`, members: people.map((p) => ({ client_id: p.client_id, pan: p.pan, gains: gains(r, positions.filter((x) => x.investor.pan === p.pan)) })) },
    audience: r.chance(0.5) ? 'adviser' : 'client',
    adviser: r.chance(0.7) ? r.pick(NAMES) : null,
    portfolio: { ...base.portfolio, positions, totals: figuresOf(positions), members },
    params: { as_of: null, fy: '2024-25' },
  };
}
