/**
 * The parts of the gains API around the lots engine: the `fy` parameter, a position's scheme facts and
 * valuation NAV, a household's totals, and the export tables (the Schedule 112A columns).
 */
import { describe, expect, it } from '@jest/globals';
import { AppException } from '../../../src/common/errors/app.exception.js';
import { gainsExportTable, SCHEDULE_112A_COLUMNS } from '../../../src/modules/gains/export/gains-export-table.js';
import { parseFinancialYear } from '../../../src/modules/gains/financial-year.js';
import { gainsOf } from '../../../src/modules/gains/gains-of.js';
import type { GainsByTaxClass, GainsTotal, RealisedLot } from '../../../src/modules/gains/gains.types.js';
import { addByTaxClass, sumOrNull } from '../../../src/modules/gains/household-totals.js';
import { schemeOf, valuationOf, type NavLookup } from '../../../src/modules/gains/scheme-facts.js';
import type { Consolidation, MergedTransaction, Position } from '../../../src/modules/portfolio/index.js';

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppException ? e.code : String(e);
  }
};

describe('parseFinancialYear', () => {
  it.each([
    ['2025-26', { fy: '2025-26', from: '2025-04-01', to: '2026-03-31' }],
    ['2018-19', { fy: '2018-19', from: '2018-04-01', to: '2019-03-31' }],
    ['2099-00', { fy: '2099-00', from: '2099-04-01', to: '2100-03-31' }],
  ])('%s is the year from 1 April to 31 March', (fy, expected) => {
    expect(parseFinancialYear(fy)).toEqual(expected);
  });

  it.each([
    ['missing', undefined],
    ['years not consecutive', '2025-27'],
    ['the same year twice', '2025-25'],
    ['four-digit end year', '2025-2026'],
    ['a date', '2025-04-01'],
    ['reversed', '26-2025'],
    ['a number', 2025],
    ['words', 'FY25'],
  ])('%s: 400 FINANCIAL_YEAR_INVALID', (_name, fy) => {
    expect(codeOf(() => parseFinancialYear(fy))).toBe('FINANCIAL_YEAR_INVALID');
  });

  it('a year before the rules table (2017-18): 422 FINANCIAL_YEAR_UNSUPPORTED', () => {
    expect(codeOf(() => parseFinancialYear('2017-18'))).toBe('FINANCIAL_YEAR_UNSUPPORTED');
  });
});

const position = (over: Partial<Position> = {}): Position =>
  ({
    id: 'f|ABCPK1234F|1234567/89|INF179K01BB8',
    kind: 'folio',
    investor: { name: 'A', pan: 'ABCPK1234F' },
    folio: '1234567/89',
    account_id: null,
    isin: 'INF179K01BB8',
    scheme_name: 'HDFC Flexi Cap Fund - Direct Plan - Growth',
    amc: 'HDFC Mutual Fund',
    asset_class: 'Equity',
    units: 10,
    nav: 100.5,
    market_value: 1005,
    cost_value: null,
    xirr: null,
    xirr_reason: null,
    source: { document_id: 'd', document_type: 'CAMS_DETAILED_CAS', statement_date: '2026-03-31', valuation_date: '2026-03-31' },
    seen_in: [],
    history: { status: 'FULL_HISTORY', covered_from: null, covered_to: null, transactions: 0, rebuilt_units: null },
    flags: [],
    ...over,
  }) as Position;

const lookupOf =
  (records: Record<string, { category: string | null; nav: number | null; nav_date: string | null }>): NavLookup =>
  (isin) =>
    records[isin];

describe('schemeOf: the tax class from the NAV source’s category', () => {
  it('an equity category from the NAV source: equity-oriented, not defaulted', () => {
    const s = schemeOf(position(), lookupOf({ INF179K01BB8: { category: 'Open Ended Schemes(Equity Scheme - Flexi Cap Fund)', nav: null, nav_date: null } }));
    expect(s.category).toBe('Open Ended Schemes(Equity Scheme - Flexi Cap Fund)');
    expect(s.tax_class).toMatchObject({ untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', defaulted: false, basis: 'category' });
  });

  it('no NAV source: the category is null and the class is defaulted from the asset class', () => {
    const s = schemeOf(position({ asset_class: 'Debt' }), null);
    expect(s.category).toBeNull();
    expect(s.tax_class).toMatchObject({ untilFy2025: 'specified_mutual_fund', defaulted: true, basis: 'default' });
  });

  it('an ETF is listed', () => {
    const s = schemeOf(position({ scheme_name: 'Nippon India ETF Gold BeES', isin: 'INF204KB17I5', asset_class: 'Other' }), lookupOf({ INF204KB17I5: { category: 'Open Ended Schemes(Other Scheme - Gold ETF)', nav: 70, nav_date: '2026-03-31' } }));
    expect(s.tax_class.listed).toBe(true);
  });
});

describe('valuationOf: the latest statement’s NAV, or the NAV source’s when newer', () => {
  it('the statement’s NAV and date when the NAV source is off', () => {
    expect(valuationOf(position(), null)).toEqual({ nav: 100.5, date: '2026-03-31', source: 'statement' });
  });
  it('the NAV source’s when it is newer', () => {
    expect(valuationOf(position(), lookupOf({ INF179K01BB8: { category: null, nav: 101.25, nav_date: '2026-04-15' } }))).toEqual({ nav: 101.25, date: '2026-04-15', source: 'nav_source' });
  });
  it('the statement’s when the NAV source is older or the same day', () => {
    expect(valuationOf(position(), lookupOf({ INF179K01BB8: { category: null, nav: 99, nav_date: '2026-03-31' } }))?.source).toBe('statement');
  });
  it('the NAV source’s when the statement prints no NAV', () => {
    expect(valuationOf(position({ nav: null }), lookupOf({ INF179K01BB8: { category: null, nav: 99, nav_date: '2026-01-31' } }))).toEqual({ nav: 99, date: '2026-01-31', source: 'nav_source' });
  });
  it('null (not 0) when neither has a NAV', () => {
    expect(valuationOf(position({ nav: null }), lookupOf({ INF179K01BB8: { category: null, nav: null, nav_date: null } }))).toBeNull();
  });
});

describe('household totals', () => {
  const total = (gain: number | null, known = gain ?? 0, lots = 1): GainsTotal => ({ gain, known_gain: known, lots, unknown_lots: gain === null ? 1 : 0 });
  const row = (taxClass: GainsByTaxClass['tax_class'], st: GainsTotal, lt: GainsTotal): GainsByTaxClass => ({ tax_class: taxClass, short_term: st, long_term: lt });

  it('adds the members’ figures in paise, by tax class', () => {
    const [eq] = addByTaxClass([[row('equity_oriented', total(0.1), total(1000.15))], [row('equity_oriented', total(0.2), total(2000.2))]]);
    expect(eq).toEqual({ tax_class: 'equity_oriented', short_term: { gain: 0.3, known_gain: 0.3, lots: 2, unknown_lots: 0 }, long_term: { gain: 3000.35, known_gain: 3000.35, lots: 2, unknown_lots: 0 } });
  });

  it('an unknown member figure makes the sum null, the known part kept beside it', () => {
    const [eq] = addByTaxClass([[row('equity_oriented', total(null, 50), total(10))], [row('equity_oriented', total(25), total(10))]]);
    expect(eq.short_term).toEqual({ gain: null, known_gain: 75, lots: 2, unknown_lots: 1 });
  });

  it('a class no member has: no lots, no gain', () => {
    const byClass = addByTaxClass([[row('equity_oriented', total(1), total(1))]]);
    expect(byClass.find((r) => r.tax_class === 'other')).toEqual({ tax_class: 'other', short_term: { gain: 0, known_gain: 0, lots: 0, unknown_lots: 0 }, long_term: { gain: 0, known_gain: 0, lots: 0, unknown_lots: 0 } });
  });

  it('sumOrNull: null when any is null', () => {
    expect(sumOrNull([1.1, 2.2])).toBe(3.3);
    expect(sumOrNull([1, null])).toBeNull();
  });
});

const rule = (over: Partial<RealisedLot['rule']> = {}): RealisedLot['rule'] => ({
  rule: 'EQ_LTCG_12_5',
  term: 'long',
  tax_class: 'equity_oriented',
  rate: 0.125,
  slab: false,
  indexation: false,
  grandfathered: false,
  act: '1961',
  section: '112A',
  ...over,
});

const lot = (over: Partial<RealisedLot> = {}): RealisedLot => ({
  position_id: 'p',
  folio: '1234567/89',
  investor_pan: 'ABCPK1234F',
  scheme_name: 'HDFC Flexi Cap Fund - Direct Plan - Growth',
  isin: 'INF179K01BB8',
  transaction_type: 'redemption',
  purchase_type: 'purchase',
  purchase_date: '2023-05-10',
  sale_date: '2025-06-12',
  units: 100,
  purchase_nav: 100,
  sale_nav: 150,
  cost: 10000,
  stamp_duty: 0.5,
  stt: 1.5,
  sale_value: 15000,
  fmv_nav_2018: null,
  fmv_value_2018: null,
  cost_of_acquisition: 10000,
  gain: 5000,
  rule: rule(),
  financial_year: '2025-26',
  advance_tax_period: 'upto_15_jun',
  flags: [],
  ...over,
});

describe('the gains export tables', () => {
  const cells = (sheet: 'detailed' | 'schedule_112a', lots: RealisedLot[]) => {
    const t = gainsExportTable(sheet, lots);
    return t.rows.map((r) => Object.fromEntries(t.fields.map((f, i) => [f.key, r[i]])));
  };

  it('detailed: one row per realised lot, every lot', () => {
    const lots = [lot(), lot({ rule: rule({ rule: 'EQ_STCG_20', term: 'short', rate: 0.2, section: '111A' }), gain: 12.34 }), lot({ gain: null, cost: null, cost_of_acquisition: null, flags: [{ code: 'HISTORY_INCOMPLETE', message: 'm' }] })];
    const rows = cells('detailed', lots);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ isin: 'INF179K01BB8', term: 'short', rule: 'EQ_STCG_20', rate: 20, section: '111A', gain: 12.34 });
    expect(rows[2]).toMatchObject({ gain: null, cost: null, flags: 'HISTORY_INCOMPLETE' });
  });

  it('Schedule 112A: the fourteen columns of the return in order, long-term equity-oriented lots only', () => {
    const t = gainsExportTable('schedule_112a', [lot(), lot({ rule: rule({ term: 'short', rule: 'EQ_STCG_20' }) }), lot({ rule: rule({ tax_class: 'other', rule: 'OTHER_LTCG_UNLISTED_12_5', section: '112' }) })]);
    expect(t.fields.map((f) => /\(([0-9a-z]+)\)$/.exec(f.label)?.[1])).toEqual(['1a', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14']);
    expect(t.rows).toHaveLength(1);
    expect(SCHEDULE_112A_COLUMNS).toHaveLength(14);
  });

  it('Schedule 112A, a unit bought after January 2018: AE, no FMV columns, balance = sale value − cost', () => {
    const [row] = cells('schedule_112a', [lot()]);
    expect(row).toEqual({
      share_unit_acquired: 'AE',
      isin: 'INF179K01BB8',
      name: 'HDFC Flexi Cap Fund - Direct Plan - Growth',
      units: 100,
      sale_price_per_unit: 150,
      full_value_of_consideration: 15000,
      cost_without_indexation: 10000,
      cost_of_acquisition: 10000,
      acquired_before_2018_02_01: null,
      fmv_per_unit_2018_01_31: null,
      total_fmv: null,
      expenditure: null,
      total_deductions: 10000,
      balance: 5000,
    });
  });

  it('Schedule 112A, a grandfathered unit whose FMV is above the sale value: (9) is the sale value, (7) the higher of (8) and (9)', () => {
    const gf = lot({ purchase_date: '2017-06-01', cost: 8000, fmv_nav_2018: 160, fmv_value_2018: 16000, cost_of_acquisition: 15000, gain: 0, rule: rule({ grandfathered: true }) });
    const [row] = cells('schedule_112a', [gf]);
    expect(row).toMatchObject({ share_unit_acquired: 'BE', cost_of_acquisition: 8000, acquired_before_2018_02_01: 15000, fmv_per_unit_2018_01_31: 160, total_fmv: 16000, cost_without_indexation: 15000, balance: 0 });
  });

  it('Schedule 112A, a grandfathered unit whose FMV is unknown: (9), (7), (13) and (14) empty, never 0', () => {
    const gf = lot({ purchase_date: '2017-06-01', fmv_nav_2018: null, fmv_value_2018: null, cost_of_acquisition: null, gain: null, flags: [{ code: 'FMV_UNKNOWN', message: 'm' }] });
    const [row] = cells('schedule_112a', [gf]);
    expect(row).toMatchObject({ acquired_before_2018_02_01: null, total_fmv: null, cost_without_indexation: null, total_deductions: null, balance: null });
  });
});

describe('gainsOf: an investor’s year from their consolidation', () => {
  const full = position({ units: 60, nav: 120, history: { status: 'FULL_HISTORY', covered_from: '2023-04-01', covered_to: '2026-03-31', transactions: 2, rebuilt_units: 60 } });
  const snapshot = position({ id: 'f|ABCPK1234F|999/1|INF109K01Z48', folio: '999/1', isin: 'INF109K01Z48', scheme_name: 'ICICI Prudential Bluechip Fund - Growth', units: 42.5, nav: 80, history: { status: 'SNAPSHOT_ONLY', covered_from: null, covered_to: null, transactions: 0, rebuilt_units: null } });
  const tx = (date: string, type: MergedTransaction['type'], units: number, amount: number, nav: number): MergedTransaction => ({
    date,
    type,
    description: type,
    amount,
    units,
    nav,
    balance_units: null,
    position_id: full.id,
    folio: full.folio,
    account_id: null,
    isin: full.isin,
    scheme_name: full.scheme_name,
    investor_pan: 'ABCPK1234F',
    document_ids: ['d'],
  });
  const consolidation: Consolidation = {
    as_of: null,
    statement_date: '2026-03-31',
    positions: [full, snapshot],
    figures: {} as Consolidation['figures'],
    documents: [],
    transactions: [tx('2023-05-10', 'purchase', 100, 10000, 100), tx('2025-06-12', 'redemption', -40, -4800, 120)],
  };
  const lookup = lookupOf({ [full.isin]: { category: 'Open Ended Schemes(Equity Scheme - Flexi Cap Fund)', nav: null, nav_date: null } });
  // Bought in 2023: no lot is grandfathered, so no FMV of 31 January 2018 is asked for.
  const noFmv = () => null;
  const g = gainsOf(consolidation, parseFinancialYear('2025-26'), lookup, noFmv);

  it('computes the full history’s lots with its category’s class and the statement’s valuation', () => {
    expect(g.realised.lots.map((l) => [l.units, l.cost, l.sale_value, l.gain, l.rule.rule])).toEqual([[40, 4000, 4800, 800, 'EQ_LTCG_12_5']]);
    expect(g.holdings.find((h) => h.position_id === full.id)).toMatchObject({ category: 'Open Ended Schemes(Equity Scheme - Flexi Cap Fund)', valuation: { nav: 120, date: '2026-03-31', source: 'statement' }, flags: [] });
    expect(g).toMatchObject({ fy: '2025-26', period: { from: '2025-04-01', to: '2026-03-31' }, statement_date: '2026-03-31' });
  });

  it('a position with no transactions on any statement: all its units unseen, HISTORY_INCOMPLETE on it and on the answer, nothing realised or valued', () => {
    const h = g.holdings.find((x) => x.position_id === snapshot.id)!;
    expect(h).toMatchObject({ units_open: 42.5, units_unseen: 42.5, tax_class: { defaulted: true } });
    expect(h.flags.map((f) => f.code)).toEqual(['HISTORY_INCOMPLETE']);
    expect(g.flags.map((f) => f.code)).toContain('HISTORY_INCOMPLETE');
    expect(g.unrealised.lots.some((l) => l.position_id === snapshot.id)).toBe(false);
  });

  it('harvestable LTCG is null while an equity-oriented position’s units are all unseen (they are the oldest: selling reaches them first); known without it', () => {
    expect(g.holdings.find((x) => x.position_id === snapshot.id)!.tax_class.fromFy2026).toBe('equity_oriented');
    expect(g.unrealised.harvestable_ltcg).toBeNull();
    const alone = gainsOf({ ...consolidation, positions: [full] }, parseFinancialYear('2025-26'), lookup, noFmv);
    expect(alone.unrealised.harvestable_ltcg).toBe(1_200);
  });
});
