/**
 * Who issued a statement, from where its name is printed. A registrar or depository prints its name
 * as a mark: in the title block, in a running header or footer (there with its address, however
 * long the line), or on a line of its own. The same name in a table row, or after "Registrar :",
 * only says who services that folio (a CAMS summary lists KFintech's folios, "KFINTECH" in their
 * registrar column), and a name in a sentence ("the funds serviced by CAMS and KFintech") says little.
 */
import { ISSUERS } from '../families/index.js';
import { splitNumberTokens } from '../parsers/common.js';
import { pageEdges, titleBlock } from './page-regions.js';
/** Points of each place an issuer's name is printed in; each place counts once. */
export const PLACEMENT_POINTS = { title: 6, edge: 4, own_line: 3, row: 1, mention: 1 };
/** A cell with more words than this is a sentence, not a mark ("KFin Technologies Limited - Consolidated Account Summary" is 6). */
const MARK_WORDS = 8;
/** The label of a folio's registrar: the name after it is that folio's registrar. */
const REGISTRAR_LABEL = /(?:Registrar|RTA|R\s*&\s*T\s*Agent)(?:\s+Name)?\s*[:\-]?\s*$/i;
const ISIN_SHAPE = /(?<![A-Z0-9])[A-Z]{2}[A-Z0-9]{9}[0-9](?![0-9])/;
/** A row of a table: it carries an ISIN, a folio, or at least two figures. */
function isRow(line) {
    if (ISIN_SHAPE.test(line.text) || /\bFolio\b/i.test(line.text))
        return true;
    let figures = 0;
    for (const c of line.cells)
        if (splitNumberTokens(c.text) && ++figures >= 2)
            return true;
    return false;
}
/** The first place in the cell's text where the issuer is named, or -1. */
function nameAt(issuer, text) {
    let at = -1;
    for (const re of issuer.names) {
        const m = re.exec(text);
        if (m && (at < 0 || m.index < at))
            at = m.index;
    }
    return at;
}
export function issuerEvidence(lines) {
    const placements = Object.fromEntries(ISSUERS.map((i) => [i.id, new Set()]));
    const text = lines.map((l) => l.text).join('\n');
    const named = ISSUERS.filter((i) => i.names.some((re) => re.test(text)));
    if (named.length) {
        const head = new Set(titleBlock(lines));
        const edges = pageEdges(lines);
        for (const line of lines) {
            let row = null;
            line.cells.forEach((cell, k) => {
                const found = named.map((issuer) => ({ issuer, at: nameAt(issuer, cell.text) })).filter((f) => f.at >= 0);
                for (const { issuer, at } of found) {
                    row ??= isRow(line);
                    const afterLabel = REGISTRAR_LABEL.test(cell.text.slice(0, at)) || (at === 0 && k > 0 && REGISTRAR_LABEL.test(line.cells[k - 1].text));
                    const short = cell.text.trim().split(/\s+/).length <= MARK_WORDS;
                    let place;
                    if (row || afterLabel)
                        place = 'row';
                    else if (found.length > 1)
                        place = 'mention';
                    else if (head.has(line) && short)
                        place = 'title';
                    // A running header or footer is the issuer's own furniture, its address line however long.
                    else if (edges.has(line))
                        place = 'edge';
                    else
                        place = short ? 'own_line' : 'mention';
                    placements[issuer.id].add(place);
                }
            });
        }
    }
    const points = {};
    for (const id of Object.keys(placements))
        points[id] = [...placements[id]].reduce((s, p) => s + PLACEMENT_POINTS[p], 0);
    return { points, placements: Object.fromEntries(Object.entries(placements).map(([id, set]) => [id, [...set]])) };
}
/**
 * What the issuer evidence says for or against a family: its issuer's points less those of the
 * issuer named most strongly after it. The issuer decides between families that print the same
 * title and columns (both registrars' summaries), wherever its name is printed.
 */
export function issuerPoints(issuer, evidence) {
    if (!issuer)
        return 0;
    const rivals = ISSUERS.filter((i) => i.id !== issuer.id).map((i) => evidence.points[i.id]);
    return evidence.points[issuer.id] - Math.max(0, ...rivals);
}
//# sourceMappingURL=issuer-evidence.js.map