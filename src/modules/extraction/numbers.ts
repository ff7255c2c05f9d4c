/**
 * Numbers and dates as Indian statements print them.
 *
 * Numbers: Indian grouping (1,23,456.78) and western grouping (123,456.78), an optional currency
 * prefix (`INR`, `Rs.`, `Rs`, `₹`), negatives as `(1,234.50)`, `-1,234.50` or `1,234.50-`,
 * leading-dot decimals (`.196`). Dates: `dd-Mmm-yyyy` (also `dd Mmm yyyy`, `dd-MMM-yy`),
 * `dd/mm/yyyy` and `dd-mm-yyyy`, all to ISO `yyyy-mm-dd`.
 */

const CURRENCY = /^(?:INR|Rs\.?|₹|`)\s*/i;
/** Digits with optional grouping commas and decimals, or a bare decimal part (".196"). */
const BODY = /^(?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d+)?$|^\.\d+$/;

/**
 * Parses one printed number; `null` when the text is not a number. Grouping commas must sit at
 * Indian or western positions (a comma every 2 or 3 digits, the last group of 3).
 */
export function parseNumber(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  let s = text.trim().replace(/\u2212|\u2013/g, '-');
  if (!s) return null;
  // At most one sign marker: parentheses, a leading minus or a trailing minus.
  let signs = 0;
  const unwrap = (): void => {
    if (/^\(.*\)$/.test(s)) {
      signs++;
      s = s.slice(1, -1).trim();
    }
    if (s.startsWith('-')) {
      signs++;
      s = s.slice(1).trim();
    }
  };
  unwrap();
  s = s.replace(CURRENCY, '');
  unwrap();
  if (s.endsWith('-')) {
    signs++;
    s = s.slice(0, -1).trim();
  }
  if (s.startsWith('+') && signs === 0) s = s.slice(1);
  if (signs > 1 || !BODY.test(s) || !validGrouping(s)) return null;
  const value = Number(s.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  return signs === 1 && value !== 0 ? -value : value;
}

/** Commas either every 3 digits (western) or 3 then every 2 (Indian), never mixed otherwise. */
function validGrouping(s: string): boolean {
  if (!s.includes(',')) return true;
  const groups = s.split('.')[0].split(',');
  const last = groups[groups.length - 1];
  if (last.length !== 3) return false;
  const middle = groups.slice(1, -1);
  const western = middle.every((g) => g.length === 3);
  const indian = middle.every((g) => g.length === 2);
  return (western || indian) && groups[0].length >= 1 && groups[0].length <= 3;
}

/** True when the text is a printed number (see parseNumber). */
export const isNumber = (text: string): boolean => parseNumber(text) !== null;

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

/** A date as statements print it, anywhere in a text. */
export const DATE_PATTERN = /\b(\d{1,2})[-/. ]([A-Za-z]{3,4}|\d{1,2})[-/. ](\d{4}|\d{2})\b/;

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Parses a date printed `dd-Mmm-yyyy`, `dd Mmm yyyy`, `dd/mm/yyyy`, `dd-mm-yyyy` or `dd.mm.yyyy`
 * (two-digit years are 20yy) into ISO `yyyy-mm-dd`; `null` when the text is not a valid date.
 */
export function parseDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const m = /^(\d{1,2})[-/. ]([A-Za-z]{3,4}|\d{1,2})[-/. ](\d{4}|\d{2})$/.exec(text.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = /^\d+$/.test(m[2]) ? Number(m[2]) : MONTHS[m[2].toLowerCase()];
  if (!month) return null;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return iso(year, month, day);
}

/** The first date found in a text, as ISO. */
export function findDate(text: string): string | null {
  const m = DATE_PATTERN.exec(text);
  return m ? parseDate(m[0]) : null;
}

/** All dates found in a text, in order, as ISO. */
export function findDates(text: string): string[] {
  const out: string[] = [];
  const re = new RegExp(DATE_PATTERN.source, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const d = parseDate(m[0]);
    if (d) out.push(d);
  }
  return out;
}

/** Rounds to a number of decimals without binary drift (0.285 → 0.29). */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round((value + Math.sign(value) * Number.EPSILON * Math.abs(value)) * f) / f;
}
