/**
 * Visual lines from positioned text: items whose baselines are within a tolerance form a line,
 * ordered left to right. Runs that touch are joined without a space (a word or an ISIN drawn in
 * two pieces), runs a word-space apart with one space, and runs separated by a wider gap start a
 * new cell (a table column).
 */
/** Baselines closer than this share a line, as a fraction of the smaller font height. */
const BASELINE_TOLERANCE = 0.4;
/** Absolute bounds of that tolerance, in points. */
const MIN_TOLERANCE = 1;
const MAX_TOLERANCE = 4;
/** A gap narrower than this (fraction of the font height) joins two runs without a space. */
const TOUCH_GAP = 0.1;
/** A gap wider than this (fraction of the font height) starts a new cell; a normal space is ~0.28. */
const CELL_GAP = 1.0;
const fontHeight = (item) => (item.height > 0 ? item.height : 8);
function clusterByBaseline(items) {
    const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
    const clusters = [];
    for (const item of sorted) {
        const last = clusters[clusters.length - 1];
        if (last) {
            const minHeight = Math.min(fontHeight(item), ...last.items.map(fontHeight));
            const tolerance = Math.min(MAX_TOLERANCE, Math.max(MIN_TOLERANCE, minHeight * BASELINE_TOLERANCE));
            if (Math.abs(item.y - last.y) <= tolerance) {
                last.items.push(item);
                continue;
            }
        }
        clusters.push({ y: item.y, items: [item] });
    }
    return clusters;
}
const squash = (text) => text.replace(/\s+/g, ' ').trim();
/** Right edge of a run's visible text (trailing spaces excluded, proportionally to its width). */
function rightEdge(item, str) {
    const trailing = str.length - str.trimEnd().length;
    return trailing && str.length ? item.x + (item.width * (str.length - trailing)) / str.length : item.x + item.width;
}
/** Splits a run that spans several columns ("Folio No: 123   PAN: …") at runs of 3+ spaces. */
function splitWideRuns(item) {
    if (!/\S\s{3,}\S/.test(item.str) || item.str.length === 0)
        return [item];
    const perChar = item.width / item.str.length;
    const out = [];
    for (const m of item.str.matchAll(/\S+(?:\s{1,2}\S+)*/g)) {
        const offset = m.index ?? 0;
        out.push({ ...item, str: m[0], x: item.x + offset * perChar, width: m[0].length * perChar });
    }
    return out;
}
/** Fake bold: the same text drawn twice, a fraction of a point apart. */
function dropOverprint(items) {
    const kept = [];
    for (const item of items) {
        const twin = kept.find((k) => k.str === item.str && Math.abs(k.x - item.x) < 1.5 && Math.abs(k.y - item.y) < 1.5);
        if (!twin)
            kept.push(item);
    }
    return kept;
}
function toLine(page, cluster) {
    const items = dropOverprint(cluster.items.flatMap(splitWideRuns)).sort((a, b) => a.x - b.x);
    const cells = [];
    let current = null;
    let end = -Infinity;
    for (const item of items) {
        const str = item.str.replace(/\s+/g, ' ');
        if (!str.trim())
            continue;
        const h = fontHeight(item);
        const gap = item.x - end;
        // Leading/trailing spaces inside a run count as part of the gap.
        const leadingSpace = /^\s/.test(str);
        if (current && gap < CELL_GAP * h) {
            const glue = gap < TOUCH_GAP * h && !leadingSpace && !/\s$/.test(current.text) ? '' : ' ';
            current.text += glue + str.trimStart();
            current.x_end = Math.max(current.x_end, rightEdge(item, str));
        }
        else {
            const leading = str.length - str.trimStart().length;
            // Shift the cell start past leading spaces, proportionally to the run's width.
            const x = leading && str.length ? item.x + (item.width * leading) / str.length : item.x;
            current = { x, text: str.trimStart(), x_end: rightEdge(item, str) };
            cells.push(current);
        }
        end = Math.max(end, item.x + item.width);
    }
    const round = (v) => Math.round(v * 100) / 100;
    const clean = cells.map((c) => ({ x: round(c.x), text: squash(c.text), x_end: round(c.x_end) })).filter((c) => c.text);
    if (!clean.length)
        return null;
    return { page, y: Math.round(cluster.y * 100) / 100, text: clean.map((c) => c.text).join(' '), cells: clean };
}
/** All lines of all pages, in reading order (page, then top to bottom). */
export function buildLines(pages) {
    const lines = [];
    for (const page of [...pages].sort((a, b) => a.page - b.page)) {
        for (const cluster of clusterByBaseline(page.items)) {
            const line = toLine(page.page, cluster);
            if (line)
                lines.push(line);
        }
    }
    return lines;
}
//# sourceMappingURL=text-lines.js.map