/** ISIN and PAN: recognising them in text and checking them. */

const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const FIRST_ELEVEN = /^[A-Z]{2}[A-Z0-9]{9}$/;
/** A digit's share of a Luhn sum: doubled (its digits summed) or as it is. */
const luhn = (d: number, double: boolean): number => (double ? (d > 4 ? d * 2 - 9 : d * 2) : d);

/** ISO 6166 check: letters become two digits (A=10 … Z=35), then Luhn over the digit string. */
export function isinCheckDigit(first11: string): number | null {
  if (!FIRST_ELEVEN.test(first11)) return null;
  // Luhn over the digit string, from its right end: a letter gives two digits, its units then its tens.
  let sum = 0;
  let double = true;
  for (let i = first11.length - 1; i >= 0; i--) {
    const code = first11.charCodeAt(i);
    const value = code <= 57 ? code - 48 : code - 55;
    if (value > 9) {
      sum += luhn(value % 10, double) + luhn(Math.floor(value / 10), !double);
    } else {
      sum += luhn(value, double);
      double = !double;
    }
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidIsin(isin: string): boolean {
  return ISIN_SHAPE.test(isin) && isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]);
}

/** ISIN-shaped token: country code, 9 alphanumerics, a digit. */
const ISIN_IN_TEXT = /(?<![A-Z0-9])[A-Z]{2}[A-Z0-9]{9}[0-9](?![0-9])/g;
const ISIN_AT_START = /^[A-Z]{2}[A-Z0-9]{9}[0-9]/;
const LABELLED_ISIN = /ISIN\s*:?\s*([A-Z]{2}[A-Z0-9]{9}[0-9])/;
const ISIN_LETTERS = /[A-Z]{2}/;
const DIGIT = /[0-9]/;

/**
 * The first part of an ISIN broken by a stray space: the country code and, unless it is that short,
 * a digit (`INF179K0`, `INE`), so a word (`TOTAL`, `CLOSING`) never starts one.
 */
const isIsinHead = (part: string): boolean => /^[A-Z]{2}[A-Z0-9]{0,9}$/.test(part) && (part.length <= 3 || /\d/.test(part));

/** The rejoined ISIN takes its second part whole, or up to a non-figure character: `1608(Advisor` yes, `5597268.59` no. */
const endsAtBoundary = (text: string, end: number): boolean => !/^(?:[A-Z0-9]|[.,]\d)/.test(text.slice(end));

/**
 * The first ISIN in a text. Prefers a token with a valid check digit; also rejoins an ISIN broken
 * into two tokens by a stray space ("INF179K0 1608…") when the joined form has a valid check
 * digit. Falls back to an ISIN-shaped token after an "ISIN" label even when its check digit is
 * wrong (the validator flags it; the parser must not drop or repair it).
 */
export function findIsin(text: string): string | null {
  // Every ISIN has two capital letters side by side and ends in a digit.
  if (!ISIN_LETTERS.test(text) || !DIGIT.test(text)) return null;
  let shaped: string[] | null = null;
  for (const m of text.matchAll(ISIN_IN_TEXT)) {
    if (isValidIsin(m[0])) return m[0];
    (shaped ??= []).push(m[0]);
  }
  const tokens = text.split(/\s+/);
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i].includes(':') ? tokens[i].replace(/^.*?:/, '') : tokens[i];
    if (!isIsinHead(a)) continue;
    const joined = a + tokens[i + 1];
    const m = ISIN_AT_START.exec(joined);
    if (m && endsAtBoundary(joined, m[0].length) && isValidIsin(m[0])) return m[0];
  }
  const labelled = LABELLED_ISIN.exec(text);
  if (labelled) return labelled[1];
  return shaped?.find((s) => /^IN[EF]/.test(s)) ?? null;
}

/** PAN: five letters, four digits, a letter; the fourth letter is the holder type (one definition, in common/). */
export { isValidPan, PAN_PATTERN } from '../../common/identifiers/pan.js';

/** "PAN: …", "PAN No. …", "PAN of First Holder : …" and the PAN after it. */
const LABELLED_PAN = /PAN(?:\s*(?:No\.?|Number)|\s+of\s+(?:the\s+)?(?:first|sole|second|third|1st|2nd|3rd)?\s*holder)?\s*[:\-]?\s*([A-Z]{5}[0-9]{4}[A-Z])\b/gi;

/** The PAN printed after a "PAN" label in a text ("PAN: OK" and similar status words are skipped). */
export function findPan(text: string): string | null {
  for (const m of text.matchAll(LABELLED_PAN)) return m[1].toUpperCase();
  return null;
}
