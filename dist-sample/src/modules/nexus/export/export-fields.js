/**
 * The columns an export can have, per export type. A field's `type` says how its values are written:
 * `string` and `date` (ISO yyyy-mm-dd) as text; `money` (2 decimals), `units` (3), `nav` (4) and
 * `percent` (2) as numbers rounded to those decimals. Missing values are null: an empty CSV or XLSX
 * cell, JSON null. A holding's units, NAV or market value that the statement does not print (or that
 * could not be read) is null too, never 0, and so is anything derived from it.
 */
import { AppException } from '../../../common/errors/app.exception.js';
export const EXPORT_TYPES = ['holdings', 'underlying'];
export const FIELD_TYPES = ['string', 'date', 'money', 'units', 'nav', 'percent'];
/** Decimals each numeric field type is rounded to (and printed with, in CSV). */
export const DECIMALS = { money: 2, units: 3, nav: 4, percent: 2 };
export const round = (n, decimals) => {
    if (n === null || n === undefined || !Number.isFinite(n))
        return null;
    const f = 10 ** decimals;
    return (Math.sign(n) * Math.round(Math.abs(n) * f)) / f + 0;
};
const text = (v) => (v === null || v === undefined || v === '' ? null : v);
/** Gain in paise arithmetic, so 0.1 + 0.2 style errors never reach a report; null unless both sides are known. */
function gain(h) {
    if (h.cost_value === null || h.cost_value === undefined || h.market_value === null || h.market_value === undefined)
        return null;
    return (Math.round(h.market_value * 100) - Math.round(h.cost_value * 100)) / 100;
}
/** How the three figures of a holding say they are unknown (the extraction flags them FIGURE_MISSING). */
const UNREAD = 'empty (never 0) when the statement does not print it or it could not be read';
const field = (key, label, type, description, value) => ({ key, label, type, description, value });
/** Investor and scheme columns shared by both export types. */
const identity = () => [
    field('investor_name', 'Investor name', 'string', 'Name of the investor (holder) as printed on the statement', (s) => text(s.investor.name)),
    field('pan', 'PAN', 'string', "The investor's Permanent Account Number", (s) => text(s.investor.pan)),
    field('amc', 'AMC', 'string', 'Asset management company, normalised to "<Brand> Mutual Fund"; empty for listed shares and bonds or when not recognised', (s) => text(s.holding.amc)),
    field('folio', 'Folio', 'string', 'Mutual-fund folio number as printed (e.g. "1234567 / 89"); empty for demat holdings', (s) => text(s.holding.folio)),
    field('scheme_name', 'Scheme name', 'string', 'Scheme (or security) name, without registrar code, ISIN or advisor', (s) => text(s.holding.scheme_name)),
    field('isin', 'ISIN', 'string', "International Securities Identification Number (a wrong check digit is flagged in the extraction's validation)", (s) => text(s.holding.isin)),
];
export const HOLDING_FIELDS = [
    ...identity(),
    field('demat_account', 'Demat account', 'string', 'Demat account holding the security: NSDL "DP ID / Client ID" or CDSL BO ID; empty for folios', (s) => text(s.holding.account_id)),
    field('asset_class', 'Asset class', 'string', 'Equity, Debt, Hybrid or Other, from the scheme name; empty when not recognised', (s) => text(s.holding.asset_class)),
    field('plan', 'Plan', 'string', 'Direct or Regular; empty when the name does not say', (s) => text(s.holding.plan)),
    field('option', 'Option', 'string', 'Growth or IDCW; empty when the name does not say', (s) => text(s.holding.option)),
    field('opening_units', 'Opening units', 'units', 'Unit balance at the start of the statement period (detailed statements)', (s) => round(s.holding.opening_units, 3)),
    field('units', 'Units', 'units', `Closing unit (or share) balance; ${UNREAD}`, (s) => round(s.holding.units, 3)),
    field('nav', 'NAV', 'nav', `Net asset value per unit (market price for listed securities) used for the market value; ${UNREAD}`, (s) => round(s.holding.nav, 4)),
    field('nav_date', 'NAV date', 'date', 'Date of that NAV or price (ISO yyyy-mm-dd), when the statement prints it', (s) => text(s.holding.nav_date)),
    field('market_value', 'Market value', 'money', `Market value as printed on the statement; ${UNREAD}`, (s) => round(s.holding.market_value, 2)),
    field('cost_value', 'Cost value', 'money', 'Cost value as printed; empty when the statement prints none (demat)', (s) => round(s.holding.cost_value, 2)),
    field('gain', 'Gain', 'money', 'Market value minus cost value; empty when either is unknown', (s) => gain(s.holding)),
    field('gain_pct', 'Gain %', 'percent', 'Gain as a percentage of the cost value; empty when the gain is unknown or the cost value is 0', (s) => {
        const g = gain(s.holding);
        return g === null || !s.holding.cost_value ? null : round((g * 100) / s.holding.cost_value, 2);
    }),
    field('currency', 'Currency', 'string', 'Currency of the money columns, as the statement states it (e.g. INR)', (s) => text(s.currency)),
];
export const TRANSACTION_FIELDS = [
    ...identity(),
    field('date', 'Date', 'date', 'Transaction date (ISO yyyy-mm-dd)', (s) => text(s.transaction.date)),
    field('description', 'Description', 'string', 'Transaction description exactly as printed (e.g. "Purchase", "*** Stamp Duty ***")', (s) => text(s.transaction.description)),
    field('amount', 'Amount', 'money', 'Money amount; negative for redemptions and switch-outs; empty when the row prints none', (s) => round(s.transaction.amount, 2)),
    field('units', 'Units', 'units', 'Units allotted (negative when redeemed); empty when the row prints none', (s) => round(s.transaction.units, 3)),
    field('nav', 'NAV', 'nav', 'Price per unit of the transaction; empty when the row prints none', (s) => round(s.transaction.nav, 4)),
    field('balance_units', 'Balance units', 'units', 'Unit balance after the transaction; empty when the row prints none', (s) => round(s.transaction.balance_units, 3)),
];
export const toDefinition = ({ key, label, type, description }) => ({ key, label, type, description });
/** What the fields route answers: the catalogue of the type, without the value readers. */
export function fieldDefinitions(type) {
    return (type === 'holdings' ? HOLDING_FIELDS : TRANSACTION_FIELDS).map(toDefinition);
}
/**
 * The columns of an export, in the order asked for: `requested` is the comma-separated `fields`
 * query value (absent: every field of the type, in catalogue order). Unknown, repeated or empty
 * names answer VALIDATION_ERROR naming them.
 */
export function selectFields(catalogue, requested, type) {
    if (requested === undefined)
        return [...catalogue];
    const keys = requested.split(',').map((k) => k.trim());
    if (keys.some((k) => k === ''))
        throw new AppException('VALIDATION_ERROR', 'fields must be a comma-separated list of field keys, without empty entries');
    const byKey = new Map(catalogue.map((f) => [f.key, f]));
    const unknown = keys.filter((k) => !byKey.has(k));
    if (unknown.length) {
        const names = unknown.map((k) => JSON.stringify(k.slice(0, 64))).join(', ');
        throw new AppException('VALIDATION_ERROR', `Unknown field${unknown.length > 1 ? 's' : ''} for export_type=${type}: ${names} (GET /api/v1/nexus/export/{job_id}/fields lists the keys)`);
    }
    const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
    if (repeated.length)
        throw new AppException('VALIDATION_ERROR', `fields names ${[...new Set(repeated)].join(', ')} more than once`);
    return keys.map((k) => byKey.get(k));
}
//# sourceMappingURL=export-fields.js.map