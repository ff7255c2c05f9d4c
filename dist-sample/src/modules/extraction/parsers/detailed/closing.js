/**
 * A scheme's closing block: closing unit balance, NAV on a date, cost value and market value
 * (valuation), in any order and shape. Each figure is the number printed right after its own label,
 * whether the four sit on one line or several; or, printed as a two-row table, the number printed
 * under its label. A figure is only ever read beside or under its label: never re-assigned by
 * arithmetic (the guard judges the figures as read).
 */
import { findDate } from '../../numbers.js';
import { labelValue, numericCells } from '../common.js';
const FIELDS = ['units', 'nav', 'cost', 'value'];
/** The closing labels printed on a line. */
export function closingLabelsIn(text, labels) {
    return FIELDS.filter((f) => labels[f].test(text));
}
/** The figures a line prints after their labels ("Closing Unit Balance: 1,234.567  NAV on …: INR 12.3456 …"). */
export function readClosingLine(text, labels) {
    const out = { values: {}, navDate: null };
    for (const field of FIELDS) {
        const value = labelValue(text, labels[field]);
        if (value === null)
            continue;
        out.values[field] = value;
        if (field === 'nav')
            out.navDate = findDate(labels.nav.exec(text)?.[0] ?? '');
    }
    return out;
}
/** A line of closing labels without their figures: the header of a two-row closing table. */
export function isClosingTableHeader(line, labels) {
    return closingLabelsIn(line.text, labels).length >= 2 && Object.keys(readClosingLine(line.text, labels).values).length === 0 && numericCells(line.cells).length === 0;
}
/** The figures of a two-row closing table: each number of `values` under the label it sits beneath. */
export function readClosingTable(header, values, closingLabels) {
    const out = { values: {}, navDate: null };
    const labels = header.cells.flatMap((c) => {
        const fields = closingLabelsIn(c.text, closingLabels);
        return fields.length === 1 ? [{ field: fields[0], x: c.x, x_end: c.x_end ?? c.x, text: c.text }] : [];
    });
    for (const n of numericCells(values.cells)) {
        const x_end = n.x_end ?? n.x;
        // The label whose span the figure overlaps most; else the nearest by left edge.
        let best = null;
        let score = -Infinity;
        for (const l of labels) {
            const overlap = Math.min(l.x_end, x_end) - Math.max(l.x, n.x);
            const s = overlap > 0 ? overlap : -Math.abs(l.x - n.x);
            if (s > score) {
                score = s;
                best = l;
            }
        }
        if (!best || out.values[best.field] !== undefined || score < -20)
            return { values: {}, navDate: null };
        out.values[best.field] = n.value;
        if (best.field === 'nav')
            out.navDate = findDate(best.text);
    }
    return out;
}
//# sourceMappingURL=closing.js.map