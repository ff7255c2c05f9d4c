/**
 * What a statement says about its own printing and totals, which the validator and the guard both
 * reason with: how many decimals its NAVs and values print to, whether its products are exact, the
 * tolerance of a printed total, and which holdings each printed total covers.
 */
import { isFundIsin } from './asset-class.js';
/** Decimal places of a parsed number as printed (at most `max`). */
export function decimalsOf(value, max) {
    for (let d = 0; d < max; d++) {
        const scaled = value * 10 ** d;
        if (Math.abs(scaled - Math.round(scaled)) < 1e-6)
            return d;
    }
    return max;
}
/**
 * The printed precision of a statement's figures, learned from all its holdings of each kind (funds or
 * listed securities) and the totals it prints: a total printed in paise says the values are too (a
 * value that lost its decimals does not make the statement one of whole rupees).
 */
export function printedPrecision(holdings, totals = []) {
    const widest = (kind, pick, max) => kind.reduce((d, h) => {
        const v = pick(h);
        return v === null ? d : Math.max(d, decimalsOf(v, max));
    }, 0);
    // Values print with 2 decimals, or as whole rupees: only a statement whose every value is whole prints them so.
    const values = holdings.filter((h) => h.market_value !== null);
    const valueDecimals = values.length && widest(values, (h) => h.market_value, 2) === 0 && totals.every((t) => decimalsOf(t, 2) === 0) ? 0 : 2;
    const halfValueStep = 10 ** -valueDecimals / 2 + 1e-6;
    const kind = (fund) => {
        const of = holdings.filter((h) => isFundIsin(h.isin) === fund);
        const checkable = of.filter((h) => h.units !== null && h.nav !== null && h.market_value !== null && h.market_value_source !== 'computed');
        const exact = checkable.filter((h) => Math.abs(h.units * h.nav - h.market_value) <= halfValueStep).length;
        return { navDecimals: widest(of, (h) => h.nav, 4), valueDecimals, exactNav: exact >= 2 && exact * 2 > checkable.length };
    };
    const funds = kind(true);
    const listed = kind(false);
    return { valueDecimals, of: (h) => (isFundIsin(h.isin) ? funds : listed) };
}
/**
 * Largest honest difference between the sum of `count` printed market values and a printed total:
 * half of the values' last digit per holding (a total may add unrounded values), at least one digit.
 */
export function totalTolerance(count, valueDecimals = 2) {
    const step = 10 ** -Math.min(2, valueDecimals);
    return Math.max(step, (step / 2) * count) + 1e-9;
}
/** An AMC as a section heading and as a summary row print it ("HDFC MF", "HDFC Mutual Fund"). */
function sameAmc(a, b) {
    const key = (s) => s.toLowerCase().replace(/\bmutual\s*fund\b|\bmf\b/g, '').replace(/[^a-z0-9]/g, '');
    return a !== null && key(a) === key(b);
}
/**
 * Every total the statement prints and the holdings it covers: each investor's, each group's (an AMC
 * of a mutual-fund statement's portfolio summary, a demat account) and the statement's.
 */
export function printedTotals(draft) {
    const all = draft.entities.flatMap((e) => e.holdings);
    const totals = [];
    for (const e of draft.entities) {
        const label = e.entity_name ?? (e.pan ? `the investor with PAN ${e.pan}` : 'an unnamed investor');
        if (e.stated_total !== null)
            totals.push({ label, stated: e.stated_total, holdings: e.holdings, entity: e.entity_name });
    }
    for (const group of draft.stated_group_totals ?? []) {
        const holdings = all.filter((h) => (group.kind === 'amc' ? sameAmc(h.amc, group.name) : h.account_id === group.name));
        totals.push({ label: group.kind === 'amc' ? group.name : `demat account ${group.name}`, stated: group.market_value, holdings, entity: null });
    }
    if (draft.stated_total !== null)
        totals.push({ label: 'the statement', stated: draft.stated_total, holdings: all, entity: null });
    return totals;
}
//# sourceMappingURL=statement-figures.js.map