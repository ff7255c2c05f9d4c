import { UNIT_TOLERANCE, unitsAfterTransactions, valueTolerance } from './validator.js';
const UNKNOWN = { standing: 'unknown', why: '' };
const fmtUnits = (v) => v.toFixed(3);
const fmtNav = (v) => v.toFixed(4);
export const fmtMoney = (v) => v.toFixed(2);
/** Two NAVs as printed (4 decimals at most) are the same figure. */
export const sameNav = (a, b) => Math.abs(a - b) < 5e-7;
/** The closing units against the holding's own transaction table. */
export function unitsEvidence(h) {
    if (h.units === null)
        return { finding: UNKNOWN, implied: null };
    if (h.units < 0)
        return { finding: { standing: 'refuted', why: 'a closing balance cannot be negative' }, implied: null };
    const equations = [];
    if (h.opening_units !== null) {
        const units = unitsAfterTransactions(h);
        equations.push({ units, says: h.transactions.length ? `the opening balance and the transactions give ${fmtUnits(units)} units` : `the opening balance is ${fmtUnits(units)} units and no transaction follows` });
    }
    const last = [...h.transactions].reverse().find((t) => t.balance_units !== null)?.balance_units;
    if (last !== undefined && last !== null)
        equations.push({ units: last, says: `the last transaction leaves ${fmtUnits(last)} units` });
    if (!equations.length)
        return { finding: UNKNOWN, implied: null };
    const agree = equations.filter((e) => Math.abs(e.units - h.units) <= UNIT_TOLERANCE);
    const consistent = equations.every((e) => Math.abs(e.units - equations[0].units) <= UNIT_TOLERANCE);
    if (agree.length === equations.length)
        return { finding: { standing: 'confirmed', why: equations.map((e) => e.says).join(', and ') }, implied: h.units };
    // The transaction table disagrees with itself and one of its figures matches: it neither confirms nor refutes.
    if (agree.length)
        return { finding: UNKNOWN, implied: null };
    return { finding: { standing: 'refuted', why: equations.map((e) => e.says).join(', and ') }, implied: consistent ? equations[0].units : null };
}
/** units × NAV against the printed market value; null when it cannot be checked (a figure missing, or the value computed from the other two). */
export function productHolds(h, precision) {
    const { units, nav, market_value: value } = h;
    if (units === null || nav === null || value === null || h.market_value_source === 'computed')
        return { holds: null, says: '' };
    const product = units * nav;
    const tolerance = valueTolerance(units, nav, precision);
    return {
        holds: Math.abs(product - value) <= tolerance,
        says: `units ${fmtUnits(units)} × NAV ${fmtNav(nav)} = ${fmtMoney(product)}, but the market value is ${fmtMoney(value)}`,
    };
}
/** A figure that cannot be negative. */
export function signFinding(value, what) {
    return value !== null && value < 0 ? { standing: 'refuted', why: `${what} cannot be negative` } : UNKNOWN;
}
/**
 * The NAV against the NAV of the same ISIN on the same date elsewhere in the statement, as printed by
 * holdings whose own figures hold together (`peers`, the holding itself excluded).
 */
export function navEvidence(h, peers) {
    if (h.nav === null)
        return { finding: UNKNOWN, exchanged: null };
    if (h.nav < 0)
        return { finding: { standing: 'refuted', why: 'a NAV cannot be negative' }, exchanged: null };
    const navs = peers.filter((p) => p.sound && p.holding.nav !== null).map((p) => p.holding.nav);
    if (!navs.length)
        return { finding: UNKNOWN, exchanged: null };
    if (navs.some((n) => sameNav(n, h.nav)))
        return { finding: { standing: 'confirmed', why: 'the same NAV is printed for this ISIN elsewhere in the statement' }, exchanged: null };
    const exchangedWith = h.units === null ? undefined : navs.find((n) => sameNav(n, h.units));
    if (exchangedWith !== undefined) {
        return { finding: UNKNOWN, exchanged: `the units read equal the NAV ${fmtNav(exchangedWith)} printed for this ISIN elsewhere in the statement: units and NAV are exchanged` };
    }
    // Folios of one fund are valued at its one NAV of the date: a NAV the fund's other sound folios do
    // not print is refuted (two folios that disagree refute each other: which is misread, nothing says).
    // Across a folio and a demat account another price refutes nothing: an ETF's units in a folio are
    // valued at its NAV, those in a demat account at the market price, on the same date.
    const folio = (x) => !x.account_id;
    const folioNavs = peers.filter((p) => p.sound && p.holding.nav !== null && folio(p.holding)).map((p) => p.holding.nav);
    if (folio(h) && folioNavs.length) {
        return { finding: { standing: 'refuted', why: `the fund's other folios print its NAV of the same date as ${[...new Set(folioNavs.map(fmtNav))].join(', ')}` }, exchanged: null };
    }
    return { finding: UNKNOWN, exchanged: null };
}
/** Holdings of the same ISIN valued on the same date, by ISIN and date. */
export function sameSecurityGroups(holdings) {
    const groups = new Map();
    for (const h of holdings) {
        const key = `${h.isin}@${h.nav_date ?? ''}`;
        groups.set(key, [...(groups.get(key) ?? []), h]);
    }
    return groups;
}
//# sourceMappingURL=guard-evidence.js.map