/**
 * The lots engine over each kind of transaction: what opens a lot, what closes one, what carries one
 * into another holding, and what the history cannot show. Each case names its provision.
 */
import { describe, expect, it } from '@jest/globals';
import { computeGains, type GainsInput, type RealisedLot } from '../../../src/modules/gains/index.js';
import { fmvOf, holding, scheme, tx } from './support/histories.js';

const EQ_A = scheme('INE000EQ000A', 'equity_oriented');
const EQ_B = scheme('INE000EQ000B', 'equity_oriented');
const LIQUID = scheme('INE000LQ0001', 'specified_mutual_fund');
const DEBT_MAIN = scheme('INE000DM0001', 'specified_mutual_fund');
const DEBT_SEG = scheme('INE000DS0001', 'specified_mutual_fund');
const fmv = fmvOf({});

const run = (input: GainsInput, fy: string) => computeGains(input, { fy, fmv });
const codes = (l: { flags: Array<{ code: string }> }) => l.flags.map((f) => f.code);
const brief = (l: RealisedLot) => ({ isin: l.isin, type: l.transaction_type, purchase_type: l.purchase_type, purchase_date: l.purchase_date, units: l.units, cost: l.cost, sale_value: l.sale_value, gain: l.gain, rule: l.rule.rule });

describe('lots: what opens and closes them (FIFO per folio and scheme)', () => {
  it('switch: a switch-out realises a gain in the scheme left (s.2(47) transfer); the switch-in opens a lot dated the switch', () => {
    const result = run(
      {
        holdings: [
          holding(EQ_A, [tx('2023-01-02', 'purchase', 100, 10_000), tx('2024-09-02', 'switch_out', -100, 13_000)]),
          holding(EQ_B, [tx('2024-09-02', 'switch_in', 260, 13_000), tx('2025-01-06', 'redemption', -260, 12_000)]),
        ],
      },
      '2024-25',
    );
    expect(result.realised.lots.map(brief)).toEqual([
      { isin: EQ_A.isin, type: 'switch_out', purchase_type: 'purchase', purchase_date: '2023-01-02', units: 100, cost: 10_000, sale_value: 13_000, gain: 3_000, rule: 'EQ_LTCG_12_5' },
      { isin: EQ_B.isin, type: 'redemption', purchase_type: 'switch_in', purchase_date: '2024-09-02', units: 260, cost: 13_000, sale_value: 12_000, gain: -1_000, rule: 'EQ_STCG_20' },
    ]);
  });

  it('STP: each STP-out of a liquid fund (s.50AA, bought after 1 April 2023) is a short-term transfer at slab; each STP-in opens a lot', () => {
    const result = run(
      {
        holdings: [
          holding(LIQUID, [tx('2024-04-01', 'purchase', 30, 90_000), tx('2024-05-02', 'stp_out', -10, 30_200), tx('2024-06-03', 'stp_out', -10, 30_400)]),
          holding(EQ_B, [tx('2024-05-02', 'stp_in', 300, 30_200), tx('2024-06-03', 'stp_in', 290, 30_400)]),
        ],
      },
      '2024-25',
    );
    expect(result.realised.lots.map((l) => [l.transaction_type, l.units, l.cost, l.gain, l.rule.rule])).toEqual([
      ['stp_out', 10, 30_000, 200, 'SMF_DEEMED_SHORT'],
      ['stp_out', 10, 30_000, 400, 'SMF_DEEMED_SHORT'],
    ]);
    expect(result.holdings[1].units_open).toBe(590);
  });

  it('SWP: withdrawals close the oldest lots first, one sale split across two lots', () => {
    const result = run({ holdings: [holding(EQ_A, [tx('2022-04-01', 'purchase', 10, 1_000), tx('2022-05-02', 'purchase', 10, 1_200), tx('2024-04-15', 'swp', -15, 2_250)])] }, '2024-25');
    expect(result.realised.lots.map(brief)).toEqual([
      { isin: EQ_A.isin, type: 'swp', purchase_type: 'purchase', purchase_date: '2022-04-01', units: 10, cost: 1_000, sale_value: 1_500, gain: 500, rule: 'EQ_LTCG_10' },
      { isin: EQ_A.isin, type: 'swp', purchase_type: 'purchase', purchase_date: '2022-05-02', units: 5, cost: 600, sale_value: 750, gain: 150, rule: 'EQ_LTCG_10' },
    ]);
  });

  it('IDCW reinvestment: the reinvested amount is the cost of a lot acquired on the reinvestment date (s.48)', () => {
    const result = run({ holdings: [holding(EQ_A, [tx('2024-01-01', 'purchase', 100, 1_000), tx('2024-03-01', 'idcw_reinvestment', 5, 60), tx('2025-02-03', 'redemption', -105, 1_365)])] }, '2024-25');
    expect(result.realised.lots.map((l) => [l.purchase_type, l.purchase_date, l.units, l.cost, l.gain, l.rule.rule])).toEqual([
      ['purchase', '2024-01-01', 100, 1_000, 300, 'EQ_LTCG_12_5'],
      ['idcw_reinvestment', '2024-03-01', 5, 60, 5, 'EQ_STCG_20'],
    ]);
  });

  it('bonus: bonus units cost nil (s.55(2)(aa)(iiia)) and are acquired on the allotment date', () => {
    const result = run({ holdings: [holding(EQ_A, [tx('2020-01-06', 'purchase', 100, 1_000), tx('2020-03-02', 'bonus', 100, null), tx('2024-04-02', 'redemption', -200, 3_000)])] }, '2024-25');
    expect(result.realised.lots.map((l) => [l.purchase_type, l.purchase_date, l.units, l.cost, l.gain])).toEqual([
      ['purchase', '2020-01-06', 100, 1_000, 500],
      ['bonus', '2020-03-02', 100, 0, 1_500],
    ]);
  });

  it('bonus stripping (s.94(8)): a loss on units bought within 3 months before a bonus and sold within 9 months after is flagged', () => {
    const result = run({ holdings: [holding(EQ_A, [tx('2020-01-06', 'purchase', 100, 1_000), tx('2020-03-02', 'bonus', 100, null), tx('2020-05-04', 'redemption', -100, 600)])] }, '2020-21');
    const [lot] = result.realised.lots;
    expect(lot.gain).toBe(-400);
    expect(codes(lot)).toContain('BONUS_STRIPPING_CHECK');
  });

  it('reversal: a purchase reversed is as if never made, so the sale takes the next lot', () => {
    const result = run(
      { holdings: [holding(EQ_A, [tx('2023-01-02', 'purchase', 50, 500), tx('2023-01-05', 'reversal', -50, 500), tx('2023-02-01', 'purchase', 50, 600), tx('2024-04-02', 'redemption', -50, 800)])] },
      '2024-25',
    );
    expect(result.realised.lots.map((l) => [l.purchase_date, l.cost, l.gain])).toEqual([['2023-02-01', 600, 200]]);
    expect(result.holdings[0].flags).toEqual([]);
  });

  it('reversal: one printed before its original on the same day still cancels it', () => {
    const result = run(
      { holdings: [holding(EQ_A, [tx('2023-01-02', 'reversal', -50, 500), tx('2023-01-02', 'purchase', 50, 500), tx('2023-02-01', 'purchase', 50, 600), tx('2024-04-02', 'redemption', -50, 800)])] },
      '2024-25',
    );
    expect(result.realised.lots.map((l) => [l.purchase_date, l.cost, l.gain])).toEqual([['2023-02-01', 600, 200]]);
    expect(result.holdings[0].flags).toEqual([]);
  });

  it('reversal: a redemption reversed gives back its units and no gain', () => {
    const result = run(
      { holdings: [holding(EQ_A, [tx('2023-01-02', 'purchase', 50, 500), tx('2024-04-02', 'redemption', -50, 800), tx('2024-04-05', 'reversal', 50, 800)], { valuation: { nav: 20, date: '2024-06-28' } })] },
      '2024-25',
    );
    expect(result.realised.lots).toEqual([]);
    expect(result.unrealised.lots.map((l) => [l.purchase_date, l.units, l.gain])).toEqual([['2023-01-02', 50, 500]]);
  });

  it('reversal: one whose original row is not in the history takes units from the newest lot without a gain, flagged', () => {
    const result = run({ holdings: [holding(EQ_A, [tx('2023-01-02', 'purchase', 50, 500), tx('2023-01-05', 'reversal', -20, 210)])] }, '2022-23');
    expect(result.realised.lots).toEqual([]);
    expect(codes(result.holdings[0])).toContain('REVERSAL_UNMATCHED');
    expect(result.holdings[0].units_open).toBe(30);
  });

  it('stamp duty is part of the cost (s.48(ii)); STT is recorded on the lot but not deducted (s.48, fourth proviso)', () => {
    const result = run(
      {
        holdings: [
          holding(EQ_A, [
            tx('2024-01-01', 'purchase', 100, 9_999.5),
            tx('2024-01-01', 'stamp_duty', null, 0.5),
            tx('2024-02-01', 'purchase', 100, 9_999.5),
            tx('2024-02-01', 'stamp_duty', null, 0.5),
            tx('2025-03-03', 'redemption', -150, 18_000),
            tx('2025-03-03', 'stt', null, 0.18),
          ]),
        ],
      },
      '2024-25',
    );
    expect(result.realised.lots.map((l) => [l.units, l.cost, l.stamp_duty, l.stt, l.sale_value, l.gain])).toEqual([
      [100, 10_000, 0.5, 0.12, 12_000, 2_000],
      [50, 5_000, 0.25, 0.06, 6_000, 1_000],
    ]);
  });
});

describe('lots carried into another holding', () => {
  it('merger (s.47(xviii), s.49(2AD)): each lot keeps its cost and date in the new scheme, units converted by the ratio', () => {
    const result = run(
      {
        holdings: [
          holding(EQ_A, [tx('2019-05-02', 'purchase', 60, 6_000, 100), tx('2020-05-04', 'purchase', 40, 3_000, 75), tx('2023-03-10', 'merger', -100, null)]),
          holding(EQ_B, [tx('2023-03-10', 'merger', 50, null), tx('2024-06-03', 'redemption', -50, 15_000)]),
        ],
      },
      '2024-25',
    );
    expect(result.realised.lots.map((l) => [l.isin, l.purchase_date, l.units, l.purchase_nav, l.cost, l.gain, codes(l)])).toEqual([
      [EQ_B.isin, '2019-05-02', 30, 200, 6_000, 3_000, ['CARRIED_OVER']],
      [EQ_B.isin, '2020-05-04', 20, 150, 3_000, 3_000, ['CARRIED_OVER']],
    ]);
    const mergerYear = run(
      {
        holdings: [
          holding(EQ_A, [tx('2019-05-02', 'purchase', 60, 6_000, 100), tx('2020-05-04', 'purchase', 40, 3_000, 75), tx('2023-03-10', 'merger', -100, null)]),
          holding(EQ_B, [tx('2023-03-10', 'merger', 50, null)]),
        ],
      },
      '2022-23',
    );
    expect(mergerYear.realised.lots).toEqual([]);
  });

  it('transfer / transmission (s.47(iii), s.49(1)): lots move to the other folio with their cost and date; no gain on the transfer', () => {
    const result = run(
      {
        holdings: [
          holding(EQ_A, [tx('2021-01-04', 'purchase', 100, 5_000), tx('2023-08-01', 'transfer_out', -100, null)], { folio: 'OLD', investor_pan: 'AAAAA1111A' }),
          holding(EQ_A, [tx('2023-08-01', 'transfer_in', 100, null), tx('2024-05-02', 'redemption', -100, 9_000)], { folio: 'NEW', investor_pan: 'BBBBB2222B' }),
        ],
      },
      '2023-24',
    );
    expect(result.realised.lots).toEqual([]);
    const sold = computeGains(
      {
        holdings: [
          holding(EQ_A, [tx('2021-01-04', 'purchase', 100, 5_000), tx('2023-08-01', 'transfer_out', -100, null)], { folio: 'OLD', investor_pan: 'AAAAA1111A' }),
          holding(EQ_A, [tx('2023-08-01', 'transfer_in', 100, null), tx('2024-05-02', 'redemption', -100, 9_000)], { folio: 'NEW', investor_pan: 'BBBBB2222B' }),
        ],
      },
      { fy: '2024-25', fmv },
    ).realised.lots;
    expect(sold.map((l) => [l.folio, l.purchase_date, l.cost, l.gain, l.rule.rule])).toEqual([['NEW', '2021-01-04', 5_000, 4_000, 'EQ_LTCG_10']]);
  });

  it('a transfer in whose other leg is not among the holdings: cost and date unknown, gain null with HISTORY_INCOMPLETE', () => {
    const result = run({ holdings: [holding(EQ_A, [tx('2023-08-01', 'transfer_in', 100, null), tx('2024-05-02', 'redemption', -100, 9_000)])] }, '2024-25');
    const [lot] = result.realised.lots;
    expect([lot.purchase_date, lot.cost, lot.gain]).toEqual([null, null, null]);
    expect(codes(lot)).toContain('HISTORY_INCOMPLETE');
  });

  it('segregation (s.49(2AG), (2AH); s.2(42A)): segregated units take the original date and cost × segregated NAV ÷ NAV before; the main lot keeps the rest', () => {
    const result = run(
      {
        holdings: [
          holding(DEBT_MAIN, [tx('2019-01-01', 'purchase', 1_000, 10_000), tx('2023-06-12', 'redemption', -1_000, 12_000)]),
          holding(DEBT_SEG, [tx('2019-06-05', 'segregation', 1_000, null), tx('2023-06-12', 'redemption', -1_000, 800)]),
        ],
        segregations: [{ date: '2019-06-05', main_isin: DEBT_MAIN.isin, segregated_isin: DEBT_SEG.isin, nav_before: 10.5, segregated_nav: 0.5 }],
      },
      '2023-24',
    );
    expect(result.realised.lots.map((l) => [l.isin, l.purchase_date, l.cost, l.cost_of_acquisition, l.gain, l.rule.rule])).toEqual([
      // Indexed from FY 2018-19 (CII 280) to FY 2023-24 (348).
      [DEBT_MAIN.isin, '2019-01-01', 9_523.81, 11_836.74, 163.26, 'OTHER_LTCG_20_INDEXED'],
      [DEBT_SEG.isin, '2019-01-01', 476.19, 591.84, 208.16, 'OTHER_LTCG_20_INDEXED'],
    ]);
  });

  it('segregation without the NAVs: the segregated lot keeps its date but its cost is unknown (COST_UNKNOWN), never a guess', () => {
    const result = run(
      {
        holdings: [holding(DEBT_MAIN, [tx('2019-01-01', 'purchase', 1_000, 10_000)]), holding(DEBT_SEG, [tx('2019-06-05', 'segregation', 1_000, null), tx('2023-06-12', 'redemption', -1_000, 800)])],
        segregations: [{ date: '2019-06-05', main_isin: DEBT_MAIN.isin, segregated_isin: DEBT_SEG.isin, nav_before: null, segregated_nav: null }],
      },
      '2023-24',
    );
    const [lot] = result.realised.lots;
    expect([lot.purchase_date, lot.cost, lot.gain]).toEqual(['2019-01-01', null, null]);
    expect(codes(lot)).toContain('COST_UNKNOWN');
  });
});

describe('HISTORY_INCOMPLETE: units the history cannot see', () => {
  it('an opening balance without its purchases: the sale takes those units first, their gain null (never 0), the rest computed', () => {
    const result = run({ holdings: [holding(EQ_A, [tx('2023-01-02', 'purchase', 50, 500), tx('2024-06-03', 'redemption', -120, 1_800)], { opening_units: 100 })] }, '2024-25');
    expect(result.realised.lots.map((l) => [l.purchase_date, l.units, l.cost, l.sale_value, l.gain])).toEqual([
      [null, 100, null, 1_500, null],
      ['2023-01-02', 20, 200, 300, 100],
    ]);
    expect(codes(result.realised.lots[0])).toContain('HISTORY_INCOMPLETE');
    const eq = result.realised.by_tax_class.find((c) => c.tax_class === 'equity_oriented')!;
    expect(eq.long_term).toEqual({ gain: null, known_gain: 100, lots: 2, unknown_lots: 1 });
    expect(codes(result.holdings[0])).toEqual(['HISTORY_INCOMPLETE']);
    expect(codes(result)).toEqual(['HISTORY_INCOMPLETE']);
  });

  it('an unknown opening balance settled by a printed balance of zero: later lots are known', () => {
    const result = run(
      { holdings: [holding(EQ_A, [tx('2023-01-02', 'redemption', -30, 300, 10, 0), tx('2023-03-01', 'purchase', 10, 100, 10, 10), tx('2024-06-03', 'redemption', -10, 150, 15, 0)], { opening_units: null })] },
      '2024-25',
    );
    expect(result.realised.lots.map((l) => [l.purchase_date, l.gain])).toEqual([['2023-03-01', 50]]);
    expect(result.holdings[0].flags).toEqual([]);
  });

  it('an unknown opening balance and no printed balance: every sale is of unseen units', () => {
    const result = run({ holdings: [holding(EQ_A, [tx('2023-03-01', 'purchase', 10, 100), tx('2024-06-03', 'redemption', -10, 150)], { opening_units: null })] }, '2024-25');
    expect(result.realised.lots.map((l) => [l.purchase_date, l.gain])).toEqual([[null, null]]);
    expect(result.holdings[0].units_open).toBeNull();
  });

  it('a gap in the history: lots held across it become unseen', () => {
    const result = run(
      { holdings: [holding(EQ_A, [tx('2022-01-03', 'purchase', 10, 100), tx('2024-06-03', 'redemption', -10, 150, null, 0)], { gaps: [{ from: '2023-01-01', to: '2023-12-31' }] })] },
      '2024-25',
    );
    expect(result.realised.lots.map((l) => [l.purchase_date, l.gain, codes(l)])).toEqual([[null, null, ['HISTORY_INCOMPLETE']]]);
    expect(codes(result.holdings[0])).toContain('HISTORY_INCOMPLETE');
  });
});

describe('unrealised gains at a NAV', () => {
  it('values open lots as if transferred on the valuation date, with the year’s remaining s.112A exemption to harvest', () => {
    const result = run(
      {
        holdings: [
          holding(EQ_A, [tx('2022-01-03', 'purchase', 100, 1_000), tx('2025-04-02', 'redemption', -50, 1_500), tx('2025-01-06', 'purchase', 10, 150)], {
            valuation: { nav: 40, date: '2025-09-30' },
          }),
        ],
      },
      '2025-26',
    );
    expect(result.unrealised.lots.map((l) => [l.purchase_date, l.units, l.market_value, l.cost, l.gain, l.rule.rule])).toEqual([
      ['2022-01-03', 50, 2_000, 500, 1_500, 'EQ_LTCG_12_5'],
      ['2025-01-06', 10, 400, 150, 250, 'EQ_STCG_20'],
    ]);
    expect(result.realised.exemption_112a.remaining).toBe(124_000);
    expect(result.unrealised.harvestable_ltcg).toBe(1_500);
  });
});
