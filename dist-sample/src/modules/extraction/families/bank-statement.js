/**
 * A bank account statement: dated rows of withdrawals and deposits with a running balance. It
 * lists no securities (an ISIN in a row's narration is not a holding).
 */
import { cue, NO_TOTALS } from './family.js';
export const BANK_STATEMENT = {
    code: 'BANK_STATEMENT',
    title: 'a bank account statement',
    holdings: false,
    issuer: null,
    securities: 'none',
    folios: false,
    cues: [
        cue(/Statement\s+of\s+Account|Account\s+Statement/i, 2, 1),
        cue(/\bIFSC\b/i, 3),
        cue(/Withdrawal|Debit\b|\bDr\b/i, 1),
        cue(/Deposit|Credit\b|\bCr\b/i, 1),
        cue(/Narration|Particulars/i, 2),
        cue(/Chq|Cheque/i, 1),
        cue(/Value\s*(?:Dt|Date)/i, 1),
        cue(/Account\s*(?:No|Number)/i, 1),
        cue(/\bBANK\b/i, 0, 1),
    ],
    sections: [],
    totals: NO_TOTALS,
    accountId: null,
    productCode: null,
};
//# sourceMappingURL=bank-statement.js.map