/**
 * A holdings table's header, found by its vocabulary: a line whose cells are column labels (in any
 * order and wording), possibly wrapped over two lines ("Closing Unit" over "Balance", "(INR)" under a
 * money column). The header gives each column's kind and where its label is printed.
 */
import { findIsin } from '../identifiers.js';
import { isNumber } from '../numbers.js';
import { columnKind, isLabelFragment } from './vocabulary.js';
/** Two header lines are at most this far apart (points). */
const WRAP_GAP = 14;
/** A label no vocabulary word knows is still a column when it is this short. */
const MAX_UNKNOWN_WORDS = 3;
const edge = (c) => c.x_end ?? c.x + c.text.length * 4;
function overlap(a, b) {
    return Math.min(a.x_end, b.x_end) - Math.max(a.x, b.x);
}
/** A cell that can sit in a header: a known label, a wrapped label's part, or a short unknown label. */
function headerCell(cell) {
    const t = cell.text.trim();
    if (!t || findIsin(t) || isNumber(t) || /\d{3,}/.test(t))
        return false;
    return columnKind(t) !== null || isLabelFragment(t) || (t.split(/\s+/).length <= MAX_UNKNOWN_WORDS && !/[:]/.test(t));
}
function columnsOf(cells) {
    return cells.map((c) => ({ kind: columnKind(c.text), label: c.text.trim(), x: c.x, x_end: edge(c) }));
}
/** Merges a wrapped header's other line into the columns: each part joins the label it sits under or over. */
function mergeLine(columns, other, below) {
    const merged = columns.map((c) => ({ ...c }));
    for (const cell of other.cells) {
        const span = { x: cell.x, x_end: edge(cell) };
        let best = null;
        let score = -Infinity;
        for (const c of merged) {
            const o = overlap(c, span);
            // Centred, left- or right-aligned labels: the best overlap, else the nearest within a few points.
            const s = o > 0 ? o : o + (Math.abs((c.x + c.x_end) / 2 - (span.x + span.x_end) / 2) < 12 ? 6 : -Infinity);
            if (s > score) {
                score = s;
                best = c;
            }
        }
        if (best && score > -6) {
            best.label = below ? `${best.label} ${cell.text.trim()}` : `${cell.text.trim()} ${best.label}`;
            best.x = Math.min(best.x, span.x);
            best.x_end = Math.max(best.x_end, span.x_end);
        }
        else {
            merged.push({ kind: null, label: cell.text.trim(), x: span.x, x_end: span.x_end });
        }
    }
    for (const c of merged)
        c.kind = columnKind(c.label) ?? c.kind;
    return merged.sort((a, b) => a.x - b.x);
}
/** Whether columns make a holdings table's header: a security named (ISIN or name) and two figures. */
function isHoldingsHeader(columns) {
    const kinds = new Set(columns.map((c) => c.kind));
    const figures = ['units', 'nav', 'value', 'cost', 'face_value'].filter((k) => kinds.has(k)).length;
    const known = columns.filter((c) => c.kind !== null).length;
    return (kinds.has('isin') || kinds.has('name')) && figures >= 2 && known >= Math.max(3, Math.ceil(columns.length * 0.6));
}
/**
 * The holdings-table header whose main line is `lines[i]`, or null when that line is none. A wrapped
 * part on the line below (or a label part on the line above) is merged into it.
 */
export function readHeader(lines, i) {
    const line = lines[i];
    if (!line || line.cells.length < 3 || !line.cells.every(headerCell))
        return null;
    let columns = columnsOf(line.cells);
    const used = [line];
    const next = lines[i + 1];
    if (next && next.page === line.page && next.y - line.y <= WRAP_GAP && next.cells.every((c) => headerCell(c) && (isLabelFragment(c.text) || columnKind(c.text) !== null))) {
        const withNext = mergeLine(columns, next, true);
        if (isHoldingsHeader(withNext) || !isHoldingsHeader(columns)) {
            columns = withNext;
            used.push(next);
        }
    }
    const previous = lines[i - 1];
    if (previous && previous.page === line.page && line.y - previous.y <= WRAP_GAP && previous.cells.every((c) => headerCell(c) && isLabelFragment(c.text))) {
        columns = mergeLine(columns, previous, false);
        used.unshift(previous);
    }
    return isHoldingsHeader(columns) ? { columns, lines: used } : null;
}
//# sourceMappingURL=header.js.map