/**
 * Portfolio figures: totals, gains, asset allocation and XIRR, per investor or overall
 * (`calculatePortfolio([entity])` or `calculatePortfolio(draft.entities)`).
 *
 * - Only holdings whose market value is known are counted: a null value is never taken as 0. The
 *   figures say how many were counted (`holdings_valued`) and left out (`holdings_without_value`).
 * - Money is added in paise (integers), so totals are exact to the paisa.
 * - Cost and gain only when every valued holding worth more than 0 has a printed cost (demat
 *   statements print none): a partial cost would understate the cost and overstate the gain.
 * - Asset allocation: percentages of the valued holdings' market value with 2 decimals that add up
 *   to exactly 100.00, by largest-remainder rounding over hundredths of a percent; holdings without
 *   an asset class count as `other`; all zero when the total is 0.
 * - XIRR: `xirr.ts` (null with a reason when it cannot be known).
 */
import type { AssetAllocation, AssetClass, Entity, Holding, PortfolioFigures, ValidationFlag } from './types.js';
import { holdingCashFlows, portfolioXirr, xirrOf, type CalculationOptions, type FlowsOf } from './xirr.js';

export { flowsOnce, holdingCashFlows, holdingXirr, openingValue, portfolioXirr, xirr, OPENING_NAV_WINDOW_DAYS } from './xirr.js';
export type { CalculationOptions, CashFlow, FlowsOf, HoldingFlows, XirrFigure } from './xirr.js';

const paise = (v: number): number => Math.round(v * 100);
const round2 = (v: number): number => Math.round(v * 100) / 100;

const BUCKET: Record<AssetClass, keyof AssetAllocation> = { Equity: 'equity', Debt: 'debt', Hybrid: 'hybrid', Other: 'other' };

type Valued = Holding & { market_value: number };
const isValued = (h: Holding): h is Valued => h.market_value !== null && Number.isFinite(h.market_value);

/**
 * Splits `total` units among parts proportionally to `weights` (largest remainder / Hamilton):
 * floors first, then one unit each to the largest fractional remainders (earlier parts win ties).
 */
export function largestRemainder(weights: number[], total: number): number[] {
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (Math.max(0, w) / sum) * total);
  const floors = exact.map((e) => Math.floor(e + 1e-9));
  let left = total - floors.reduce((s, f) => s + f, 0);
  const order = exact.map((e, i) => ({ i, r: e - floors[i] })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]++;
    left--;
  }
  return floors;
}

/** Shares of market value by asset class, in percent with 2 decimals, adding up to 100.00; unvalued holdings take no share. */
export function assetAllocation(holdings: Holding[]): AssetAllocation {
  const keys: (keyof AssetAllocation)[] = ['equity', 'debt', 'hybrid', 'other'];
  const values: Record<keyof AssetAllocation, number> = { equity: 0, debt: 0, hybrid: 0, other: 0 };
  for (const h of holdings.filter(isValued)) values[h.asset_class ? BUCKET[h.asset_class] : 'other'] += Math.max(0, paise(h.market_value));
  const basisPoints = largestRemainder(keys.map((k) => values[k]), 10000);
  const out = { equity: 0, debt: 0, hybrid: 0, other: 0 };
  keys.forEach((k, i) => (out[k] = basisPoints[i] / 100));
  return out;
}

/** `flowsOf` answers each holding's cash flows for the XIRR (`flowsOnce` to share them between calls). */
export function calculatePortfolio(entities: Entity[], options: CalculationOptions = {}, flowsOf?: FlowsOf): PortfolioFigures {
  const holdings = entities.flatMap((e) => e.holdings);
  const valued = holdings.filter(isValued);
  const totalPaise = valued.reduce((s, h) => s + paise(h.market_value), 0);
  const costKnown = valued.length > 0 && valued.every((h) => h.cost_value !== null || paise(h.market_value) === 0);
  const costPaise = costKnown ? valued.reduce((s, h) => s + paise(h.cost_value ?? 0), 0) : null;
  const gainPaise = costPaise === null ? null : totalPaise - costPaise;
  const { xirr, xirr_reason } = portfolioXirr(holdings, options, flowsOf);

  return {
    total_market_value: totalPaise / 100,
    total_cost_value: costPaise === null ? null : costPaise / 100,
    gain: gainPaise === null ? null : gainPaise / 100,
    gain_pct: gainPaise === null || !costPaise ? null : round2((gainPaise / costPaise) * 100),
    asset_allocation: assetAllocation(valued),
    holdings_valued: valued.length,
    holdings_without_value: holdings.length - valued.length,
    xirr,
    xirr_reason,
  };
}

/**
 * The totals over the holdings where each figure is known, beside `calculatePortfolio`'s (which are
 * null as soon as one holding's figure is unknown): the cost and gain of the valued holdings that
 * print a cost (or are valued at 0), and the XIRR of the holdings whose cash flows are known. Each
 * says how many holdings it covers, so a partial figure is never passed off as the whole.
 */
export interface KnownFigures {
  /** Valued holdings whose cost is known (printed, or valued at 0 and needing none). */
  holdings_with_cost: number;
  /** Their market value, cost and gain. */
  market_value: number;
  cost_value: number;
  gain: number;
  /** XIRR of the holdings whose cash flows are known, and how many of the holdings taking part those are. */
  xirr: number | null;
  xirr_holdings: number;
  xirr_holdings_of: number;
}

export function knownFigures(holdings: readonly Holding[], options: CalculationOptions = {}, flowsOf: FlowsOf = (h) => holdingCashFlows(h, options)): KnownFigures {
  const withCost = holdings.filter(isValued).filter((h) => h.cost_value !== null || paise(h.market_value) === 0);
  const valuePaise = withCost.reduce((s, h) => s + paise(h.market_value), 0);
  const costPaise = withCost.reduce((s, h) => s + paise(h.cost_value ?? 0), 0);
  // The holdings an XIRR takes part in (portfolioXirr's rule): valued or with transactions.
  const relevant = holdings.filter((h) => h.market_value !== 0 || h.transactions.length > 0);
  const known = relevant.map(flowsOf).filter((r) => r.reason === null);
  const rate = known.length ? xirrOf(known.flatMap((r) => r.flows ?? [])).xirr : null;
  return {
    holdings_with_cost: withCost.length,
    market_value: valuePaise / 100,
    cost_value: costPaise / 100,
    gain: (valuePaise - costPaise) / 100,
    xirr: rate,
    xirr_holdings: known.length,
    xirr_holdings_of: relevant.length,
  };
}

/**
 * One `TOTALS_INCOMPLETE` flag per investor whose totals and allocation leave out holdings with an
 * unknown market value, naming them; none when every value is known.
 */
export function totalsIncompleteFlags(entities: Entity[]): ValidationFlag[] {
  return entities.flatMap((e) => {
    const left = e.holdings.filter((h) => !isValued(h));
    if (!left.length) return [];
    const names = left.map((h) => h.isin || h.scheme_name).join(', ');
    return [
      {
        code: 'TOTALS_INCOMPLETE' as const,
        message: `Totals and allocation leave out ${left.length} of ${e.holdings.length} holding(s) whose market value is unknown: ${names}`,
        isin: null,
        entity: e.entity_name || null,
        page: null,
      },
    ];
  });
}
