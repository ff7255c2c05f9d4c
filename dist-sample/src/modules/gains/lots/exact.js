/**
 * Exact arithmetic for lots: units in ten-thousandths (statements print 3 decimals, some registrars
 * 4), money in paise, NAVs in ten-thousandths, all as bigint, so splitting a lot and adding its parts
 * back never drifts. Inputs are the extraction's numbers (at most 4 and 2 decimals as printed);
 * outputs go back to numbers only at the edge. (`Milli` names the unit quantity type; its scale is
 * `UNIT_SCALE`.)
 */
/** Quanta of a unit: ten-thousandths, so 4-decimal units are exact. */
export const UNIT_SCALE = 10_000;
const scaled = (value, scale) => BigInt(Math.round(value * scale));
export const toMilli = (units) => scaled(units, UNIT_SCALE);
export const toPaise = (rupees) => scaled(rupees, 100);
/** A NAV in ten-thousandths of a rupee (AMFI prints up to 4 decimals). */
export const toNavQ = (nav) => scaled(nav, 10_000);
export const fromMilli = (units) => Number(units) / UNIT_SCALE;
export const fromPaise = (paise) => Number(paise) / 100;
export const abs = (v) => (v < 0n ? -v : v);
export const min = (a, b) => (a < b ? a : b);
export const max = (a, b) => (a > b ? a : b);
/** `numerator / denominator`, rounded half away from zero. */
export function divRound(numerator, denominator) {
    if (denominator === 0n)
        throw new RangeError('division by zero');
    const negative = numerator < 0n !== denominator < 0n;
    const [n, d] = [abs(numerator), abs(denominator)];
    const q = (2n * n + d) / (2n * d);
    return negative ? -q : q;
}
/** The share of `total` that `part` is of `whole` (`total × part ÷ whole`), rounded half away from zero. */
export const share = (total, part, whole) => divRound(total * part, whole);
/** Value in paise of `units` at a NAV in ten-thousandths: units/10000 × nav/10000 × 100. */
export const valueAt = (units, navQ) => divRound(units * navQ, 1000000n);
//# sourceMappingURL=exact.js.map