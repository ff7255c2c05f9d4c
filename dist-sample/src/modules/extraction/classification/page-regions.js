/** Lines of the title block: the first lines of the first page. */
export const TITLE_BLOCK_LINES = 6;
/** Lines at each end of a page that may be a running header or a footer. */
const EDGE_LINES = 2;
export function titleBlock(lines) {
    const first = lines[0]?.page;
    return lines.filter((l) => l.page === first).slice(0, TITLE_BLOCK_LINES);
}
/** The first and last lines of every page (lines are in reading order, page by page). */
export function pageEdges(lines) {
    const edges = new Set();
    let start = 0;
    for (let i = 1; i <= lines.length; i++) {
        if (i < lines.length && lines[i].page === lines[start].page)
            continue;
        for (let k = start; k < i; k++)
            if (k < start + EDGE_LINES || k >= i - EDGE_LINES)
                edges.add(lines[k]);
        start = i;
    }
    return edges;
}
//# sourceMappingURL=page-regions.js.map