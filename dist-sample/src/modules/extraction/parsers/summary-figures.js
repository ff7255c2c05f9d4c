/**
 * A summary row's figures: units, NAV, market value and cost. Each is read from the column its
 * label names (`tables/`), never from its position. A figure whose column is not labelled (a label
 * the vocabulary does not know, or no header at all) is told apart by the print's conventions and
 * arithmetic: units with 3 decimals × a NAV with 4 = a value with 2, the other amount being the
 * cost. When no single reading fits, the figure stays null (the validator flags it): nothing is
 * guessed.
 */
import { parseNumber, printedDecimals } from '../numbers.js';
export const noFigures = () => ({ units: null, nav: null, value: null, cost: null });
export function printedNumber(text) {
    if (text === undefined)
        return null;
    const value = parseNumber(text);
    return value === null ? null : { text, value };
}
/** Whether units × NAV gives the value within the rounding of the three as printed. */
function productHolds(units, nav, value) {
    const half = (text) => 0.5 * 10 ** -printedDecimals(text);
    const tolerance = half(value.text) + Math.abs(units.value) * half(nav.text) + Math.abs(nav.value) * half(units.text) + 1e-9;
    return Math.abs(units.value * nav.value - value.value) <= tolerance;
}
/**
 * The readings of the unlabelled numbers into the missing figures that make units × NAV = value. By
 * the print's conventions (units 3 decimals, NAV 4, money at most 2) unless `lax`, when any number may
 * be units or NAV: units × NAV = NAV × units, so only other evidence can then tell them apart.
 */
function readings(missing, known, unlabelled, lax) {
    const fits = (k, n) => {
        const d = printedDecimals(n.text);
        if (k === 'value')
            return d <= 2;
        return lax || (k === 'units' ? d === 3 : d === 4);
    };
    const found = [];
    const assign = (i, used, chosen) => {
        if (i === missing.length) {
            const [u, n, v] = ['units', 'nav', 'value'].map((k) => chosen.get(k) ?? known(k));
            if (u && n && v && productHolds(u, n, v))
                found.push(new Map(chosen));
            return;
        }
        for (const candidate of unlabelled) {
            if (used.has(candidate) || !fits(missing[i], candidate))
                continue;
            used.add(candidate);
            chosen.set(missing[i], candidate);
            assign(i + 1, used, chosen);
            chosen.delete(missing[i]);
            used.delete(candidate);
        }
    };
    assign(0, new Set(), new Map());
    return found;
}
/** The one reading among several, when they all give the same figures (a folio redeemed to nothing prints 0.00 twice); else null. */
function single(missing, found) {
    const distinct = new Set(found.map((r) => missing.map((k) => r.get(k).value).join('|')));
    return distinct.size === 1 ? found[0] : null;
}
/**
 * Where no reading makes the product hold: units and NAV by the print's conventions alone (the one
 * unlabelled number with 3 decimals is the units, the one with 4 the NAV), and then a figure still
 * missing by elimination, when one number of the row is left for it. The guard holds what this gives
 * to the statement's arithmetic, so a figure that does not fit is refused rather than left unread
 * beside figures nothing could then check. The value, which an amount printed like the cost could be,
 * is never taken by convention; and while it is unread with amounts printed, none of which is units ×
 * NAV, nothing is taken.
 */
function byConvention(figures, missing, unlabelled) {
    const out = { ...figures };
    // The value unread, and no amount the row prints is units × NAV: the row's own arithmetic refutes it as read.
    if (missing.includes('value') && unlabelled.some((n) => printedDecimals(n.text) <= 2))
        return out;
    const used = new Set();
    for (const [k, decimals] of [['units', 3], ['nav', 4]]) {
        const fitting = unlabelled.filter((n) => printedDecimals(n.text) === decimals);
        if (missing.includes(k) && fitting.length === 1) {
            out[k] = fitting[0].value;
            used.add(fitting[0]);
        }
    }
    const stillMissing = missing.filter((k) => out[k] === null);
    const left = unlabelled.filter((n) => !used.has(n));
    if (stillMissing.length === 1 && left.length === 1)
        out[stillMissing[0]] = left[0].value;
    return out;
}
/**
 * The figures of a row whose labelled columns gave `labelled`, completed from the `unlabelled`
 * numbers: every reading of them into the missing figures is tried, and one is taken only when it is
 * the only one that makes units × NAV = value — by the print's conventions first (units 3 decimals,
 * NAV 4, money 2), else by the NAV the same ISIN is valued at elsewhere in the statement
 * (`navsElsewhere`), else units and NAV by convention alone (`byConvention`). An amount left over is
 * the cost when the cost is missing.
 */
export function completeFigures(labelled, labelledText, unlabelled, navsElsewhere = []) {
    const out = { ...labelled };
    const missing = ['units', 'nav', 'value'].filter((k) => out[k] === null);
    if (!missing.length || !unlabelled.length)
        return out;
    const known = (k) => (out[k] === null ? null : { text: labelledText[k] ?? String(out[k]), value: out[k] });
    let reading = single(missing, readings(missing, known, unlabelled, false));
    if (!reading && navsElsewhere.length && missing.includes('nav')) {
        const priced = readings(missing, known, unlabelled, true).filter((r) => navsElsewhere.includes(r.get('nav').value));
        reading = single(missing, priced);
    }
    if (!reading)
        return byConvention(out, missing, unlabelled);
    for (const k of missing)
        out[k] = reading.get(k).value;
    if (out.cost === null) {
        const used = new Set(reading.values());
        const left = unlabelled.filter((n) => !used.has(n) && printedDecimals(n.text) === 2);
        if (left.length === 1)
            out.cost = left[0].value;
    }
    return out;
}
//# sourceMappingURL=summary-figures.js.map