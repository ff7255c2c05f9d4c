/**
 * Gains of lots by the dated rules: each case names the provision it implements (docs/gains.md).
 */
import { describe, expect, it } from '@jest/globals';
import { computeGains, type GainsHolding, type RealisedLot } from '../../../src/modules/gains/index.js';
import { fmvOf, holding, scheme, tx } from './support/histories.js';

const EQ = scheme('INE000EQ0001', 'equity_oriented');
const DEBT = scheme('INE000DB0001', 'specified_mutual_fund');
const GOLD_ETF = scheme('INE000GE0001', ['specified_mutual_fund', 'other'], { listed: true });
const GOLD_FOF = scheme('INE000GF0001', ['specified_mutual_fund', 'other'], { listed: false });
const fmv = fmvOf({ [EQ.isin]: 80 });

const lotsOf = (holdings: GainsHolding[], fy: string): RealisedLot[] => computeGains({ holdings }, { fy, fmv }).realised.lots;
const pick = (l: RealisedLot) => ({ purchase_date: l.purchase_date, sale_date: l.sale_date, units: l.units, cost: l.cost, cost_of_acquisition: l.cost_of_acquisition, gain: l.gain, rule: l.rule.rule, term: l.rule.term, tax_class: l.rule.tax_class, rate: l.rule.rate });

describe('rules by date, one lot each', () => {
  it.each([
    {
      name: 's.111A: a short-term equity lot straddling 23 July 2024 — 15 % on 22 July, 20 % from 23 July (Finance (No. 2) Act, 2024 s.29)',
      h: holding(EQ, [tx('2024-03-01', 'purchase', 100, 10_000), tx('2024-07-22', 'redemption', -50, 5_600), tx('2024-07-23', 'redemption', -50, 5_700)]),
      fy: '2024-25',
      want: [
        { purchase_date: '2024-03-01', sale_date: '2024-07-22', units: 50, cost: 5_000, cost_of_acquisition: 5_000, gain: 600, rule: 'EQ_STCG_15', term: 'short', tax_class: 'equity_oriented', rate: 0.15 },
        { purchase_date: '2024-03-01', sale_date: '2024-07-23', units: 50, cost: 5_000, cost_of_acquisition: 5_000, gain: 700, rule: 'EQ_STCG_20', term: 'short', tax_class: 'equity_oriented', rate: 0.2 },
      ],
    },
    {
      name: 's.112A: a long-term equity lot straddling 23 July 2024 — 10 % on 22 July, 12.5 % from 23 July (FA (No. 2) 2024 s.31)',
      h: holding(EQ, [tx('2023-07-10', 'purchase', 100, 10_000), tx('2024-07-22', 'redemption', -50, 6_500), tx('2024-07-23', 'redemption', -50, 6_600)]),
      fy: '2024-25',
      want: [
        { purchase_date: '2023-07-10', sale_date: '2024-07-22', units: 50, cost: 5_000, cost_of_acquisition: 5_000, gain: 1_500, rule: 'EQ_LTCG_10', term: 'long', tax_class: 'equity_oriented', rate: 0.1 },
        { purchase_date: '2023-07-10', sale_date: '2024-07-23', units: 50, cost: 5_000, cost_of_acquisition: 5_000, gain: 1_600, rule: 'EQ_LTCG_12_5', term: 'long', tax_class: 'equity_oriented', rate: 0.125 },
      ],
    },
    {
      name: 's.55(2)(ac): a pre-2018 lot whose FMV (₹8,000) is above the sale value (₹7,000) — cost is the sale value, no gain',
      h: holding(EQ, [tx('2016-01-04', 'purchase', 100, 5_000), tx('2019-06-03', 'redemption', -100, 7_000)]),
      fy: '2019-20',
      want: [{ purchase_date: '2016-01-04', sale_date: '2019-06-03', units: 100, cost: 5_000, cost_of_acquisition: 7_000, gain: 0, rule: 'EQ_LTCG_10', term: 'long', tax_class: 'equity_oriented', rate: 0.1 }],
    },
    {
      name: 's.55(2)(ac): a pre-2018 lot whose FMV (₹8,000) is below the sale value (₹9,000) — cost is the FMV',
      h: holding(EQ, [tx('2016-01-04', 'purchase', 100, 5_000), tx('2019-06-03', 'redemption', -100, 9_000)]),
      fy: '2019-20',
      want: [{ purchase_date: '2016-01-04', sale_date: '2019-06-03', units: 100, cost: 5_000, cost_of_acquisition: 8_000, gain: 1_000, rule: 'EQ_LTCG_10', term: 'long', tax_class: 'equity_oriented', rate: 0.1 }],
    },
    {
      name: 's.55(2)(ac): a pre-2018 lot whose FMV and sale value are both below the actual cost — the actual cost, a loss',
      h: holding(EQ, [tx('2017-12-01', 'purchase', 100, 9_000), tx('2019-06-03', 'redemption', -100, 7_500)]),
      fy: '2019-20',
      want: [{ purchase_date: '2017-12-01', sale_date: '2019-06-03', units: 100, cost: 9_000, cost_of_acquisition: 9_000, gain: -1_500, rule: 'EQ_LTCG_10', term: 'long', tax_class: 'equity_oriented', rate: 0.1 }],
    },
    {
      name: 's.50AA: a specified fund bought on 31 March 2023 is not covered — taxed as other, short-term under 36 months (s.2(42A))',
      h: holding(DEBT, [tx('2023-03-31', 'purchase', 1_000, 10_000), tx('2024-06-03', 'redemption', -1_000, 10_800)]),
      fy: '2024-25',
      want: [{ purchase_date: '2023-03-31', sale_date: '2024-06-03', units: 1_000, cost: 10_000, cost_of_acquisition: 10_000, gain: 800, rule: 'OTHER_STCG_36M', term: 'short', tax_class: 'other', rate: null }],
    },
    {
      name: 's.50AA: a specified fund bought on 1 April 2023 and held 3 years is short-term at slab whatever the holding',
      h: holding(DEBT, [tx('2023-04-01', 'purchase', 1_000, 10_000), tx('2026-05-04', 'redemption', -1_000, 12_300)]),
      fy: '2026-27',
      want: [{ purchase_date: '2023-04-01', sale_date: '2026-05-04', units: 1_000, cost: 10_000, cost_of_acquisition: 10_000, gain: 2_300, rule: 'SMF_DEEMED_SHORT', term: 'short', tax_class: 'specified_mutual_fund', rate: null }],
    },
    {
      name: 's.112 with indexation (second proviso to s.48): a debt lot of FY 2019-20 (CII 289) sold in FY 2023-24 (CII 348)',
      h: holding(DEBT, [tx('2019-05-02', 'purchase', 1_000, 10_000), tx('2023-06-01', 'redemption', -1_000, 13_000)]),
      fy: '2023-24',
      want: [{ purchase_date: '2019-05-02', sale_date: '2023-06-01', units: 1_000, cost: 10_000, cost_of_acquisition: 12_041.52, gain: 958.48, rule: 'OTHER_LTCG_20_INDEXED', term: 'long', tax_class: 'other', rate: 0.2 }],
    },
    {
      name: 's.2(42A) first proviso, s.112 (FA (No. 2) 2024): a gold ETF (listed, other from FY 2025-26) held 13 months is long-term at 12.5 %',
      h: holding(GOLD_ETF, [tx('2024-08-01', 'purchase', 100, 6_000), tx('2025-09-02', 'redemption', -100, 8_000)]),
      fy: '2025-26',
      want: [{ purchase_date: '2024-08-01', sale_date: '2025-09-02', units: 100, cost: 6_000, cost_of_acquisition: 6_000, gain: 2_000, rule: 'OTHER_LTCG_LISTED_12_5', term: 'long', tax_class: 'other', rate: 0.125 }],
    },
    {
      name: 's.2(42A) (FA (No. 2) 2024): the same 13 months in an unlisted gold fund of funds is short-term (24 months needed)',
      h: holding(GOLD_FOF, [tx('2024-08-01', 'purchase', 100, 6_000), tx('2025-09-02', 'redemption', -100, 8_000)]),
      fy: '2025-26',
      want: [{ purchase_date: '2024-08-01', sale_date: '2025-09-02', units: 100, cost: 6_000, cost_of_acquisition: 6_000, gain: 2_000, rule: 'OTHER_STCG_UNLISTED_24M', term: 'short', tax_class: 'other', rate: null }],
    },
  ])('$name', ({ h, fy, want }) => {
    expect(lotsOf([h], fy).map(pick)).toEqual(want);
  });

  it('s.55(2)(ac): an ISIN without a NAV of 31 January 2018 gives a null cost and gain with FMV_UNKNOWN, never the actual cost', () => {
    const other = scheme('INE000EQ0099', 'equity_oriented');
    const [lot] = lotsOf([holding(other, [tx('2016-01-04', 'purchase', 100, 5_000), tx('2019-06-03', 'redemption', -100, 9_000)])], '2019-20');
    expect(lot.cost).toBe(5_000);
    expect(lot.cost_of_acquisition).toBeNull();
    expect(lot.gain).toBeNull();
    expect(lot.flags.map((f) => f.code)).toContain('FMV_UNKNOWN');
  });

  it('s.55(2)(ac) Explanation: a listed unit (equity ETF) takes the highest exchange price of 31 January 2018, not the NAV; none known gives FMV_UNKNOWN', () => {
    const etf = scheme('INE000EE0001', 'equity_oriented', { listed: true });
    const rows = [tx('2016-01-04', 'purchase', 100, 5_000), tx('2019-06-03', 'redemption', -100, 9_000)];
    const navOnly = computeGains({ holdings: [holding(etf, rows)] }, { fy: '2019-20', fmv: fmvOf({ [etf.isin]: 80 }) }).realised.lots[0];
    expect([navOnly.cost_of_acquisition, navOnly.gain]).toEqual([null, null]);
    expect(navOnly.flags.map((f) => f.code)).toContain('FMV_UNKNOWN');
    const priced = computeGains({ holdings: [holding(etf, rows)] }, { fy: '2019-20', fmv: fmvOf({ [etf.isin]: 80 }), fmvListed: fmvOf({ [etf.isin]: 70 }) }).realised.lots[0];
    expect([priced.fmv_nav_2018, priced.fmv_value_2018, priced.cost_of_acquisition, priced.gain]).toEqual([70, 7_000, 7_000, 2_000]);
  });

  it('s.48 second proviso: indexation needing a CII not notified (FY 2026-27) is not reached — transfers from 23 July 2024 have none', () => {
    const [lot] = lotsOf([holding(DEBT, [tx('2019-05-02', 'purchase', 1_000, 10_000), tx('2026-06-01', 'redemption', -1_000, 14_000)])], '2026-27');
    expect(lot.rule.rule).toBe('OTHER_LTCG_UNLISTED_12_5');
    expect(lot.gain).toBe(4_000);
  });
});

describe('s.112A exemption over the whole year', () => {
  it.each([
    {
      name: 'FY 2024-25: ₹1,25,000 on the aggregate of the 10 % (before 23 July) and 12.5 % gains, set against 12.5 % first',
      fy: '2024-25',
      rows: [tx('2022-01-03', 'purchase', 1_000, 100_000), tx('2024-06-03', 'redemption', -500, 110_000), tx('2024-08-01', 'redemption', -500, 140_000)],
      want: { limit: 125_000, ltcg: 150_000, applied: 125_000, taxable_at_10: 25_000, taxable_at_12_5: 0, remaining: 0 },
    },
    {
      name: 'FY 2023-24: ₹1,00,000, all at 10 %',
      fy: '2023-24',
      rows: [tx('2021-01-04', 'purchase', 1_000, 100_000), tx('2023-06-01', 'redemption', -1_000, 160_000)],
      want: { limit: 100_000, ltcg: 60_000, applied: 60_000, taxable_at_10: 0, taxable_at_12_5: 0, remaining: 40_000 },
    },
    {
      name: 'FY 2025-26: a 12.5 % loss set off against other 12.5 % gains before the limit (s.70(3))',
      fy: '2025-26',
      rows: [tx('2022-01-03', 'purchase', 100, 100_000), tx('2023-01-02', 'purchase', 100, 200_000), tx('2025-05-02', 'redemption', -100, 400_000), tx('2025-05-03', 'redemption', -100, 150_000)],
      want: { limit: 125_000, ltcg: 250_000, applied: 125_000, taxable_at_10: 0, taxable_at_12_5: 125_000, remaining: 0 },
    },
  ])('$name', ({ fy, rows, want }) => {
    const result = computeGains({ holdings: [holding(EQ, rows)] }, { fy, fmv });
    expect(result.realised.exemption_112a).toEqual(want);
  });

  it('an equity lot of unknown gain makes the year’s s.112A figures null, never a partial exemption', () => {
    const result = computeGains({ holdings: [holding(EQ, [tx('2024-06-03', 'redemption', -10, 1_000)], { opening_units: 10 })] }, { fy: '2024-25', fmv });
    expect(result.realised.exemption_112a).toEqual({ limit: 125_000, ltcg: null, applied: null, taxable_at_10: null, taxable_at_12_5: null, remaining: null });
  });
});

describe('advance-tax split (s.211 instalments; s.234C first proviso)', () => {
  it('puts each sale in the period up to 15 June, 15 September, 15 December, 15 March or 31 March it falls in', () => {
    const rows = [
      tx('2024-01-02', 'purchase', 500, 50_000),
      tx('2025-06-15', 'redemption', -100, 11_000),
      tx('2025-06-16', 'redemption', -100, 12_000),
      tx('2025-12-15', 'redemption', -100, 13_000),
      tx('2026-03-15', 'redemption', -100, 14_000),
      tx('2026-03-16', 'redemption', -100, 15_000),
    ];
    const result = computeGains({ holdings: [holding(EQ, rows)] }, { fy: '2025-26', fmv });
    const equityLtcg = result.realised.advance_tax.map((p) => [p.period, p.to, p.by_tax_class.find((c) => c.tax_class === 'equity_oriented')!.long_term.gain]);
    expect(equityLtcg).toEqual([
      ['upto_15_jun', '2025-06-15', 1_000],
      ['upto_15_sep', '2025-09-15', 2_000],
      ['upto_15_dec', '2025-12-15', 3_000],
      ['upto_15_mar', '2026-03-15', 4_000],
      ['upto_31_mar', '2026-03-31', 5_000],
    ]);
  });
});
