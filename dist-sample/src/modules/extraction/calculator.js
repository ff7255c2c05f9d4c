import { holdingCashFlows, portfolioXirr, xirrOf } from './xirr.js';
export { flowsOnce, holdingCashFlows, holdingXirr, openingValue, portfolioXirr, xirr, OPENING_NAV_WINDOW_DAYS } from './xirr.js';
const paise = (v) => Math.round(v * 100);
const round2 = (v) => Math.round(v * 100) / 100;
const BUCKET = { Equity: 'equity', Debt: 'debt', Hybrid: 'hybrid', Other: 'other' };
const isValued = (h) => h.market_value !== null && Number.isFinite(h.market_value);
/**
 * Splits `total` units among parts proportionally to `weights` (largest remainder / Hamilton):
 * floors first, then one unit each to the largest fractional remainders (earlier parts win ties).
 */
export function largestRemainder(weights, total) {
    const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
    if (sum <= 0)
        return weights.map(() => 0);
    const exact = weights.map((w) => (Math.max(0, w) / sum) * total);
    const floors = exact.map((e) => Math.floor(e + 1e-9));
    let left = total - floors.reduce((s, f) => s + f, 0);
    const order = exact.map((e, i) => ({ i, r: e - floors[i] })).sort((a, b) => b.r - a.r || a.i - b.i);
    for (const { i } of order) {
        if (left <= 0)
            break;
        floors[i]++;
        left--;
    }
    return floors;
}
/** Shares of market value by asset class, in percent with 2 decimals, adding up to 100.00; unvalued holdings take no share. */
export function assetAllocation(holdings) {
    const keys = ['equity', 'debt', 'hybrid', 'other'];
    const values = { equity: 0, debt: 0, hybrid: 0, other: 0 };
    for (const h of holdings.filter(isValued))
        values[h.asset_class ? BUCKET[h.asset_class] : 'other'] += Math.max(0, paise(h.market_value));
    const basisPoints = largestRemainder(keys.map((k) => values[k]), 10000);
    const out = { equity: 0, debt: 0, hybrid: 0, other: 0 };
    keys.forEach((k, i) => (out[k] = basisPoints[i] / 100));
    return out;
}
/** `flowsOf` answers each holding's cash flows for the XIRR (`flowsOnce` to share them between calls). */
export function calculatePortfolio(entities, options = {}, flowsOf) {
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
export function knownFigures(holdings, options = {}, flowsOf = (h) => holdingCashFlows(h, options)) {
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
export function totalsIncompleteFlags(entities) {
    return entities.flatMap((e) => {
        const left = e.holdings.filter((h) => !isValued(h));
        if (!left.length)
            return [];
        const names = left.map((h) => h.isin || h.scheme_name).join(', ');
        return [
            {
                code: 'TOTALS_INCOMPLETE',
                message: `Totals and allocation leave out ${left.length} of ${e.holdings.length} holding(s) whose market value is unknown: ${names}`,
                isin: null,
                entity: e.entity_name || null,
                page: null,
            },
        ];
    });
}
//# sourceMappingURL=calculator.js.map