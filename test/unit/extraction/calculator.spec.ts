import { describe, expect, it } from '@jest/globals';
import { assetAllocation, calculatePortfolio, holdingXirr, largestRemainder, xirr } from '../../../src/modules/nexus/extraction/calculator.js';
import type { AssetClass, Entity, Holding, Transaction } from '../../../src/modules/nexus/extraction/types.js';
import { makeHolding } from '../../support/holding.js';

function holding(market_value: number, asset_class: AssetClass | null, extra: Partial<Holding> = {}): Holding {
  return makeHolding({ scheme_name: 'X', isin: 'INF179K01BE2', units: 1, nav: market_value, market_value, asset_class, folio: '1', ...extra });
}
const entity = (holdings: Holding[]): Entity => ({ entity_name: 'A', pan: 'ABCPD1234E', holdings, stated_total: null });
const sum = (a: { equity: number; debt: number; hybrid: number; other: number }): number => Math.round((a.equity + a.debt + a.hybrid + a.other) * 100);

describe('asset allocation', () => {
  it.each([
    [[[1, 'Equity'], [1, 'Debt'], [1, 'Hybrid']], { equity: 33.34, debt: 33.33, hybrid: 33.33, other: 0 }],
    [[[2, 'Equity'], [1, 'Debt']], { equity: 66.67, debt: 33.33, hybrid: 0, other: 0 }],
    [[[100, 'Equity']], { equity: 100, debt: 0, hybrid: 0, other: 0 }],
    [[[1, 'Equity'], [1, null], [1, 'Other']], { equity: 33.33, debt: 0, hybrid: 0, other: 66.67 }],
    [[[0.01, 'Debt'], [99999.99, 'Equity']], { equity: 100, debt: 0, hybrid: 0, other: 0 }],
    [[[1, 'Debt'], [9999, 'Equity']], { equity: 99.99, debt: 0.01, hybrid: 0, other: 0 }],
    [[[0, 'Equity'], [0, 'Debt']], { equity: 0, debt: 0, hybrid: 0, other: 0 }],
    [[], { equity: 0, debt: 0, hybrid: 0, other: 0 }],
  ] as [[number, AssetClass | null][], object][])('%j', (rows, expected) => {
    const a = assetAllocation(rows.map(([v, c]) => holding(v, c)));
    expect(a).toEqual(expected);
  });

  it('always adds up to exactly 100.00 when there is value', () => {
    const classes: AssetClass[] = ['Equity', 'Debt', 'Hybrid', 'Other'];
    let seed = 7;
    const rand = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let n = 0; n < 200; n++) {
      const hs = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => holding(Math.round(rand() * 1e9) / 100 + 0.01, classes[Math.floor(rand() * 4)]));
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
});

describe('calculatePortfolio', () => {
  const tx = (date: string, description: string, amount: number | null, units: number | null): Transaction => ({ date, description, amount, units, nav: null, balance_units: null });

  it('totals, cost, gain and gain % in paise', () => {
    const f = calculatePortfolio([entity([holding(1000.1, 'Equity', { cost_value: 800.05 }), holding(0.2, 'Debt', { cost_value: 0.1 })])]);
    expect(f.total_market_value).toBe(1000.3);
    expect(f.total_cost_value).toBe(800.15);
    expect(f.gain).toBe(200.15);
    expect(f.gain_pct).toBe(25.01);
  });

  it('has no cost or gain when a holding with value has no cost', () => {
    const f = calculatePortfolio([entity([holding(1000, 'Equity', { cost_value: 800 }), holding(500, 'Equity')])]);
    expect(f.total_cost_value).toBeNull();
    expect(f.gain).toBeNull();
    expect(f.gain_pct).toBeNull();
  });

  it('is all zero/null for no holdings', () => {
    expect(calculatePortfolio([])).toEqual({ total_market_value: 0, total_cost_value: null, gain: null, gain_pct: null, asset_allocation: { equity: 0, debt: 0, hybrid: 0, other: 0 }, xirr: null });
  });

  it('computes XIRR from transactions of a holding started in the period', () => {
    const h = holding(11000, 'Equity', {
      opening_units: 0,
      nav_date: '2024-01-01',
      cost_value: 10000,
      transactions: [tx('2023-01-01', 'Purchase', 9999.5, 100), tx('2023-01-01', '*** Stamp Duty ***', 0.5, null), tx('2023-06-01', 'IDCW Reinvestment @ Rs.1 per unit', 100, 1)],
    });
    expect(holdingXirr(h)).toBe(10);
    expect(calculatePortfolio([entity([h])]).xirr).toBe(10);
  });

  it('has no XIRR when there is an opening balance', () => {
    const h = holding(11000, 'Equity', { opening_units: 10, nav_date: '2024-01-01', transactions: [tx('2023-01-01', 'Purchase', 1000, 10)] });
    expect(holdingXirr(h)).toBeNull();
    expect(calculatePortfolio([entity([h])]).xirr).toBeNull();
  });

  it('counts a redemption as money received', () => {
    const h = holding(0, 'Debt', {
      opening_units: 0,
      units: 0,
      nav_date: '2024-06-30',
      transactions: [tx('2023-01-01', 'Purchase', 1000, 10), tx('2024-01-01', 'Redemption', -1100, -10)],
    });
    expect(holdingXirr(h)).toBe(10);
  });
});
