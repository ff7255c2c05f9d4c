/**
 * CAMS summary Consolidated Account Statement ("Consolidated Account Summary"): one row per folio
 * and scheme, as on a date, grouped by investor and fund house, closed by a total. Read by the
 * summary reader (`summary-table.ts`) with CAMS's description (`families/cams-summary.ts`).
 */
import { CAMS_SUMMARY } from '../families/cams-summary.js';
import { readSummaryStatement } from './summary-table.js';
export function parseCamsSummary(lines) {
    return readSummaryStatement(lines, CAMS_SUMMARY);
}
//# sourceMappingURL=cams-summary.parser.js.map