/**
 * The columns of AMFI's NAV file, found by their header names rather than their positions. AMFI has
 * changed the columns more than once, and reports of the current order disagree:
 *
 *   until 2018    Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Repurchase Price;Sale Price;Date
 *   2019–Aug 2026 Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Date
 *   19 Aug 2026   the same with Plan and Option inserted (after Scheme Name, or with the ISINs after them)
 *
 * Names are compared without case, spaces or punctuation ("ISIN Div Payout/ISIN Growth" is
 * "ISIN Div Payout/ ISIN Growth"). Columns this reader has no use for (the old repurchase and sale
 * prices) or does not know are ignored, and reported. A header without an ISIN or a NAV column is
 * not one this reader can use: an AmfiFormatError.
 */
export class AmfiFormatError extends Error {
}
/** Which column a header name is, tried in this order (reinvestment before the other ISIN column). */
const COLUMN_NAMES = [
    ['isin_reinvestment', (k) => k.includes('isin') && k.includes('reinvest')],
    ['isin_growth', (k) => k.includes('isin')],
    ['code', (k) => k === 'schemecode' || k === 'code' || k === 'amficode'],
    ['name', (k) => k === 'schemename' || k === 'name'],
    ['nav', (k) => k === 'netassetvalue' || k === 'nav' || k === 'netassetvaluers'],
    ['date', (k) => k === 'date' || k === 'navdate'],
    ['plan', (k) => k === 'plan' || k === 'plantype' || k === 'schemeplan'],
    ['option', (k) => k === 'option' || k === 'optiontype' || k === 'schemeoption'],
];
/** Columns of older files that carry nothing this reader uses. */
const UNUSED = new Set(['repurchaseprice', 'saleprice']);
const keyOf = (cell) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');
/** The header, or null when the cells name none of the known columns (so the line is no header). */
export function readHeader(cells) {
    const index = {};
    const unknown = [];
    const names = cells.map((c) => c.trim());
    names.forEach((name, i) => {
        const key = keyOf(name);
        const column = COLUMN_NAMES.find(([, matches]) => matches(key))?.[0];
        if (!column) {
            if (!UNUSED.has(key))
                unknown.push(name);
            return;
        }
        if (index[column] !== undefined) {
            throw new AmfiFormatError(`the NAV file's header names the ${column} column twice ("${names[index[column]]}" and "${name}"): ${quoteHeader(names)}`);
        }
        index[column] = i;
    });
    if (Object.keys(index).length === 0)
        return null;
    const missing = [index.isin_growth === undefined && index.isin_reinvestment === undefined ? 'ISIN' : null, index.nav === undefined ? 'Net Asset Value' : null].filter(Boolean);
    if (missing.length > 0) {
        throw new AmfiFormatError(`the NAV file's header has no ${missing.join(' and no ')} column, so AMFI has changed its format again: ${quoteHeader(names)}`);
    }
    return { names, index, unknown };
}
/** True when the cells are the header again (AMFI repeats it in some files). */
export function isSameHeader(cells, header) {
    return cells.length === header.names.length && cells.every((c, i) => keyOf(c) === keyOf(header.names[i]));
}
const quoteHeader = (names) => `"${names.join(';').slice(0, 200)}"`;
//# sourceMappingURL=amfi-nav-columns.js.map