/**
 * Portfolio figures: totals, gains, asset allocation and XIRR, per investor or overall
 * (`calculatePortfolio([entity])` or `calculatePortfolio(draft.entities)`).
 *
 * - Money is added in paise (integers), so totals are exact to the paisa.
 * - Cost and gain only when every holding with a value has a printed cost (demat statements print
 *   none): a partial cost would understate the cost and overstate the gain.
 * - Asset allocation: percentages of market value with 2 decimals that add up to exactly 100.00,
 *   by largest-remainder rounding over hundredths of a percent; holdings without an asset class
 *   count as `other`; all zero when the total is 0.
 * - XIRR (annualised, in percent, 2 decimals) from the cash flows of the transactions and the
 *   closing value, when computable: a holding with an opening balance has no known value at the
 *   start of the period, so it has none (null), and neither does a portfolio containing one.
 */
import type { AssetAllocation, AssetClass, Entity, Holding, PortfolioFigures } from './types.js';

export interface CashFlow {
  /** ISO yyyy-mm-dd */
  date: string;
  /** Negative = paid in by the investor, positive = received (or held, at the end). */
  amount: number;
}

export interface CalculationOptions {
  /** Valuation date for holdings that carry no `nav_date`. */
  asOf?: string | null;
}

const paise = (v: number): number => Math.round(v * 100);
const round2 = (v: number): number => Math.round(v * 100) / 100;

const BUCKET: Record<AssetClass, keyof AssetAllocation> = { Equity: 'equity', Debt: 'debt', Hybrid: 'hybrid', Other: 'other' };

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

/** Shares of market value by asset class, in percent with 2 decimals, adding up to 100.00. */
export function assetAllocation(holdings: Holding[]): AssetAllocation {
  const keys: (keyof AssetAllocation)[] = ['equity', 'debt', 'hybrid', 'other'];
  const values: Record<keyof AssetAllocation, number> = { equity: 0, debt: 0, hybrid: 0, other: 0 };
  for (const h of holdings) values[h.asset_class ? BUCKET[h.asset_class] : 'other'] += Math.max(0, paise(h.market_value));
  const basisPoints = largestRemainder(keys.map((k) => values[k]), 10000);
  const out = { equity: 0, debt: 0, hybrid: 0, other: 0 };
  keys.forEach((k, i) => (out[k] = basisPoints[i] / 100));
  return out;
}

const DAY = 86_400_000;
const yearsBetween = (from: string, to: string): number => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY / 365;

/**
 * Annualised internal rate of return of dated cash flows (as a fraction: 0.1 = 10 %), or null when
 * it does not exist (flows all of one sign) or cannot be found. Newton's method from 10 %, with a
 * bisection fallback over (-99.9999 %, 10⁶ %).
 */
export function xirr(flows: CashFlow[]): number | null {
  const cf = flows.filter((f) => f.amount !== 0 && Number.isFinite(f.amount) && !Number.isNaN(Date.parse(f.date)));
  if (!cf.some((f) => f.amount < 0) || !cf.some((f) => f.amount > 0)) return null;
  const start = cf.reduce((m, f) => (f.date < m ? f.date : m), cf[0].date);
  const t = cf.map((f) => yearsBetween(start, f.date));
  const npv = (r: number): number => cf.reduce((s, f, i) => s + f.amount / (1 + r) ** t[i], 0);
  const dnpv = (r: number): number => cf.reduce((s, f, i) => s - (t[i] * f.amount) / (1 + r) ** (t[i] + 1), 0);

  let r = 0.1;
  for (let i = 0; i < 100; i++) {
    const f = npv(r);
    const d = dnpv(r);
    if (!Number.isFinite(f) || !Number.isFinite(d) || d === 0) break;
    const next = r - f / d;
    if (!Number.isFinite(next) || next <= -1) break;
    if (Math.abs(next - r) < 1e-10) return Math.abs(npv(next)) < 1e-6 * Math.max(1, ...cf.map((x) => Math.abs(x.amount))) ? next : null;
    r = next;
  }
  // Bisection on a bracket with a sign change.
  let lo = -0.999999;
  let hi = 1;
  let flo = npv(lo);
  let fhi = npv(hi);
  while (Math.sign(flo) === Math.sign(fhi) && hi < 1e4) {
    hi *= 4;
    fhi = npv(hi);
  }
  if (!Number.isFinite(flo) || !Number.isFinite(fhi) || Math.sign(flo) === Math.sign(fhi)) return null;
  for (let i = 0; i < 300; i++) {
    const mid = (lo + hi) / 2;
    const fm = npv(mid);
    if (Math.abs(hi - lo) < 1e-12 || fm === 0) return mid;
    if (Math.sign(fm) === Math.sign(flo)) {
      lo = mid;
      flo = fm;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}

const REINVESTMENT = /reinvest/i;
const PAYOUT = /payout|\bpaid\b|dividend|idcw/i;
const CHARGES = /stamp|\bstt\b|\btds\b|\btax\b|charges?/i;

/**
 * Cash flows of a holding, or null when they cannot be known: an opening balance (value at the
 * start unknown), no transactions, or no valuation date.
 */
export function holdingCashFlows(h: Holding, options: CalculationOptions = {}): CashFlow[] | null {
  if (h.opening_units === null || Math.abs(h.opening_units) >= 0.0005 || h.transactions.length === 0) return null;
  const asOf = h.nav_date ?? options.asOf ?? null;
  if (!asOf) return null;
  const flows: CashFlow[] = [];
  for (const t of h.transactions) {
    if (t.amount === null || t.amount === 0) continue;
    const units = t.units ?? 0;
    if (REINVESTMENT.test(t.description) && units > 0) continue; // no cash changes hands
    if (units === 0 && PAYOUT.test(t.description) && !CHARGES.test(t.description)) flows.push({ date: t.date, amount: Math.abs(t.amount) });
    else if (units === 0 && CHARGES.test(t.description)) flows.push({ date: t.date, amount: -Math.abs(t.amount) });
    else flows.push({ date: t.date, amount: -t.amount });
  }
  if (h.market_value) flows.push({ date: asOf, amount: h.market_value });
  return flows;
}

const asPercent = (rate: number | null): number | null => (rate === null || !Number.isFinite(rate) ? null : round2(rate * 100));

/** XIRR of one holding in percent, or null. */
export function holdingXirr(h: Holding, options: CalculationOptions = {}): number | null {
  const flows = holdingCashFlows(h, options);
  return flows ? asPercent(xirr(flows)) : null;
}

export function calculatePortfolio(entities: Entity[], options: CalculationOptions = {}): PortfolioFigures {
  const holdings = entities.flatMap((e) => e.holdings);
  const totalPaise = holdings.reduce((s, h) => s + paise(h.market_value), 0);
  const costKnown = holdings.length > 0 && holdings.every((h) => h.cost_value !== null || paise(h.market_value) === 0);
  const costPaise = costKnown ? holdings.reduce((s, h) => s + paise(h.cost_value ?? 0), 0) : null;
  const gainPaise = costPaise === null ? null : totalPaise - costPaise;

  let portfolioXirr: number | null = null;
  const relevant = holdings.filter((h) => paise(h.market_value) !== 0 || h.transactions.length > 0);
  if (relevant.length) {
    const all: CashFlow[] = [];
    let computable = true;
    for (const h of relevant) {
      const flows = holdingCashFlows(h, options);
      if (!flows) {
        computable = false;
        break;
      }
      all.push(...flows);
    }
    if (computable) portfolioXirr = asPercent(xirr(all));
  }

  return {
    total_market_value: totalPaise / 100,
    total_cost_value: costPaise === null ? null : costPaise / 100,
    gain: gainPaise === null ? null : gainPaise / 100,
    gain_pct: gainPaise === null || !costPaise ? null : round2((gainPaise / costPaise) * 100),
    asset_allocation: assetAllocation(holdings),
    xirr: portfolioXirr,
  };
}
