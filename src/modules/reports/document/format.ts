/**
 * How the client report prints figures: rupees with Indian digit grouping, the API's own decimals
 * (never rounded further, so a printed figure reads back as the API's number), and an unknown figure
 * as a dash, never 0.
 */

/** What an unknown figure prints as (a note says why). */
export const UNKNOWN = '—';
/** What a total prints as when a figure it needs is not on the statements. */
export const NOT_ON_STATEMENT = 'not on statement';

const grouped = (min: number, max: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: true });
const MONEY = grouped(2, 2);
const UNITS = grouped(3, 4);
const NAV = grouped(4, 6);
const PERCENT = grouped(2, 2);

const sign = (value: number, text: string) => (value < 0 ? `-${text}` : text);

/** `₹ 45,20,311.40`, `-₹ 1,200.00`; null as the dash. */
export function rupees(value: number | null): string {
  if (value === null) return UNKNOWN;
  return sign(value, `₹ ${MONEY.format(Math.abs(value))}`);
}

/** `45,20,311.40` (a table cell under a ₹ heading). */
export function amount(value: number | null): string {
  if (value === null) return UNKNOWN;
  return sign(value, MONEY.format(Math.abs(value)));
}

export function units(value: number | null): string {
  return value === null ? UNKNOWN : sign(value, UNITS.format(Math.abs(value)));
}

export function nav(value: number | null): string {
  return value === null ? UNKNOWN : NAV.format(value);
}

/** `14.27 %`. */
export function percent(value: number | null): string {
  return value === null ? UNKNOWN : sign(value, `${PERCENT.format(Math.abs(value))} %`);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `31 Mar 2025` from `2025-03-31` (the same on every machine, whatever its locale data). */
export function date(iso: string | null): string {
  if (!iso) return UNKNOWN;
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
}

/**
 * A PAN with all but its last four characters hidden (`XXXXXX234K`): enough for the client to
 * recognise, not enough to use.
 */
export function maskPan(pan: string | null): string {
  if (!pan) return UNKNOWN;
  return `${'X'.repeat(Math.max(0, pan.length - 4))}${pan.slice(-4)}`;
}

/** Sums rupee amounts exactly (in paise). */
export function sumRupees(values: readonly number[]): number {
  return values.reduce((s, v) => s + Math.round(v * 100), 0) / 100;
}

/** a − b exactly (in paise). */
export function difference(a: number, b: number): number {
  return (Math.round(a * 100) - Math.round(b * 100)) / 100;
}
