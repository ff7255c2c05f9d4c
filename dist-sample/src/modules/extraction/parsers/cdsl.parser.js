/**
 * CDSL Consolidated Account Statement. Per BO ID (16 digits: DP id + client id), with its holder
 * and PAN, a "HOLDING STATEMENT AS ON …" table: ISIN, security, the balances (current, free,
 * lent, safekeep, locked-in, pledged …), market price and value, closed by "Portfolio Value"; the
 * statement's "Grand Total" (or "Total Portfolio Value" at the top) is the whole portfolio. The
 * table reading is shared with NSDL (demat-table.ts); the account id and total labels are CDSL's
 * family description (families/cdsl.ts).
 */
import { anyOf, readAccountId, totalLabels } from '../families/index.js';
import { parseDematStatement } from './demat-table.js';
/** "BO ID : 1208160012345678" → "1208160012345678". */
export const cdslAccount = (text) => readAccountId('CDSL_CAS', text);
const CDSL_LAYOUT = {
    classification: 'CDSL_CAS',
    account: cdslAccount,
    accountTotal: anyOf(totalLabels('CDSL_CAS').account),
    grandTotals: totalLabels('CDSL_CAS').grand,
};
export function parseCdslCas(lines) {
    return parseDematStatement(lines, CDSL_LAYOUT);
}
//# sourceMappingURL=cdsl.parser.js.map