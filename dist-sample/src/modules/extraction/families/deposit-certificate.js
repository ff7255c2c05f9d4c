/**
 * A fixed-deposit (term-deposit) receipt, advice or certificate from a bank or a company: the
 * deposit's number, principal, rate, period, maturity date and maturity value. Money, no
 * securities: not a statement of holdings.
 */
import { cue, NO_TOTALS } from './family.js';
export const DEPOSIT_CERTIFICATE = {
    code: 'DEPOSIT_CERTIFICATE',
    title: 'a fixed-deposit receipt or certificate',
    holdings: false,
    issuer: null,
    securities: 'none',
    folios: false,
    cues: [
        cue(/(?:Fixed|Term|Company)\s+Deposit\s+(?:Receipt|Advice|Certificate|Confirmation)|Deposit\s+(?:Receipt|Certificate|Confirmation\s+Advice)|\bFD\s+(?:Receipt|Advice|Certificate)/i, 4, 3),
        cue(/Fixed\s+Deposit|Term\s+Deposit|\bFD\b/i, 2),
        cue(/Maturity\s+(?:Date|Value|Amount)/i, 3),
        cue(/Rate\s+of\s+Interest|Interest\s+Rate|\bROI\b/i, 2),
        cue(/Principal\s+(?:Amount|Sum|Value)|Deposit\s+Amount|Amount\s+of\s+Deposit/i, 2),
        cue(/Tenure|Period\s+of\s+Deposit|Term\s+of\s+Deposit/i, 1),
        cue(/(?:Receipt|Deposit|FD|Certificate)\s*(?:No|Number)\b/i, 2),
        cue(/Interest\s+Payout|Non[\s-]*Cumulative|Cumulative|Auto[\s-]*Renew/i, 1),
        cue(/Depositor/i, 1),
    ],
    sections: [],
    totals: NO_TOTALS,
    accountId: null,
    productCode: null,
};
//# sourceMappingURL=deposit-certificate.js.map