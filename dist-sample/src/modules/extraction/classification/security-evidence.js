/**
 * The structure of a statement of holdings: securities listed by ISIN, and fund folios. An ISIN in
 * a ledger's row (a bank statement's narration: "DIV-INE002A01018-RELIANCE") is not a listed
 * security: a ledger row starts with its date and carries an amount, and its narration may wrap
 * onto the lines under it.
 */
import { findIsin, isValidIsin } from '../identifiers.js';
import { splitNumberTokens } from '../parsers/common.js';
const DATE_FIRST = /^\s*(?:\d{1,2}[-/. ](?:[A-Za-z]{3}|\d{1,2})[-/. ]\d{2,4}|\d{4}-\d{2}-\d{2})\b/;
const FOLIO_LABEL = /Folio\s*(?:No|Number)/gi;
/** How far right of a ledger row's date a line must start to continue that row's narration. */
const INDENT = 8;
const hasFigure = (line) => line.cells.some((c) => splitNumberTokens(c.text) !== null);
/** Lines of dated ledger rows, with the narration lines wrapped under them. */
function ledgerLines(lines) {
    const ledger = new Set();
    let row = null;
    for (const line of lines) {
        if (DATE_FIRST.test(line.text) && line.cells.length > 1 && hasFigure(line)) {
            ledger.add(line);
            row = line;
        }
        else if (row && line.page === row.page && line.cells[0] && line.cells[0].x > row.cells[0].x + INDENT && !hasFigure(line)) {
            ledger.add(line);
        }
        else {
            row = null;
        }
    }
    return ledger;
}
export function securityEvidence(lines) {
    const ledger = ledgerLines(lines);
    let isins = 0;
    let funds = 0;
    let folios = 0;
    for (const line of lines) {
        folios += (line.text.match(FOLIO_LABEL) ?? []).length;
        if (ledger.has(line))
            continue;
        const isin = findIsin(line.text);
        if (isin && isValidIsin(isin)) {
            isins++;
            if (isin.startsWith('INF'))
                funds++;
        }
    }
    return { isins, funds, folios };
}
//# sourceMappingURL=security-evidence.js.map