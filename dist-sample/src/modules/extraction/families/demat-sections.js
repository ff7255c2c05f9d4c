/**
 * What both depositories print alike: the section headings of the mutual-fund folios held with the
 * registrars that a depository statement lists after the demat accounts, and of the transactions;
 * and the column labels of their holdings tables that no registrar's statement prints.
 */
import { column, section } from './family.js';
export const MUTUAL_FUND_FOLIOS = section('mutual_fund_folios', /^\s*Mutual\s+Fund\s+Folios\b/i);
export const TRANSACTIONS = section('transactions', /^\s*(?:STATEMENT\s+OF\s+TRANSACTIONS|TRANSACTION\s+(?:DETAILS|STATEMENT|PARTICULARS))\b/i);
/** A section's sub-total inside an account ("Sub Total"). */
export const SUB_TOTAL = /^Sub\s*-?\s*Total\b/i;
/**
 * Column labels of the depositories' holdings tables: the balances beside the current one ("Free
 * Bal.", "Pledge Bal."), a government security's price per ₹100 of face value ("Market Price (per
 * ₹100)"), which in a fund's table would be a NAV misread, and its face value held ("Total Face
 * Value").
 */
export const DEPOSITORY_COLUMNS = [
    column('other_balance', /^(?:free|lent|safe ?keep|locked ?in|lock-in|pledged?e?|pledge setup|earmarked|blocked|pending (?:demat|remat))(?: bal\.?| balance)?$/),
    column('price_per_100', /^(?:(?:market|closing|clean) )?(?:price|rate) ?\(?(?:per|\/) ?(?:₹ ?|rs\.? ?|inr ?)?100(?: (?:of )?(?:face value|fv))?\)?$/),
    column('face_value', /^total face value$|^face value held$|^nominal value$/),
];
//# sourceMappingURL=demat-sections.js.map