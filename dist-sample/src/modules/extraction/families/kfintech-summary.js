/**
 * KFintech summary Consolidated Account Statement: CAMS's summary title and columns under
 * KFintech's name (which may be printed only in a footer), in several prints — a landscape table
 * (folio, ISIN, scheme, cost, closing unit balance, NAV date, price, market value, registrar), or a
 * ruled table per fund house with the ISIN under the scheme name and a gain/loss column. It lists
 * CAMS's folios too.
 */
import { cue, section } from './family.js';
import { KFINTECH } from './issuers.js';
import { AMC_HEADING, AS_ON_DATE, GAIN_COLUMN, GROUP_TOTAL, KFINTECH_PRODUCT_CODE, OPENING_BALANCE, SUMMARY_TITLE, SUMMARY_TOTAL } from './vocabulary.js';
export const KFINTECH_SUMMARY = {
    code: 'KFINTECH_SUMMARY_CAS',
    title: 'a KFintech summary Consolidated Account Statement',
    holdings: true,
    issuer: KFINTECH,
    securities: 'funds',
    folios: true,
    cues: [
        cue(SUMMARY_TITLE, 4, 2),
        cue(/NAV\s+Date|Price\s+Date/i, 2),
        cue(/Closing\s+Unit|Unit\s+Balance/i, 1),
        cue(GAIN_COLUMN, 1),
        cue(AS_ON_DATE, 0, 2),
        // A summary prints no opening balances (its header may say "Closing Unit Balance").
        cue(OPENING_BALANCE, -4),
    ],
    sections: [section('mutual_fund_folios', AMC_HEADING)],
    totals: { grand: [SUMMARY_TOTAL], account: [], group: [GROUP_TOTAL] },
    accountId: null,
    productCode: KFINTECH_PRODUCT_CODE,
};
//# sourceMappingURL=kfintech-summary.js.map