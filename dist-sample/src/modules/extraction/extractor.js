/**
 * Extraction: the statement family's parser turns lines into investors, holdings and
 * transactions. Documents that are not statements of holdings yield no entities and no holdings; a
 * statement of holdings carries the holdings tables its parser could not read (`unread_tables`).
 * Whatever the parser read leaves through the guard (`guard.ts`): a figure the statement itself
 * refutes is null, with what was printed and why.
 */
import { parseDetailedCas } from './parsers/detailed/index.js';
import { parseCamsSummary } from './parsers/cams-summary.parser.js';
import { parseCdslCas } from './parsers/cdsl.parser.js';
import { emptyDraft, findPeriod } from './parsers/common.js';
import { parseKfintechSummary } from './parsers/kfintech-summary.parser.js';
import { guardExtraction } from './guard.js';
import { parseNsdlCas } from './parsers/nsdl.parser.js';
import { unreadTables } from './families/unread-tables.js';
export function extractStatement(lines, classification) {
    const draft = guardExtraction(parse(lines, classification));
    const unread = classification.holdings_statement ? unreadTables(lines, draft) : [];
    return { ...draft, classification_confidence: classification.confidence, ...(unread.length ? { unread_tables: unread } : {}) };
}
function parse(lines, classification) {
    if (!classification.holdings_statement)
        return emptyDraft(classification.code, findPeriod(lines));
    switch (classification.code) {
        case 'CAMS_DETAILED_CAS':
        case 'KFINTECH_DETAILED_CAS':
            return parseDetailedCas(lines, classification.code);
        case 'CAMS_SUMMARY_CAS':
            return parseCamsSummary(lines);
        case 'KFINTECH_SUMMARY_CAS':
            return parseKfintechSummary(lines);
        case 'NSDL_CAS':
            return parseNsdlCas(lines);
        case 'CDSL_CAS':
            return parseCdslCas(lines);
        default:
            return emptyDraft(classification.code, findPeriod(lines));
    }
}
//# sourceMappingURL=extractor.js.map