/**
 * The advance-tax instalment period a transfer falls in (s.211: instalments due by 15 June,
 * 15 September, 15 December and 15 March; capital gains arising after an instalment's date are paid
 * in the remaining instalments, s.234C's first proviso), with each period's last day.
 */
export const ADVANCE_TAX_PERIODS = [
    { period: 'upto_15_jun', lastDay: '06-15' },
    { period: 'upto_15_sep', lastDay: '09-15' },
    { period: 'upto_15_dec', lastDay: '12-15' },
    { period: 'upto_15_mar', lastDay: '03-15' },
    { period: 'upto_31_mar', lastDay: '03-31' },
];
export function advanceTaxPeriod(date) {
    const md = date.slice(5);
    if (md >= '04-01') {
        if (md <= '06-15')
            return 'upto_15_jun';
        if (md <= '09-15')
            return 'upto_15_sep';
        if (md <= '12-15')
            return 'upto_15_dec';
        return 'upto_15_mar';
    }
    return md <= '03-15' ? 'upto_15_mar' : 'upto_31_mar';
}
/** The last day of a period of the financial year "2025-26". */
export function periodEnd(fy, period) {
    const start = Number(fy.slice(0, 4));
    const { lastDay } = ADVANCE_TAX_PERIODS.find((p) => p.period === period);
    return `${lastDay >= '04-01' ? start : start + 1}-${lastDay}`;
}
//# sourceMappingURL=advance-tax.js.map