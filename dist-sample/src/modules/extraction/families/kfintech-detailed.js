/**
 * KFintech detailed Consolidated Account Statement: CAMS's hierarchy in KFintech's words
 * ("Opening Balance :", "Valuation on …", transaction columns Amount, NAV, Units, Balance Units).
 */
import { cue, section } from './family.js';
import { KFINTECH } from './issuers.js';
import { AMC_HEADING, CAS_TITLE, KFINTECH_PRODUCT_CODE, DETAILED_LABELS, SCHEME_LINE_MARKS, SUMMARY_TITLE, TOTAL } from './vocabulary.js';
export const KFINTECH_DETAILED = {
    code: 'KFINTECH_DETAILED_CAS',
    title: 'a KFintech detailed Consolidated Account Statement',
    holdings: true,
    issuer: KFINTECH,
    securities: 'funds',
    folios: true,
    cues: [
        cue(CAS_TITLE, 2, 1),
        cue(/Opening\s+Balance\s*:/i, 2),
        cue(/Closing\s+Balance\s*:/i, 1),
        cue(/Valuation\s+on\s+\d/i, 2),
        cue(/Balance\s+Units/i, 2),
        cue(SCHEME_LINE_MARKS, 1),
        // A detailed statement is not titled a summary.
        cue(SUMMARY_TITLE, -4),
    ],
    sections: [section('mutual_fund_folios', AMC_HEADING)],
    totals: { grand: [TOTAL], account: [], group: [] },
    accountId: null,
    productCode: KFINTECH_PRODUCT_CODE,
    detailed: DETAILED_LABELS,
};
//# sourceMappingURL=kfintech-detailed.js.map