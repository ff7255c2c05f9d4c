/** What a section holds, in words for a reader. */
export const SECTION_WORDS = {
    equities: 'equities',
    etfs: 'ETFs',
    gold_bonds: 'sovereign gold bonds',
    corporate_bonds: 'corporate bonds',
    government_securities: 'government securities',
    demat_securities: 'securities held in demat',
    mutual_fund_folios: 'mutual-fund folios',
    mutual_fund_units_demat: 'mutual-fund units held in demat',
    transactions: 'transactions',
};
export const cue = (pattern, weight, head) => (head === undefined ? { pattern, weight } : { pattern, weight, head });
export const section = (kind, pattern) => ({ kind, pattern });
export const NO_TOTALS = { grand: [], account: [], group: [] };
//# sourceMappingURL=family.js.map