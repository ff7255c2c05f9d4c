/**
 * NSDL Consolidated Account Statement: per demat account ("DP ID : IN300126  Client ID :
 * 12345678"), holdings tables by kind of security, each with a sub-total, then the account's total;
 * the folios held with the registrars; a grand total (also printed at the top as "YOUR CONSOLIDATED
 * PORTFOLIO VALUE").
 */
import { MUTUAL_FUND_FOLIOS, SUB_TOTAL, TRANSACTIONS } from './demat-sections.js';
import { cue, section } from './family.js';
import { NSDL } from './issuers.js';
export const NSDL_CAS = {
    code: 'NSDL_CAS',
    title: 'an NSDL Consolidated Account Statement',
    holdings: true,
    issuer: NSDL,
    securities: 'any',
    folios: false,
    cues: [
        cue(/\bDP\s*ID\b/i, 2),
        cue(/\bClient\s*ID\b/i, 2),
        cue(/\bIN30\d{4}\b/, 1),
        cue(/Equities\s*\(E\)|CONSOLIDATED PORTFOLIO VALUE/i, 2),
    ],
    sections: [
        section('equities', /^\s*Equities\s*\(E\)/i),
        section('equities', /^\s*Equity\s+Shares\s*$/i),
        section('etfs', /^\s*(?:Exchange\s+Traded\s+Funds?|ETFs?)\s*(?:\([A-Z]\))?\s*$/i),
        section('gold_bonds', /^\s*Sovereign\s+Gold\s+Bonds?\s*(?:\([A-Z]+\))?\s*$/i),
        section('corporate_bonds', /^\s*Corporate\s+Bonds?\b/i),
        section('government_securities', /^\s*Government\s+Securities\b/i),
        section('mutual_fund_units_demat', /^\s*Mutual\s+Funds?\s*\(M\)/i),
        section('mutual_fund_units_demat', /^\s*Mutual\s+Fund\s+Units\s+held\b/i),
        MUTUAL_FUND_FOLIOS,
        TRANSACTIONS,
    ],
    totals: {
        grand: [/^Grand\s+Total\b/i, /CONSOLIDATED\s+PORTFOLIO\s+VALUE/i],
        account: [/^Total\s+Value\s+of\s+the\s+Account/i, /^Account\s+Total/i],
        group: [SUB_TOTAL],
    },
    accountId: { pattern: /DP\s*ID\s*:?\s*(IN\d{6}|\d{8})\b.*?Client\s*ID\s*:?\s*(\d{8})\b/i, parts: [1, 2] },
    productCode: null,
};
//# sourceMappingURL=nsdl.js.map