/**
 * The figures of one depository holding row: quantity, price (or NAV) and value. Each is taken from
 * the column its label names (`tables/`), never from its position. Where the header leaves one
 * unnamed (a label the vocabulary does not know, a header lost with a page), the row's own
 * arithmetic chooses among its unlabelled figures: quantity × price = value within the printed
 * rounding. When several readings satisfy it, the print's conventions decide (a value has 2
 * decimals, a quantity is whole or has 3, a price 2 or 4); when they still do not, the figures
 * left open are null (the validator flags them FIGURE_MISSING), never a guess.
 */
import { parseNumber } from '../numbers.js';
import { valueTolerance } from '../validator.js';
import { FIGURE_KINDS } from '../tables/index.js';
import { splitNumberTokens } from './common.js';
/** The figures of the holding itself; a coupon ("7.26%") or a return may print as text. */
const HOLDING_FIGURES = new Set([...FIGURE_KINDS].filter((k) => k !== 'coupon' && k !== 'return'));
const ROLES = ['units', 'nav', 'value'];
/** One printed number; null for text, an empty cell, or a cell of several numbers (two columns' figures together). */
export function printedFigure(text) {
    const tokens = text === undefined ? null : splitNumberTokens(text);
    if (!tokens || tokens.length !== 1)
        return null;
    const value = parseNumber(tokens[0]);
    if (value === null)
        return null;
    return { value, decimals: decimalsOf(tokens[0]) };
}
/** Decimals of a printed number: the digits after its last point ("Rs.1,234.50" → 2, "1,234" → 0). */
export const decimalsOf = (text) => /\.(\d+)\D*$/.exec(text)?.[1].length ?? 0;
/** Whether quantity × price gives the printed value within the rounding of the price and value as printed (the validator's bound). */
function consistent(units, price, value) {
    return Math.abs(units.value * price.value - value.value) <= valueTolerance(units.value, price.value, { navDecimals: price.decimals, valueDecimals: value.decimals });
}
/** How the print writes each figure: a value in paise, a quantity whole or in thousandths, a price in paise or to 4 decimals. */
const CONVENTION = {
    units: (d) => d === 0 || d === 3,
    nav: (d) => d === 2 || d === 4,
    value: (d) => d === 2,
};
/** Every figure of the row no label names: cells under labels the vocabulary does not know, and cells under no label. */
function unlabelled(cells) {
    const texts = [...Object.values(cells.other), ...cells.loose.filter((p) => p.numeric).map((p) => p.text)];
    return texts.flatMap((t) => (splitNumberTokens(t) ?? []).map((token) => printedFigure(token)).filter((f) => f !== null));
}
/**
 * The readings of the open roles from the candidates (each candidate used once) that satisfy
 * quantity × price = value with the labelled figures; readings that give the same numbers are one.
 */
function readings(known, open, candidates) {
    const out = [];
    const seen = new Set();
    const assign = (k, used, current) => {
        if (k === open.length) {
            const r = current;
            if (r.units.value === 0 || r.nav.value === 0 || !consistent(r.units, r.nav, r.value))
                return;
            const key = ROLES.map((role) => `${r[role].value}/${r[role].decimals}`).join(' ');
            if (!seen.has(key)) {
                seen.add(key);
                out.push({ ...r });
            }
            return;
        }
        candidates.forEach((c, i) => {
            if (used.has(i))
                return;
            used.add(i);
            assign(k + 1, used, { ...current, [open[k]]: c });
            used.delete(i);
        });
    };
    assign(0, new Set(), { ...known });
    return out;
}
/** The row's figures; `cells.byKind` holds the labelled columns' text. */
export function dematFigures(cells, { printed, valueDecimals, elsewhere = () => false }) {
    const labelled = (kind) => printedFigure(cells.byKind[kind]);
    const none = { units: null, nav: null, value: null, face_value: labelled('face_value')?.value ?? null, cost_value: labelled('cost')?.value ?? null };
    // A figure column holding text (two figures run together, a misprint), or a quantity, price or
    // value column holding more than one number: the row cannot be checked, so none of the three is taken.
    const garbled = Object.entries(cells.byKind).some(([kind, text]) => HOLDING_FIGURES.has(kind) && !splitNumberTokens(text ?? ''));
    if (garbled || ROLES.some((r) => cells.byKind[r] !== undefined && !labelled(r)))
        return none;
    const value = labelled('value');
    if (value && valueDecimals !== undefined && value.decimals !== valueDecimals)
        return none;
    const known = {};
    for (const role of ROLES) {
        const f = labelled(role);
        if (f)
            known[role] = f;
    }
    const open = ROLES.filter((r) => !known[r]);
    const figures = { ...none, units: known.units?.value ?? null, nav: known.nav?.value ?? null, value: known.value?.value ?? null };
    if (!open.length)
        return figures;
    const all = readings(known, open, unlabelled(cells));
    let found = all;
    if (found.length > 1)
        found = found.filter((r) => open.every((role) => CONVENTION[role](r[role].decimals)));
    if (found.length > 1)
        found = found.filter((r) => elsewhere(r.nav.value));
    if (found.length === 1) {
        for (const role of open)
            figures[role] = found[0][role].value;
    }
    else if (all.length > 1) {
        // A figure every reading agrees on stands; the ones they disagree on stay null.
        for (const role of open)
            if (all.every((r) => r[role].value === all[0][role].value))
                figures[role] = all[0][role].value;
    }
    // The table prints all three but one of them is missing from this row: what remains cannot be checked.
    if (ROLES.every((r) => printed.has(r)) && ROLES.some((r) => figures[r] === null))
        return none;
    return figures;
}
//# sourceMappingURL=demat-figures.js.map