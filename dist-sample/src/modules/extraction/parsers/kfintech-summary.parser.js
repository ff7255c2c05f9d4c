/**
 * KFintech summary Consolidated Account Statement ("Consolidated Account Summary" from KFin
 * Technologies): CAMS's content under KFintech's names, as a landscape table (the header over two
 * lines, "Closing Unit" over "Balance") or a ruled table per fund house with the ISIN under the
 * scheme's name. Read by the summary reader (`summary-table.ts`) with KFintech's description
 * (`families/kfintech-summary.ts`).
 */
import { KFINTECH_SUMMARY } from '../families/kfintech-summary.js';
import { readSummaryStatement } from './summary-table.js';
export function parseKfintechSummary(lines) {
    return readSummaryStatement(lines, KFINTECH_SUMMARY);
}
//# sourceMappingURL=kfintech-summary.parser.js.map