/**
 * CAMS summary Consolidated Account Statement ("Consolidated Account Summary"): one row per folio
 * and scheme under each fund house (folio, ISIN, scheme, cost, unit balance, NAV date, NAV, market
 * value, registrar), closed by a total. It lists KFintech's folios too, "KFINTECH" in their
 * registrar column.
 */
import { cue, section } from './family.js';
import { CAMS } from './issuers.js';
import { AMC_HEADING, AS_ON_DATE, CAMS_PRODUCT_CODE, CLOSING_BALANCE, GAIN_COLUMN, GROUP_TOTAL, OPENING_BALANCE, SUMMARY_TITLE, SUMMARY_TOTAL } from './vocabulary.js';
export const CAMS_SUMMARY = {
    code: 'CAMS_SUMMARY_CAS',
    title: 'a CAMS summary Consolidated Account Statement',
    holdings: true,
    issuer: CAMS,
    securities: 'funds',
    folios: true,
    cues: [
        cue(SUMMARY_TITLE, 4, 2),
        cue(/NAV\s+Date/i, 2),
        cue(/Unit\s+Balance/i, 1),
        cue(GAIN_COLUMN, 1),
        cue(AS_ON_DATE, 0, 2),
        // A summary prints no opening or closing balance lines.
        cue(new RegExp(`${OPENING_BALANCE.source}|${CLOSING_BALANCE.source}`, 'i'), -4),
    ],
    sections: [section('mutual_fund_folios', AMC_HEADING)],
    totals: { grand: [SUMMARY_TOTAL], account: [], group: [GROUP_TOTAL] },
    accountId: null,
    productCode: CAMS_PRODUCT_CODE,
};
//# sourceMappingURL=cams-summary.js.map