import { describe, expect, it } from '@jest/globals';
import {
  assetAllocation,
  calculatePortfolio,
  holdingCashFlows,
  holdingXirr,
  largestRemainder,
  OPENING_NAV_WINDOW_DAYS,
  openingValue,
  totalsIncompleteFlags,
  xirr,
} from '../../../src/modules/extraction/calculator.js';
import { transactionFlow, xirrOf } from '../../../src/modules/extraction/xirr.js';
import type { AssetClass, Entity, Holding, Transaction, TransactionType, XirrReason } from '../../../src/modules/extraction/types.js';
import { makeHolding } from '../../support/holding.js';
import { bisectXirr } from '../../support/xirr-oracle.js';

function holding(market_value: number | null, asset_class: AssetClass | null, extra: Partial<Holding> = {}): Holding {
  return makeHolding({ scheme_name: 'X', isin: 'INF179K01BE2', units: 1, nav: market_value, market_value, asset_class, folio: '1', ...extra });
}
const entity = (holdings: Holding[], entity_name = 'A'): Entity => ({ entity_name, pan: 'ABCPD1234E', holdings, stated_total: null });
const sum = (a: { equity: number; debt: number; hybrid: number; other: number }): number => Math.round((a.equity + a.debt + a.hybrid + a.other) * 100);
const tx = (date: string, type: TransactionType, amount: number | null, units: number | null, nav: number | null = null, description: string = type): Transaction => ({
  date,
  type,
  description,
  amount,
  units,
  nav,
  balance_units: null,
});

describe('asset allocation', () => {
  it.each([
    { rows: [[1, 'Equity'], [1, 'Debt'], [1, 'Hybrid']], expected: { equity: 33.34, debt: 33.33, hybrid: 33.33, other: 0 } },
    { rows: [[2, 'Equity'], [1, 'Debt']], expected: { equity: 66.67, debt: 33.33, hybrid: 0, other: 0 } },
    { rows: [[100, 'Equity']], expected: { equity: 100, debt: 0, hybrid: 0, other: 0 } },
    { rows: [[1, 'Equity'], [1, null], [1, 'Other']], expected: { equity: 33.33, debt: 0, hybrid: 0, other: 66.67 } },
    { rows: [[0.01, 'Debt'], [99999.99, 'Equity']], expected: { equity: 100, debt: 0, hybrid: 0, other: 0 } },
    { rows: [[1, 'Debt'], [9999, 'Equity']], expected: { equity: 99.99, debt: 0.01, hybrid: 0, other: 0 } },
    { rows: [[0, 'Equity'], [0, 'Debt']], expected: { equity: 0, debt: 0, hybrid: 0, other: 0 } },
    { rows: [], expected: { equity: 0, debt: 0, hybrid: 0, other: 0 } },
    // An unknown value takes no share: the rest divide 100.00 among themselves.
    { rows: [[1, 'Equity'], [null, 'Debt'], [2, 'Hybrid']], expected: { equity: 33.33, debt: 0, hybrid: 66.67, other: 0 } },
    { rows: [[null, 'Equity'], [null, 'Debt']], expected: { equity: 0, debt: 0, hybrid: 0, other: 0 } },
  ] as Array<{ rows: [number | null, AssetClass | null][]; expected: object }>)('$rows', ({ rows, expected }) => {
    const a = assetAllocation(rows.map(([v, c]) => holding(v, c)));
    expect(a).toEqual(expected);
  });

  it('always adds up to exactly 100.00 when there is value, whatever is left out', () => {
    const classes: AssetClass[] = ['Equity', 'Debt', 'Hybrid', 'Other'];
    let seed = 7;
    const rand = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let n = 0; n < 200; n++) {
      const hs = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => holding(Math.round(rand() * 1e9) / 100 + 0.01, classes[Math.floor(rand() * 4)]));
      hs.push(holding(null, classes[Math.floor(rand() * 4)]));
      expect(sum(assetAllocation(hs))).toBe(10000);
    }
  });

  it('largest remainder gives leftover units to the largest fractions', () => {
    expect(largestRemainder([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(largestRemainder([0, 0], 100)).toEqual([0, 0]);
    expect(largestRemainder([5, 3, 2], 10)).toEqual([5, 3, 2]);
  });
});

describe('xirr', () => {
  it('matches the known Excel example (37.3362535 %)', () => {
    const r = xirr([
      { date: '2008-01-01', amount: -10000 },
      { date: '2008-03-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2009-04-01', amount: 2750 },
    ]);
    expect(r).not.toBeNull();
    expect(r as number).toBeCloseTo(0.373362535, 6);
  });

  it('is 10 % for 10 % over exactly 365 days', () => {
    expect(xirr([{ date: '2023-01-01', amount: -1000 }, { date: '2024-01-01', amount: 1100 }]) as number).toBeCloseTo(0.1, 9);
  });

  it('handles losses and large gains (bisection fallback range)', () => {
    // 366 days (2024 is a leap year): (500 / 1000) ^ (365 / 366) − 1
    expect(xirr([{ date: '2024-01-01', amount: -1000 }, { date: '2025-01-01', amount: 500 }]) as number).toBeCloseTo(0.5 ** (365 / 366) - 1, 9);
    const big = xirr([{ date: '2025-01-01', amount: -100 }, { date: '2025-02-01', amount: 200 }]);
    expect(big).not.toBeNull();
    expect(big as number).toBeGreaterThan(1000);
  });

  it('is null without both signs', () => {
    expect(xirr([{ date: '2024-01-01', amount: -1000 }])).toBeNull();
    expect(xirr([{ date: '2024-01-01', amount: 1000 }, { date: '2024-06-01', amount: 10 }])).toBeNull();
    expect(xirr([])).toBeNull();
  });

  it.each([
    { name: 'one-signed flows', flows: [{ date: '2024-01-01', amount: -1000 }], reason: 'NO_CASH_FLOWS' },
    { name: 'no flows', flows: [], reason: 'NO_CASH_FLOWS' },
    // 100 − 50·x + 100·x² (x = 1/(1+r), yearly steps) is positive for every x > 0: no rate solves it.
    {
      name: 'no rate solves the flows',
      flows: [
        { date: '2023-01-01', amount: 100 },
        { date: '2024-01-01', amount: -50 },
        { date: '2024-12-31', amount: 100 },
      ],
      reason: 'NO_SOLUTION',
    },
  ] as Array<{ name: string; flows: Array<{ date: string; amount: number }>; reason: XirrReason }>)('xirrOf: $name → $flows', ({ flows, reason }) => {
    expect(xirrOf(flows)).toEqual({ xirr: null, xirr_reason: reason });
  });
});

describe('transaction cash flows (from the type, never the description)', () => {
  it.each([
    { type: 'purchase', amount: 1000, units: 10, flow: -1000 },
    { type: 'sip_purchase', amount: 5000, units: 45.1, flow: -5000 },
    { type: 'switch_in', amount: 2000, units: 20, flow: -2000 },
    { type: 'stp_in', amount: 2000, units: 20, flow: -2000 },
    { type: 'transfer_in', amount: 2000, units: 20, flow: -2000 },
    { type: 'redemption', amount: -4000, units: -30, flow: 4000 },
    { type: 'swp', amount: -1000, units: -8, flow: 1000 },
    { type: 'switch_out', amount: -2000, units: -20, flow: 2000 },
    { type: 'stp_out', amount: -2000, units: -20, flow: 2000 },
    { type: 'transfer_out', amount: -2000, units: -20, flow: 2000 },
    { type: 'idcw_payout', amount: 150, units: null, flow: 150 },
    { type: 'idcw_reinvestment', amount: 100, units: 1.2, flow: 0 },
    { type: 'stamp_duty', amount: 0.25, units: null, flow: -0.25 },
    { type: 'stt', amount: 0.06, units: null, flow: -0.06 },
    { type: 'tds', amount: 15, units: null, flow: -15 },
    { type: 'segregation', amount: null, units: 100, flow: 0 },
    { type: 'bonus', amount: 0, units: 10, flow: 0 },
    { type: 'merger', amount: 5000, units: 55.5, flow: -5000 },
    { type: 'merger', amount: -5000, units: -55.5, flow: 5000 },
    { type: 'reversal', amount: -1000, units: -10, flow: 1000 },
    { type: 'reversal', amount: 4000, units: 30, flow: -4000 },
    { type: 'reversal', amount: -0.25, units: null, flow: 0.25 },
    { type: 'other', amount: null, units: null, flow: 0 },
    { type: 'other', amount: 12.5, units: null, flow: 0 },
  ] as Array<{ type: TransactionType; amount: number | null; units: number | null; flow: number }>)('$type (amount $amount, units $units) flows $flow', ({ type, amount, units, flow }) => {
    // The description says the opposite of the type on purpose: only the type may count.
    expect(transactionFlow(tx('2024-01-01', type, amount, units, null, 'Redemption'))).toBeCloseTo(flow, 9);
  });

  it('values a row without an amount at units × NAV, and is null when neither is printed', () => {
    expect(transactionFlow(tx('2024-01-01', 'transfer_in', null, 10, 52.5))).toBeCloseTo(-525, 9);
    expect(transactionFlow(tx('2024-01-01', 'transfer_in', null, 10, null))).toBeNull();
    expect(transactionFlow(tx('2024-01-01', 'other', null, -10, null))).toBeNull();
  });
});

describe('opening value', () => {
  const base = { opening_units: 100, units: 100, market_value: 7000, nav_date: '2025-03-31' };
  it.each([
    { name: 'a printed opening valuation wins', extra: { opening_value: 4800, transactions: [tx('2024-04-01', 'purchase', 5000, 100, 50)] }, periodFrom: '2024-04-01', expected: 4800 },
    { name: 'the NAV of a transaction on the start date', extra: { transactions: [tx('2024-04-01', 'purchase', 5000, 100, 50)] }, periodFrom: '2024-04-01', expected: 5000 },
    {
      name: 'the nearest priced transaction, not the first',
      extra: { transactions: [tx('2024-04-20', 'sip_purchase', 5100, 100, 51), tx('2024-04-05', 'sip_purchase', 4900, 100, 49)] },
      periodFrom: '2024-04-01',
      expected: 4900,
    },
    {
      name: 'on a tie, the earlier one',
      extra: { transactions: [tx('2024-04-11', 'sip_purchase', 5200, 100, 52), tx('2024-03-22', 'sip_purchase', 4800, 100, 48)] },
      periodFrom: '2024-04-01',
      expected: 4800,
    },
    {
      name: `exactly ${OPENING_NAV_WINDOW_DAYS} days away is still evidence`,
      extra: { transactions: [tx('2024-05-02', 'purchase', 5000, 100, 50)] },
      periodFrom: '2024-04-01',
      expected: 5000,
    },
    { name: 'one day beyond the window is not', extra: { transactions: [tx('2024-05-03', 'purchase', 5000, 100, 50)] }, periodFrom: '2024-04-01', expected: null },
    {
      name: "reversals carry another row's price and are not evidence",
      extra: { transactions: [tx('2024-04-02', 'reversal', -5000, -100, 50), tx('2024-09-01', 'purchase', 6000, 100, 60)] },
      periodFrom: '2024-04-01',
      expected: null,
    },
    { name: 'rows without a NAV are not evidence', extra: { transactions: [tx('2024-04-01', 'stamp_duty', 0.25, null, null)] }, periodFrom: '2024-04-01', expected: null },
    { name: 'no period start', extra: { transactions: [tx('2024-04-01', 'purchase', 5000, 100, 50)] }, periodFrom: null, expected: null },
  ] as Array<{ name: string; extra: Partial<Holding>; periodFrom: string | null; expected: number | null }>)('$name', ({ extra, periodFrom, expected }) => {
    const value = openingValue(holding(7000, 'Equity', { ...base, ...extra }), periodFrom);
    if (expected === null) expect(value).toBeNull();
    else expect(value as number).toBeCloseTo(expected, 9);
  });
});

describe('holding XIRR', () => {
  it('values the opening units at a transaction NAV and matches an independent bisection', () => {
    // Period 1-Apr-2024 to 31-Mar-2025; 100 units held at the start; the first SIP instalment's NAV
    // (50, nine days after the start) values them at 5,000.
    const h = holding(10500, 'Equity', {
      opening_units: 100,
      units: 150,
      nav: 70,
      nav_date: '2025-03-31',
      transactions: [
        tx('2024-04-10', 'sip_purchase', 4999.75, 99.995, 50, 'SIP Purchase - Instalment No 5'),
        tx('2024-04-10', 'stamp_duty', 0.25, null, null, '*** Stamp Duty ***'),
        tx('2024-06-01', 'idcw_reinvestment', 120, 2, 60, 'IDCW Reinvestment @ Rs.1.20 per unit'),
        tx('2024-10-10', 'redemption', -3000, -51.995, 57.7, 'Redemption'),
      ],
    });
    const options = { periodFrom: '2024-04-01', asOf: '2025-03-31' };
    const flows = [
      { date: '2024-04-01', amount: -5000 },
      { date: '2024-04-10', amount: -4999.75 },
      { date: '2024-04-10', amount: -0.25 },
      { date: '2024-10-10', amount: 3000 },
      { date: '2025-03-31', amount: 10500 },
    ];
    expect(holdingCashFlows(h, options)).toEqual({ flows, reason: null });
    const expected = Math.round(bisectXirr(flows) * 100 * 100) / 100;
    expect(expected).toBeGreaterThan(0);
    expect(holdingXirr(h, options)).toEqual({ xirr: expected, xirr_reason: null });
  });

  it('computes XIRR from the transactions of a holding started in the period (10 % over 365 days)', () => {
    const h = holding(11000, 'Equity', {
      opening_units: 0,
      nav_date: '2024-01-01',
      cost_value: 10000,
      transactions: [
        tx('2023-01-01', 'purchase', 9999.5, 100, 99.995, 'Purchase'),
        tx('2023-01-01', 'stamp_duty', 0.5, null, null, '*** Stamp Duty ***'),
        tx('2023-06-01', 'idcw_reinvestment', 100, 1, 100, 'IDCW Reinvestment @ Rs.1 per unit'),
      ],
    });
    expect(holdingXirr(h)).toEqual({ xirr: 10, xirr_reason: null });
    expect(calculatePortfolio([entity([h])]).xirr).toBe(10);
  });

  it('counts a redemption as money received', () => {
    const h = holding(0, 'Debt', {
      opening_units: 0,
      units: 0,
      nav_date: '2024-06-30',
      transactions: [tx('2023-01-01', 'purchase', 1000, 10, 100), tx('2024-01-01', 'redemption', -1100, -10, 110)],
    });
    expect(holdingXirr(h)).toEqual({ xirr: 10, xirr_reason: null });
  });

  const purchase = tx('2024-04-10', 'purchase', 5000, 100, 50);
  it.each([
    { name: 'a summary or demat holding (no opening, no transactions)', extra: { opening_units: null, transactions: [] }, options: {}, reason: 'NO_TRANSACTIONS' },
    { name: 'transactions but the opening units unread', extra: { opening_units: null, transactions: [purchase] }, options: { periodFrom: '2024-04-01' }, reason: 'OPENING_UNITS_UNKNOWN' },
    { name: 'an opening balance and no transactions to price it', extra: { opening_units: 10, transactions: [] }, options: { periodFrom: '2024-04-01' }, reason: 'OPENING_VALUE_UNKNOWN' },
    {
      name: 'an opening balance priced only far from the start',
      extra: { opening_units: 10, transactions: [tx('2024-09-10', 'purchase', 5000, 100, 50)] },
      options: { periodFrom: '2024-04-01' },
      reason: 'OPENING_VALUE_UNKNOWN',
    },
    { name: 'an opening balance and no period start', extra: { opening_units: 10, transactions: [purchase] }, options: {}, reason: 'OPENING_VALUE_UNKNOWN' },
    {
      name: 'a row that moves units with no amount or NAV',
      extra: { opening_units: 0, transactions: [purchase, tx('2024-05-01', 'transfer_in', null, 10, null)] },
      options: { periodFrom: '2024-04-01' },
      reason: 'TRANSACTION_VALUE_UNKNOWN',
    },
    { name: 'an unknown market value', extra: { opening_units: 0, units: 100, market_value: null, transactions: [purchase] }, options: { periodFrom: '2024-04-01' }, reason: 'VALUE_UNKNOWN' },
    { name: 'no NAV date and no period end', extra: { opening_units: 0, nav_date: null, transactions: [purchase] }, options: { periodFrom: '2024-04-01', asOf: null }, reason: 'NO_VALUATION_DATE' },
    { name: 'nothing paid in', extra: { opening_units: 0, transactions: [tx('2024-05-01', 'bonus', 0, 10, null)] }, options: { periodFrom: '2024-04-01' }, reason: 'NO_CASH_FLOWS' },
    {
      name: 'no rate solves the flows',
      extra: { opening_units: 0, transactions: [tx('2023-01-01', 'idcw_payout', 100, null), tx('2024-01-01', 'purchase', 50, 1, 50)], nav_date: '2024-12-31', market_value: 100 },
      options: {},
      reason: 'NO_SOLUTION',
    },
  ] as Array<{ name: string; extra: Partial<Holding>; options: { periodFrom?: string; asOf?: string | null }; reason: XirrReason }>)('is null for $name', ({ extra, options, reason }) => {
    const h = holding(6000, 'Equity', { units: 100, nav: 60, nav_date: '2025-03-31', ...extra });
    expect(holdingXirr(h, options)).toEqual({ xirr: null, xirr_reason: reason });
  });
});

describe('calculatePortfolio', () => {
  it('totals, cost, gain and gain % in paise', () => {
    const f = calculatePortfolio([entity([holding(1000.1, 'Equity', { cost_value: 800.05 }), holding(0.2, 'Debt', { cost_value: 0.1 })])]);
    expect(f.total_market_value).toBe(1000.3);
    expect(f.total_cost_value).toBe(800.15);
    expect(f.gain).toBe(200.15);
    expect(f.gain_pct).toBe(25.01);
    expect([f.holdings_valued, f.holdings_without_value]).toEqual([2, 0]);
  });

  it('has no cost or gain when a holding with value has no cost', () => {
    const f = calculatePortfolio([entity([holding(1000, 'Equity', { cost_value: 800 }), holding(500, 'Equity')])]);
    expect(f.total_cost_value).toBeNull();
    expect(f.gain).toBeNull();
    expect(f.gain_pct).toBeNull();
  });

  it('is all zero/null for no holdings', () => {
    expect(calculatePortfolio([])).toEqual({
      total_market_value: 0,
      total_cost_value: null,
      gain: null,
      gain_pct: null,
      asset_allocation: { equity: 0, debt: 0, hybrid: 0, other: 0 },
      holdings_valued: 0,
      holdings_without_value: 0,
      xirr: null,
      xirr_reason: 'NO_CASH_FLOWS',
    });
  });

  it.each([
    {
      name: 'a holding with an unknown value is left out and counted',
      hs: [holding(1000, 'Equity', { cost_value: 900 }), holding(null, 'Debt', { units: null, cost_value: 5000 }), holding(3000, 'Hybrid', { cost_value: 2500 })],
      want: { total: 4000, valued: 2, without: 1, cost: 3400, allocation: { equity: 25, debt: 0, hybrid: 75, other: 0 } },
    },
    {
      name: 'every value unknown: nothing counted, nothing invented',
      hs: [holding(null, 'Equity', { units: null }), holding(null, 'Debt', { nav: null })],
      want: { total: 0, valued: 0, without: 2, cost: null, allocation: { equity: 0, debt: 0, hybrid: 0, other: 0 } },
    },
    {
      name: 'a known value of 0 is counted as valued',
      hs: [holding(0, 'Equity', { units: 0 }), holding(500, 'Debt', { cost_value: 400 })],
      want: { total: 500, valued: 2, without: 0, cost: 400, allocation: { equity: 0, debt: 100, hybrid: 0, other: 0 } },
    },
  ] as Array<{ name: string; hs: Holding[]; want: { total: number; valued: number; without: number; cost: number | null; allocation: object } }>)('$name', ({ hs, want }) => {
    const f = calculatePortfolio([entity(hs)]);
    expect(f.total_market_value).toBe(want.total);
    expect(f.holdings_valued).toBe(want.valued);
    expect(f.holdings_without_value).toBe(want.without);
    expect(f.total_cost_value).toBe(want.cost);
    expect(f.asset_allocation).toEqual(want.allocation);
    if (want.valued) expect(sum(f.asset_allocation)).toBe(10000);
  });

  it("has the statement's XIRR over every holding's flows, with the opening values at the period start", () => {
    // 1-Apr-2024 to 1-Apr-2025 is 365 days: the first holding alone grew 5,000 → 6,000, 20 %.
    const options = { periodFrom: '2024-04-01', asOf: '2025-04-01' };
    const a = holding(6000, 'Equity', { opening_units: 100, units: 100, transactions: [tx('2024-04-15', 'idcw_reinvestment', 10, 0.2, 50)] });
    const b = holding(2200, 'Debt', { opening_units: 0, units: 20, transactions: [tx('2024-10-01', 'purchase', 2000, 20, 100)] });
    const expected = Math.round(
      bisectXirr([
        { date: '2024-04-01', amount: -5000 },
        { date: '2024-10-01', amount: -2000 },
        { date: '2025-04-01', amount: 8200 },
      ]) * 10000,
    ) / 100;
    const f = calculatePortfolio([entity([a]), entity([b], 'B')], options);
    expect(f).toMatchObject({ xirr: expected, xirr_reason: null });
    expect(calculatePortfolio([entity([a])], options).xirr).toBe(20);
  });

  it.each([
    { name: 'an opening balance with no price', blocker: holding(6000, 'Equity', { opening_units: 100, transactions: [] }), reason: 'OPENING_VALUE_UNKNOWN' },
    { name: 'a summary holding', blocker: holding(6000, 'Equity', { opening_units: null, transactions: [] }), reason: 'NO_TRANSACTIONS' },
    { name: 'an unknown value', blocker: holding(null, 'Equity', { opening_units: 0, transactions: [tx('2024-10-01', 'purchase', 2000, 20, 100)] }), reason: 'VALUE_UNKNOWN' },
  ] as Array<{ name: string; blocker: Holding; reason: XirrReason }>)('has no portfolio XIRR when one holding has none: $name', ({ blocker, reason }) => {
    const fine = holding(2200, 'Debt', { opening_units: 0, units: 20, transactions: [tx('2024-10-01', 'purchase', 2000, 20, 100)] });
    const f = calculatePortfolio([entity([fine, blocker])], { periodFrom: '2024-04-01', asOf: '2025-03-31' });
    expect(f).toMatchObject({ xirr: null, xirr_reason: reason });
  });

  it('leaves holdings closed before the period (no value, no transactions) out of the XIRR', () => {
    const closed = holding(0, 'Debt', { units: 0, opening_units: null, transactions: [] });
    const fine = holding(2200, 'Debt', { opening_units: 0, units: 20, transactions: [tx('2024-10-01', 'purchase', 2000, 20, 100)] });
    expect(calculatePortfolio([entity([closed, fine])], { asOf: '2025-10-01' }).xirr).toBe(10);
  });
});

describe('TOTALS_INCOMPLETE flags', () => {
  it.each([
    { name: 'none when every value is known', entities: [entity([holding(1, 'Equity')])], flags: [] },
    {
      name: 'one per investor with holdings left out, naming them',
      entities: [entity([holding(1, 'Equity'), holding(null, 'Debt', { isin: 'INF109K01Z48' })], 'Meera Iyer'), entity([holding(2, 'Debt')], 'Ravi Iyer')],
      flags: [
        {
          code: 'TOTALS_INCOMPLETE',
          message: 'Totals and allocation leave out 1 of 2 holding(s) whose market value is unknown: INF109K01Z48',
          isin: null,
          entity: 'Meera Iyer',
          page: null,
        },
      ],
    },
  ] as Array<{ name: string; entities: Entity[]; flags: object[] }>)('$name', ({ entities, flags }) => {
    expect(totalsIncompleteFlags(entities)).toEqual(flags);
  });
});
