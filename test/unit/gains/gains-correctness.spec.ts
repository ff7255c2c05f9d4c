/**
 * Figures a chartered accountant would check to the paisa: indexation rounded exactly, the s.112A
 * harvesting figure under FIFO, and units that leave a holding by a row the engine cannot type.
 */
import { describe, expect, it } from '@jest/globals';
import { computeGains } from '../../../src/modules/gains/index.js';
import { fmvOf, holding, scheme, tx } from './support/histories.js';

const EQ = scheme('INE000EQ0001', 'equity_oriented');
const DEBT = scheme('INE000DB0001', 'specified_mutual_fund');
const fmv = fmvOf({});

describe('second proviso to s.48: the indexed cost to the paisa', () => {
  it('rounds cost × CII of the transfer year ÷ CII of the acquisition year half away from zero, exactly (₹10,031.73 × 289 ÷ 254 = ₹11,414.055 → ₹11,414.06)', () => {
    const h = holding(DEBT, [tx('2015-06-01', 'purchase', 1_000, 10_031.73), tx('2019-06-03', 'redemption', -1_000, 12_000)]);
    const [lot] = computeGains({ holdings: [h] }, { fy: '2019-20', fmv }).realised.lots;
    expect(lot.rule.rule).toBe('OTHER_LTCG_20_INDEXED');
    expect(lot.cost_of_acquisition).toBe(11_414.06);
    expect(lot.gain).toBe(585.94);
  });
});

describe('harvestable long-term gain under FIFO', () => {
  const valuation = { nav: 100, date: '2025-06-30' };

  it('counts no gain that can be realised only by first selling an older lot at a larger loss', () => {
    // Lot 1: 1,000 units at ₹150 (loss ₹50,000 at ₹100); lot 2: 1,000 units at ₹50 (gain ₹50,000).
    // Selling lot 2 sells lot 1 first: the most long-term gain realisable is nil.
    const h = holding(EQ, [tx('2020-01-06', 'purchase', 1_000, 150_000), tx('2021-01-04', 'purchase', 1_000, 50_000)], { valuation });
    const result = computeGains({ holdings: [h] }, { fy: '2025-26', fmv });
    expect(result.unrealised.lots.map((l) => l.gain)).toEqual([-50_000, 50_000]);
    expect(result.unrealised.harvestable_ltcg).toBe(0);
  });

  it('is the best FIFO prefix: a gain, then a smaller loss, then a gain', () => {
    const h = holding(
      EQ,
      [tx('2020-01-06', 'purchase', 100, 5_000), tx('2020-06-01', 'purchase', 100, 12_000), tx('2021-01-04', 'purchase', 100, 8_000)],
      { valuation },
    );
    // Gains at ₹100: +5,000, −2,000, +2,000; prefixes 5,000, 3,000, 5,000: at most ₹5,000.
    expect(computeGains({ holdings: [h] }, { fy: '2025-26', fmv }).unrealised.harvestable_ltcg).toBe(5_000);
  });

  it('stops at the first short-term lot (selling past it realises a short-term gain)', () => {
    const h = holding(EQ, [tx('2020-01-06', 'purchase', 100, 5_000), tx('2025-03-03', 'purchase', 100, 9_000), tx('2025-03-04', 'purchase', 0.001, 0.01)], { valuation });
    expect(computeGains({ holdings: [h] }, { fy: '2025-26', fmv }).unrealised.harvestable_ltcg).toBe(5_000);
  });

  it('is null when units of unknown cost are sold first (an opening balance the history does not show)', () => {
    const h = holding(EQ, [tx('2021-01-04', 'purchase', 100, 5_000, 50, 150)], { valuation, opening_units: null });
    const result = computeGains({ holdings: [h] }, { fy: '2025-26', fmv });
    expect(result.unrealised.lots.map((l) => l.gain)).toEqual([null, 5_000]);
    expect(result.unrealised.harvestable_ltcg).toBeNull();
  });
});

describe('units taken away by a row that does not say how', () => {
  it('a row of type other that removes units in the year makes the year’s totals unknown, never a complete-looking sum', () => {
    const h = holding(EQ, [tx('2023-05-02', 'purchase', 100, 10_000), tx('2025-05-05', 'redemption', -50, 6_000), tx('2025-06-02', 'other', -50, 6_500)]);
    const result = computeGains({ holdings: [h] }, { fy: '2025-26', fmv });
    const untyped = result.realised.lots.find((l) => l.transaction_type === 'other');
    expect(untyped).toMatchObject({ units: 50, sale_value: null, gain: null, cost: 5_000, purchase_date: '2023-05-02' });
    expect(untyped!.flags.map((f) => f.code)).toContain('UNITS_WITHOUT_TYPE');
    const equity = result.realised.by_tax_class.find((c) => c.tax_class === 'equity_oriented')!;
    expect(equity.long_term).toEqual({ gain: null, known_gain: 1_000, lots: 2, unknown_lots: 1 });
    expect(result.realised.exemption_112a.ltcg).toBeNull();
    expect(result.holdings[0].flags.map((f) => f.code)).toContain('UNITS_WITHOUT_TYPE');
  });

  it('an IDCW payout row that moves units is not passed off as a payout: flagged and its units unknown in value', () => {
    const h = holding(EQ, [tx('2023-05-02', 'purchase', 100, 10_000), tx('2025-05-05', 'idcw_payout', -10, 1_200)]);
    const [lot] = computeGains({ holdings: [h] }, { fy: '2025-26', fmv }).realised.lots;
    expect(lot).toMatchObject({ transaction_type: 'idcw_payout', units: 10, gain: null });
    expect(lot.flags.map((f) => f.code)).toContain('UNITS_WITHOUT_TYPE');
  });
});

describe('harvestable long-term gain when a holding is not valued', () => {
  it('is null when an equity-oriented holding with units open has no NAV to value them at', () => {
    const valued = holding(EQ, [tx('2020-01-06', 'purchase', 100, 5_000)], { valuation: { nav: 100, date: '2025-06-30' } });
    const notValued = holding(scheme('INE000EQ0002', 'equity_oriented'), [tx('2020-01-06', 'purchase', 100, 5_000)], { valuation: null });
    expect(computeGains({ holdings: [valued] }, { fy: '2025-26', fmv }).unrealised.harvestable_ltcg).toBe(5_000);
    expect(computeGains({ holdings: [valued, notValued] }, { fy: '2025-26', fmv }).unrealised.harvestable_ltcg).toBeNull();
  });

  it('is not made unknown by a debt holding without a NAV, nor by an equity holding sold out', () => {
    const valued = holding(EQ, [tx('2020-01-06', 'purchase', 100, 5_000)], { valuation: { nav: 100, date: '2025-06-30' } });
    const debt = holding(DEBT, [tx('2020-01-06', 'purchase', 100, 5_000)], { valuation: null });
    const soldOut = holding(scheme('INE000EQ0002', 'equity_oriented'), [tx('2020-01-06', 'purchase', 100, 5_000), tx('2024-01-08', 'redemption', -100, 9_000)], { valuation: null });
    expect(computeGains({ holdings: [valued, debt, soldOut] }, { fy: '2025-26', fmv }).unrealised.harvestable_ltcg).toBe(5_000);
  });
});

describe('a merger of an equity-oriented scheme with one that is not (outside s.47(xviii))', () => {
  const BALANCED = scheme('INE000BH0001', 'other');
  const merge = (inAmount: number | null, outAmount: number | null) => [
    holding(EQ, [tx('2019-05-02', 'purchase', 100, 10_000, 100), tx('2024-09-02', 'merger', -100, outAmount)]),
    holding(BALANCED, [tx('2024-09-02', 'merger', 80, inAmount, 200), tx('2025-06-02', 'redemption', -80, 17_000)]),
  ];

  it('is a transfer: the old lots are realised at the merger’s value, the new units acquired that day at that cost', () => {
    const mergerYear = computeGains({ holdings: merge(16_000, 16_000) }, { fy: '2024-25', fmv });
    expect(mergerYear.realised.lots).toHaveLength(1);
    expect(mergerYear.realised.lots[0]).toMatchObject({ transaction_type: 'merger', isin: EQ.isin, purchase_date: '2019-05-02', sale_date: '2024-09-02', units: 100, cost: 10_000, sale_value: 16_000, gain: 6_000 });
    expect(mergerYear.realised.lots[0].rule.rule).toBe('EQ_LTCG_12_5');

    const [sold] = computeGains({ holdings: merge(16_000, 16_000) }, { fy: '2025-26', fmv }).realised.lots;
    expect(sold).toMatchObject({ isin: BALANCED.isin, purchase_date: '2024-09-02', units: 80, cost: 16_000, gain: 1_000 });
    expect(sold.rule.rule).toBe('OTHER_STCG_UNLISTED_24M');
  });

  it('with no value printed: the gain of the old lots and the cost of the new are unknown, never the carried cost', () => {
    const mergerYear = computeGains({ holdings: merge(null, null) }, { fy: '2024-25', fmv });
    expect(mergerYear.realised.lots[0]).toMatchObject({ transaction_type: 'merger', sale_value: null, gain: null });
    const [sold] = computeGains({ holdings: merge(null, null) }, { fy: '2025-26', fmv }).realised.lots;
    expect(sold).toMatchObject({ purchase_date: '2024-09-02', cost: null, gain: null });
    expect(sold.flags.map((f) => f.code)).toContain('COST_UNKNOWN');
  });
});

describe('units printed with 4 decimals (some registrars do)', () => {
  it('a full sale of two 4-decimal purchases takes exactly their units and cost: nothing left open, no paisa lost', () => {
    const h = holding(
      EQ,
      [tx('2024-05-02', 'purchase', 10.1235, 1_000, 98.78, 10.1235), tx('2024-06-03', 'purchase', 10.1235, 1_000, 98.78, 20.247), tx('2025-06-02', 'redemption', -20.247, 2_500, 123.47, 0)],
      { valuation: { nav: 130, date: '2025-06-30' } },
    );
    const result = computeGains({ holdings: [h] }, { fy: '2025-26', fmv });
    expect(result.realised.lots.map((l) => [l.units, l.cost])).toEqual([
      [10.1235, 1_000],
      [10.1235, 1_000],
    ]);
    expect(result.realised.lots.reduce((t, l) => t + l.sale_value!, 0)).toBe(2_500);
    expect(result.holdings[0].units_open).toBe(0);
    expect(result.unrealised.lots).toEqual([]);
  });
});

describe('stamp duty of a purchase that was reversed', () => {
  it('leaves with the purchase: it is not added to the cost of another purchase of the same day', () => {
    const h = holding(EQ, [
      tx('2025-05-02', 'sip_purchase', 10, 1_000),
      tx('2025-05-02', 'stamp_duty', null, 0.05),
      tx('2025-05-02', 'purchase', 50, 5_000),
      tx('2025-05-02', 'stamp_duty', null, 0.25),
      tx('2025-05-06', 'reversal', -50, 5_000),
      tx('2025-07-01', 'redemption', -10, 1_100),
    ]);
    const [lot] = computeGains({ holdings: [h] }, { fy: '2025-26', fmv }).realised.lots;
    expect(lot).toMatchObject({ units: 10, cost: 1_000.05, stamp_duty: 0.05, gain: 99.95 });
  });
});
