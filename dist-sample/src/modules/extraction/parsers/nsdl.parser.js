/**
 * NSDL Consolidated Account Statement. Per NSDL demat account ("DP ID : IN300126  Client ID :
 * 12345678", holder and PAN) it prints holdings tables: "Equities (E)" (ISIN, security, [face
 * value,] number of shares / current balance, market price, value) and "Mutual Fund Units held
 * with NSDL" (ISIN, description, balance, NAV, value), each with a "Sub Total", then "Total Value
 * of the Account"; the statement ends with a "Grand Total" (also printed at the top as "YOUR
 * CONSOLIDATED PORTFOLIO VALUE"). The table reading is shared with CDSL (demat-table.ts); the
 * account id and total labels are NSDL's family description (families/nsdl.ts).
 */
import { anyOf, readAccountId, totalLabels } from '../families/index.js';
import { parseDematStatement } from './demat-table.js';
/** "DP ID : IN300126  Client ID : 12345678" → "IN30012612345678" (NSDL's 16-character account). */
export const nsdlAccount = (text) => readAccountId('NSDL_CAS', text);
const NSDL_LAYOUT = {
    classification: 'NSDL_CAS',
    account: nsdlAccount,
    accountTotal: anyOf(totalLabels('NSDL_CAS').account),
    grandTotals: totalLabels('NSDL_CAS').grand,
};
export function parseNsdlCas(lines) {
    return parseDematStatement(lines, NSDL_LAYOUT);
}
//# sourceMappingURL=nsdl.parser.js.map