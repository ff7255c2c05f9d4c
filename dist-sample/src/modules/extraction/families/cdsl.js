/**
 * CDSL Consolidated Account Statement: per BO ID (16 digits: DP id and client id), a "HOLDING
 * STATEMENT AS ON …" table of every security of the account (ISIN, security, current, free, lent,
 * safekeep, locked-in and pledged balances, market price, value) closed by "Portfolio Value"; the
 * statement's "Grand Total" (or "Total Portfolio Value" at the top).
 */
import { MUTUAL_FUND_FOLIOS, SUB_TOTAL, TRANSACTIONS } from './demat-sections.js';
import { cue, section } from './family.js';
import { CDSL } from './issuers.js';
export const CDSL_CAS = {
    code: 'CDSL_CAS',
    title: 'a CDSL Consolidated Account Statement',
    holdings: true,
    issuer: CDSL,
    securities: 'any',
    folios: false,
    cues: [
        cue(/\bBO\s*ID\b/i, 3),
        cue(/\b\d{16}\b/, 1),
        cue(/Safekeep|Pledge|Lent|Free\s+Bal/i, 1),
    ],
    sections: [
        section('demat_securities', /^\s*HOLDING\s+STATEMENT\b/i),
        section('demat_securities', /^\s*HOLDINGS?\s+AS\s+ON\b/i),
        section('mutual_fund_units_demat', /^\s*Mutual\s+Fund\s+Units\s+held\b/i),
        section('corporate_bonds', /^\s*Corporate\s+Bonds?\b/i),
        section('government_securities', /^\s*Government\s+Securities\b/i),
        MUTUAL_FUND_FOLIOS,
        TRANSACTIONS,
    ],
    totals: {
        grand: [/^Grand\s+Total\b/i, /^Total\s+Portfolio\s+Value\b/i],
        account: [/^Portfolio\s+Value\b/i, /^Total\s+Value\s+of\s+the\s+Account/i],
        group: [SUB_TOTAL],
    },
    accountId: { pattern: /\bBO\s*ID\s*(?:No\.?)?\s*:?\s*(\d{8}\s?\d{8})\b/i, parts: [1] },
    productCode: null,
};
//# sourceMappingURL=cdsl.js.map