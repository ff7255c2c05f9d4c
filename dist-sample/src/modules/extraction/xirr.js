/**
 * How far from the period start a transaction's NAV may be and still value the opening units. A
 * month keeps a monthly SIP's instalment in reach, while the NAV's drift over a month stays small
 * beside a statement period of a year or more; farther away the starting value would be a guess.
 */
export const OPENING_NAV_WINDOW_DAYS = 31;
const DAY = 86_400_000;
const dayNumber = (iso) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const yearsBetween = (from, to) => (dayNumber(to) - dayNumber(from)) / 365;
const EPSILON_UNITS = 0.0005;
/**
 * Annualised internal rate of return of dated cash flows (as a fraction: 0.1 = 10 %), or null when
 * it does not exist (flows all of one sign) or cannot be found. Newton's method from 10 %, with a
 * bisection fallback over (-99.9999 %, 10⁶ %).
 */
export function xirr(flows) {
    const cf = flows.filter((f) => f.amount !== 0 && Number.isFinite(f.amount) && !Number.isNaN(Date.parse(f.date)));
    if (!cf.some((f) => f.amount < 0) || !cf.some((f) => f.amount > 0))
        return null;
    const start = cf.reduce((m, f) => (f.date < m ? f.date : m), cf[0].date);
    const t = cf.map((f) => yearsBetween(start, f.date));
    const npv = (r) => cf.reduce((s, f, i) => s + f.amount / (1 + r) ** t[i], 0);
    /** The NPV and its derivative at `r`, from one power per flow. */
    const npvAndSlope = (r) => {
        let value = 0;
        let slope = 0;
        for (let i = 0; i < cf.length; i++) {
            const discounted = cf[i].amount / (1 + r) ** t[i];
            value += discounted;
            slope -= (t[i] * discounted) / (1 + r);
        }
        return [value, slope];
    };
    let r = 0.1;
    for (let i = 0; i < 100; i++) {
        const [f, d] = npvAndSlope(r);
        if (!Number.isFinite(f) || !Number.isFinite(d) || d === 0)
            break;
        const next = r - f / d;
        if (!Number.isFinite(next) || next <= -1)
            break;
        if (Math.abs(next - r) < 1e-10)
            return Math.abs(npv(next)) < 1e-6 * Math.max(1, ...cf.map((x) => Math.abs(x.amount))) ? next : null;
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
    if (!Number.isFinite(flo) || !Number.isFinite(fhi) || Math.sign(flo) === Math.sign(fhi))
        return null;
    for (let i = 0; i < 300; i++) {
        const mid = (lo + hi) / 2;
        const fm = npv(mid);
        if (Math.abs(hi - lo) < 1e-12 || fm === 0)
            return mid;
        if (Math.sign(fm) === Math.sign(flo)) {
            lo = mid;
            flo = fm;
        }
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}
/**
 * The value of the opening units at `periodFrom`: the printed opening valuation, else opening units ×
 * the NAV of the holding's priced transaction (units moved at a NAV above 0; reversals and
 * segregations carry another row's price) nearest the period start, within the window; on a tie,
 * the earlier one. Null when there is no such evidence.
 */
export function openingValue(h, periodFrom) {
    if (h.opening_value !== undefined && h.opening_value !== null)
        return h.opening_value;
    if (!periodFrom || h.opening_units === null || Number.isNaN(dayNumber(periodFrom)))
        return null;
    const start = dayNumber(periodFrom);
    let best = null;
    for (const t of h.transactions) {
        if (t.nav === null || !(t.nav > 0) || !t.units || t.type === 'reversal' || t.type === 'segregation')
            continue;
        const distance = Math.abs(dayNumber(t.date) - start);
        if (!(distance <= OPENING_NAV_WINDOW_DAYS))
            continue;
        if (!best || distance < best.distance || (distance === best.distance && t.date < best.date))
            best = { distance, date: t.date, nav: t.nav };
    }
    return best ? h.opening_units * best.nav : null;
}
/** The money a row's units were worth: its amount, else units × NAV; null when neither is printed. */
const rowValue = (t) => t.amount !== null && t.amount !== 0 ? Math.abs(t.amount) : t.units && t.nav !== null && t.nav > 0 ? Math.abs(t.units * t.nav) : null;
/** Units coming in are paid for (negative), units going out are received (positive). */
function byUnits(t) {
    const v = rowValue(t);
    if (v === null)
        return null;
    return (t.units ?? 0) > 0 ? -v : v;
}
/**
 * The cash flow of one row, from the investor's side of this holding: 0 when no money changes hands
 * (reinvestment, bonus, segregation, notes), null when money changes hands but its amount is unknown.
 */
export function transactionFlow(t) {
    switch (t.type) {
        case 'purchase':
        case 'sip_purchase':
        case 'switch_in':
        case 'stp_in':
        case 'transfer_in': {
            const v = rowValue(t);
            return v === null ? null : -v;
        }
        case 'redemption':
        case 'swp':
        case 'switch_out':
        case 'stp_out':
        case 'transfer_out':
            return rowValue(t);
        case 'idcw_payout':
            return t.amount ? Math.abs(t.amount) : 0;
        case 'stamp_duty':
        case 'stt':
        case 'tds':
            return t.amount ? -Math.abs(t.amount) : 0;
        case 'idcw_reinvestment':
        case 'bonus':
        case 'segregation':
            return 0;
        case 'reversal':
            // A reversed charge or payout moves money only: it flows back the opposite way it was printed.
            if (!t.units)
                return t.amount ? -t.amount : 0;
            return byUnits(t);
        case 'merger':
        case 'other':
            return t.units ? byUnits(t) : 0;
    }
}
const hasOpening = (h) => h.opening_units !== null && Math.abs(h.opening_units) >= EPSILON_UNITS;
/**
 * Cash flows of a holding over the period: the opening value paid at the period start, each row's
 * flow, and the closing value received on `nav_date` (or `asOf`). Or the reason they cannot be known.
 */
export function holdingCashFlows(h, options = {}) {
    const fail = (reason) => ({ flows: null, reason });
    if (h.opening_units === null)
        return fail(h.transactions.length ? 'OPENING_UNITS_UNKNOWN' : 'NO_TRANSACTIONS');
    // Zero units are worth zero whatever the NAV; any other unread value stays unknown.
    const closing = h.market_value ?? (h.units === 0 ? 0 : null);
    if (closing === null)
        return fail('VALUE_UNKNOWN');
    const asOf = h.nav_date ?? options.asOf ?? null;
    if (closing !== 0 && !asOf)
        return fail('NO_VALUATION_DATE');
    const flows = [];
    if (hasOpening(h)) {
        const value = openingValue(h, options.periodFrom);
        if (value === null || !options.periodFrom)
            return fail('OPENING_VALUE_UNKNOWN');
        flows.push({ date: options.periodFrom, amount: -value });
    }
    for (const t of h.transactions) {
        const amount = transactionFlow(t);
        if (amount === null)
            return fail('TRANSACTION_VALUE_UNKNOWN');
        if (amount !== 0)
            flows.push({ date: t.date, amount });
    }
    if (closing !== 0 && asOf)
        flows.push({ date: asOf, amount: closing });
    return { flows, reason: null };
}
const round2 = (v) => Math.round(v * 100) / 100;
/** XIRR of flows in percent, or the reason there is none: one-signed flows, or no rate that solves them. */
export function xirrOf(flows) {
    const rate = xirr(flows);
    if (rate !== null && Number.isFinite(rate))
        return { xirr: round2(rate * 100), xirr_reason: null };
    const counted = flows.filter((f) => f.amount !== 0);
    const bothSigns = counted.some((f) => f.amount < 0) && counted.some((f) => f.amount > 0);
    return { xirr: null, xirr_reason: bothSigns ? 'NO_SOLUTION' : 'NO_CASH_FLOWS' };
}
/**
 * `holdingCashFlows` with each holding's flows kept after the first call: the statement, each
 * investor and each holding are figured from the same flows without building them three times.
 */
export function flowsOnce(options = {}) {
    const known = new Map();
    return (h) => {
        let r = known.get(h);
        if (!r)
            known.set(h, (r = holdingCashFlows(h, options)));
        return r;
    };
}
/** XIRR of one holding in percent, or null with the reason. */
export function holdingXirr(h, options = {}, flowsOf = (x) => holdingCashFlows(x, options)) {
    const r = flowsOf(h);
    return r.reason ? { xirr: null, xirr_reason: r.reason } : xirrOf(r.flows);
}
/**
 * XIRR of several holdings together (an investor, a statement): all their flows as one. Holdings
 * with neither a value nor transactions (closed before the period) take no part; when any other
 * holding's flows cannot be known, the XIRR is null with the first such holding's reason — a rate
 * over the rest would be presented as the portfolio's.
 */
export function portfolioXirr(holdings, options = {}, flowsOf = (h) => holdingCashFlows(h, options)) {
    const relevant = holdings.filter((h) => h.market_value !== 0 || h.transactions.length > 0);
    if (!relevant.length)
        return { xirr: null, xirr_reason: 'NO_CASH_FLOWS' };
    const all = [];
    for (const h of relevant) {
        const r = flowsOf(h);
        if (r.reason)
            return { xirr: null, xirr_reason: r.reason };
        all.push(...r.flows);
    }
    return xirrOf(all);
}
//# sourceMappingURL=xirr.js.map