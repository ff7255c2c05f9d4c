/**
 * CAMS detailed Consolidated Account Statement: per fund house, per folio, each scheme with its
 * opening unit balance, transactions and closing line ("Closing Unit Balance … NAV on … Market
 * Value on …").
 */
import { cue, section } from './family.js';
import { CAMS } from './issuers.js';
import { AMC_HEADING, CAMS_PRODUCT_CODE, CAS_TITLE, DETAILED_LABELS, SCHEME_LINE_MARKS, SUMMARY_TITLE, TOTAL } from './vocabulary.js';
export const CAMS_DETAILED = {
    code: 'CAMS_DETAILED_CAS',
    title: 'a CAMS detailed Consolidated Account Statement',
    holdings: true,
    issuer: CAMS,
    securities: 'funds',
    folios: true,
    cues: [
        cue(CAS_TITLE, 2, 1),
        cue(/Opening\s+Unit\s+Balance/i, 3),
        cue(/Closing\s+Unit\s+Balance/i, 2),
        cue(/Market\s+Value\s+on\s+\d/i, 1),
        cue(/Date\s+Transaction\s+Amount/i, 2),
        cue(SCHEME_LINE_MARKS, 1),
        // A detailed statement is not titled a summary.
        cue(SUMMARY_TITLE, -4),
    ],
    sections: [section('mutual_fund_folios', AMC_HEADING)],
    totals: { grand: [TOTAL], account: [], group: [] },
    accountId: null,
    productCode: CAMS_PRODUCT_CODE,
    detailed: DETAILED_LABELS,
};
//# sourceMappingURL=cams-detailed.js.map