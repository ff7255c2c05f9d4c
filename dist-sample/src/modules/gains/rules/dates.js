const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Parses and checks an ISO date; throws a RangeError on anything else ("2024-02-30" included). */
export function parseIsoDate(date) {
    const match = ISO.exec(date);
    if (!match)
        throw new RangeError(`not an ISO date: ${date}`);
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m))
        throw new RangeError(`not a calendar date: ${date}`);
    return { y, m, d };
}
function daysInMonth(y, m) {
    return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
/**
 * The date `months` calendar months after `date`, clamped to the month's last day (31 January + 1
 * month = 28 or 29 February), the usual reading of "held for not more than N months".
 */
export function addMonths(date, months) {
    const { y, m, d } = parseIsoDate(date);
    const index = y * 12 + (m - 1) + months;
    const ny = Math.floor(index / 12);
    const nm = (index % 12) + 1;
    const nd = Math.min(d, daysInMonth(ny, nm));
    return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(nd).padStart(2, '0')}`;
}
/** The Indian financial (tax) year of a date, April to March: "2024-25". */
export function financialYearOf(date) {
    const { y, m } = parseIsoDate(date);
    const start = m >= 4 ? y : y - 1;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
//# sourceMappingURL=dates.js.map