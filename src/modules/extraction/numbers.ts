/**
 * Numbers and dates as Indian statements print them. Every reader goes through these functions.
 *
 * Numbers: Indian grouping (1,23,456.78), western grouping (123,456.78) or none (5597268.59), any
 * number of decimals or none (whole rupees: 69,62,754), leading-dot decimals (`.196`), an optional
 * currency prefix (`INR`, `Rs.`, `Rs`, `₹`), and one sign marker: `(1,234.50)`, `-1,234.50`,
 * `1,234.50-`, or a `Dr`/`Cr` suffix (`1,234.50 Dr`). `Dr` (debit) is negative: money or units going
 * out of the holding, as a minus sign would print them; `Cr` (credit) is positive.
 * Dates: `dd-Mmm-yyyy`, `dd-Mmm-yy`, `dd Mmm yyyy`, `dd/mm/yyyy`, `dd-mm-yyyy`, `dd.mm.yyyy` and
 * ISO `yyyy-mm-dd`, all to ISO `yyyy-mm-dd`; two-digit years are 20yy.
 */

const CURRENCY = /^(?:INR|Rs\.?|₹|`)\s*/i;
/**
 * The body of a number without sign or currency: digits with grouping commas at Indian or western
 * positions (a comma every 2 or 3 digits, the last group of 3, at most 3 digits before the first
 * comma, never the two mixed) and optional decimals, or a bare decimal part (".196").
 */
const BODY = /^(?:\d+|\d{1,3}(?:,\d{3})*,\d{3}|\d{1,3}(?:,\d{2})+,\d{3})(?:\.\d+)?$|^\.\d+$/;
const DIGIT = /\d/;
const WHITESPACE = /\s/;
const DASHES = /\u2212|\u2013/g;
/** A debit/credit suffix: `Dr` is an outflow (negative), `Cr` an inflow. */
const DEBIT_CREDIT = /(?<=[\d.)\s])\s*(Dr|Cr)\.?$/i;

/**
 * Parses one printed number; `null` when the text is not a number. Grouping commas must sit at
 * Indian or western positions (a comma every 2 or 3 digits, the last group of 3). At most one sign
 * marker: two (`(5.00) Dr`, `--5`) make the text no number.
 */
export function parseNumber(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  // Most texts a reader asks about are a bare figure or no number at all (a number has a digit).
  if (BODY.test(text)) return valueOf(text);
  if (!DIGIT.test(text)) return null;
  let s = text.trim().replace(DASHES, '-');
  if (!s) return null;
  let signs = 0;
  let negative = false;
  const suffix = DEBIT_CREDIT.exec(s);
  if (suffix && suffix.index > 0) {
    signs++;
    negative = suffix[1].toLowerCase() === 'dr';
    s = s.slice(0, suffix.index).trim();
  }
  const unwrap = (): void => {
    if (/^\(.*\)$/.test(s)) {
      signs++;
      negative = true;
      s = s.slice(1, -1).trim();
    }
    if (s.startsWith('-')) {
      signs++;
      negative = true;
      s = s.slice(1).trim();
    }
  };
  unwrap();
  s = s.replace(CURRENCY, '');
  unwrap();
  if (s.endsWith('-')) {
    signs++;
    negative = true;
    s = s.slice(0, -1).trim();
  }
  if (s.startsWith('+') && signs === 0) s = s.slice(1);
  if (signs > 1 || !BODY.test(s)) return null;
  const value = valueOf(s);
  return value !== null && negative && value !== 0 ? -value : value;
}

/** The value of a number's body (see BODY); null beyond the largest double. */
function valueOf(body: string): number | null {
  // Up to 15 digits the digits make an integer a double holds exactly, and dividing it by an exact
  // power of ten rounds once, as Number() does (the fast path of correct decimal conversion): the
  // same value without building the text without its commas.
  let digits = 0;
  let integer = 0;
  let decimals = -1;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code === 46) decimals = 0;
    else if (code !== 44) {
      integer = integer * 10 + (code - 48);
      digits++;
      if (decimals >= 0) decimals++;
    }
  }
  if (digits <= 15) return decimals > 0 ? integer / POWERS_OF_TEN[decimals] : integer;
  const value = Number(body.includes(',') ? body.replace(/,/g, '') : body);
  return Number.isFinite(value) ? value : null;
}

/** 10^0 … 10^15, each exact. */
const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * A printed number inside a larger pattern (one capture group): digits with grouping and decimals,
 * brackets, a leading or trailing minus, a `Dr`/`Cr` suffix. Read its text with parseNumber.
 */
export const NUMBER_TEXT = String.raw`(\(?\s*-?\s*(?:(?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d+)?|\.\d+)\s*\)?(?:-|\s*\b(?:Dr|Cr)\b\.?)?)`;

/**
 * The words of a text, split at spaces, but a printed figure stays one token: `INR 1,234.50`,
 * `1,234.50 Dr` and a date printed with spaces (`30 Sep 2025`).
 */
export function figureTokens(text: string): string[] {
  // Without white space a text is one token (or none): nothing to join, nothing to split.
  if (!WHITESPACE.test(text)) return text ? [text] : [];
  const joined = text
    .replace(/(^|\s)(INR|Rs\.?|₹)\s+(?=[\d.(-])/gi, '$1$2')
    .replace(/(\d|\))\s+((?:Dr|Cr)\.?)(?=\s|$)/gi, '$1$2')
    .replace(/(?<!\S)(\d{1,2}) ([A-Za-z]{3,4}) (\d{4}|\d{2})(?!\S)/g, (m: string, d: string, mon: string, y: string) => (parseDate(m) ? `${d}\u00a0${mon}\u00a0${y}` : m));
  return joined
    .split(/[ \t\n\r]+/)
    .filter(Boolean)
    .map((t) => t.replace(/\u00a0/g, ' '));
}

/** The numbers of a text that is only numbers, as printed tokens (see figureTokens); null when any part is not a number. */
export function numberTokens(text: string): string[] | null {
  // Every number has a digit.
  if (!DIGIT.test(text)) return null;
  const tokens = figureTokens(text);
  if (!tokens.length || !tokens.every((t) => parseNumber(t) !== null)) return null;
  return tokens;
}

/** True when the text is a printed number (see parseNumber). */
export const isNumber = (text: string): boolean => parseNumber(text) !== null;

/** The decimals a printed number shows (`1,234.50 Dr` → 2, `69,62,754` → 0). */
export function printedDecimals(text: string): number {
  return /\.(\d+)\D*$/.exec(text.trim())?.[1].length ?? 0;
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

/** Day first: `30-Sep-2025`, `30 Sep 2025`, `30/09/2025`, `30-09-25`, `30.09.2025` (both separators alike). */
const DAY_FIRST = String.raw`(\d{1,2})([-/. ])([A-Za-z]{3,4}|\d{1,2})([-/. ])(\d{4}|\d{2})`;
/** ISO: `2025-09-30`. */
const YEAR_FIRST = String.raw`(\d{4})-(\d{2})-(\d{2})`;

/**
 * A date as statements print it, anywhere in a text (no backreferences: it may be embedded in a
 * larger pattern). It never starts or ends inside a longer run of digits, letters or separators
 * (a folio `1234567/89`, an ISIN, `12/34/56/78`).
 */
export const DATE_PATTERN = new RegExp(String.raw`(?<![\w/.\-])(?:${DAY_FIRST}|${YEAR_FIRST})(?![\w/\-]|[.,]\d)`);
/** A text that is one date and nothing else. */
const WHOLE_DATE = new RegExp(`^${DATE_PATTERN.source}$`);

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function dateOf(m: RegExpExecArray): string | null {
  if (m[6] !== undefined) return iso(Number(m[6]), Number(m[7]), Number(m[8]));
  const day = Number(m[1]);
  if (m[2] !== m[4]) return null;
  if (m[2] === ' ' && /^\d/.test(m[3])) return null; // `5 10 25` is three numbers, not a date
  const month = /^\d+$/.test(m[3]) ? Number(m[3]) : MONTHS[m[3].toLowerCase()];
  if (!month) return null;
  const year = m[5].length === 2 ? 2000 + Number(m[5]) : Number(m[5]);
  return iso(year, month, day);
}

/**
 * Parses a date printed in one of the styles above into ISO `yyyy-mm-dd`; `null` when the text is
 * not a valid date.
 */
export function parseDate(text: string | null | undefined): string | null {
  // Every date has a digit.
  if (!text || !DIGIT.test(text)) return null;
  const m = WHOLE_DATE.exec(text.trim());
  return m ? dateOf(m) : null;
}

/** All dates found in a text, in order, as ISO (date-shaped text that is no calendar date is skipped). */
export function findDates(text: string): string[] {
  const out: string[] = [];
  const re = new RegExp(DATE_PATTERN.source, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const d = dateOf(m);
    if (d) out.push(d);
  }
  return out;
}

/** The first date found in a text, as ISO. */
export function findDate(text: string): string | null {
  return findDates(text)[0] ?? null;
}

/** Rounds to a number of decimals without binary drift (0.285 → 0.29). */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round((value + Math.sign(value) * Number.EPSILON * Math.abs(value)) * f) / f;
}
