/**
 * Section headings both depositories print: the mutual-fund folios held with the registrars that a
 * depository statement lists after the demat accounts, and the transactions.
 */
import { section } from './family.js';
export const MUTUAL_FUND_FOLIOS = section('mutual_fund_folios', /^\s*Mutual\s+Fund\s+Folios\b/i);
export const TRANSACTIONS = section('transactions', /^\s*(?:STATEMENT\s+OF\s+TRANSACTIONS|TRANSACTION\s+(?:DETAILS|STATEMENT|PARTICULARS))\b/i);
/** A section's sub-total inside an account ("Sub Total"). */
export const SUB_TOTAL = /^Sub\s*-?\s*Total\b/i;
//# sourceMappingURL=demat-sections.js.map