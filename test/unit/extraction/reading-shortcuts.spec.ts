/**
 * The readers' shortcuts answer what the plain definitions answer. parseNumber, figureTokens,
 * numberTokens and findIsin skip their general path for the texts most often asked about (a bare
 * figure, a text without a digit or without white space, a text that cannot hold an ISIN) and read a
 * number's digits without rebuilding its text; the definitions below are the general paths alone,
 * as they were written before the shortcuts. Random texts are drawn from the pieces statements print
 * (figures in every style, signs, currency marks, dates, ISINs whole or split, words, spaces).
 * `FOLIODESK_SHORTCUT_SEED` replays a run.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { findIsin, isinCheckDigit } from '../../../src/modules/extraction/identifiers.js';
import { figureTokens, numberTokens, parseDate, parseNumber } from '../../../src/modules/extraction/numbers.js';
import { isinCheckDigit as generatorCheckDigit, withIsinCheckDigit } from '../../fixtures/generator/index.js';
import { runSeed } from '../../support/run-seed.js';

const SEED = runSeed('reading-shortcuts', process.env.FOLIODESK_SHORTCUT_SEED);

/** parseNumber without shortcuts: normalise, take the sign markers off, check the body and its grouping. */
function parseNumberByDefinition(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  let s = text.trim().replace(/\u2212|\u2013/g, '-');
  if (!s) return null;
  let signs = 0;
  let negative = false;
  const suffix = /(?<=[\d.)\s])\s*(Dr|Cr)\.?$/i.exec(s);
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
  s = s.replace(/^(?:INR|Rs\.?|₹|`)\s*/i, '');
  unwrap();
  if (s.endsWith('-')) {
    signs++;
    negative = true;
    s = s.slice(0, -1).trim();
  }
  if (s.startsWith('+') && signs === 0) s = s.slice(1);
  if (signs > 1 || !/^(?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d+)?$|^\.\d+$/.test(s)) return null;
  if (s.includes(',')) {
    const groups = s.split('.')[0].split(',');
    const middle = groups.slice(1, -1);
    if (groups[groups.length - 1].length !== 3 || !(middle.every((g) => g.length === 3) || middle.every((g) => g.length === 2))) return null;
  }
  const value = Number(s.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/** figureTokens without shortcuts: join a figure's parts, split at spaces. */
function figureTokensByDefinition(text: string): string[] {
  const joined = text
    .replace(/(^|\s)(INR|Rs\.?|₹)\s+(?=[\d.(-])/gi, '$1$2')
    .replace(/(\d|\))\s+((?:Dr|Cr)\.?)(?=\s|$)/gi, '$1$2')
    .replace(/(?<!\S)(\d{1,2}) ([A-Za-z]{3,4}) (\d{4}|\d{2})(?!\S)/g, (m: string, d: string, mon: string, y: string) => (parseDate(m) ? `${d}\u00a0${mon}\u00a0${y}` : m));
  return joined
    .split(/[ \t\n\r]+/)
    .filter(Boolean)
    .map((t) => t.replace(/\u00a0/g, ' '));
}

function numberTokensByDefinition(text: string): string[] | null {
  const tokens = figureTokensByDefinition(text);
  return tokens.length && tokens.every((t) => parseNumberByDefinition(t) !== null) ? tokens : null;
}

/** The ISO 6166 check digit through the digit string itself: the generator's (it builds every ISIN it prints with it). */
const checkDigitByDefinition = (first11: string): number | null => (/^[A-Z]{2}[A-Z0-9]{9}$/.test(first11) ? generatorCheckDigit(first11) : null);

const validByDefinition = (isin: string): boolean => /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(isin) && checkDigitByDefinition(isin.slice(0, 11)) === Number(isin[11]);

/** findIsin without shortcuts: every shaped token, then rejoined halves, then a labelled one. */
function findIsinByDefinition(text: string): string | null {
  const shaped = [...text.matchAll(/(?<![A-Z0-9])[A-Z]{2}[A-Z0-9]{9}[0-9](?![0-9])/g)].map((m) => m[0]);
  const valid = shaped.find(validByDefinition);
  if (valid) return valid;
  const tokens = text.split(/\s+/);
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i].replace(/^.*?:/, '');
    const joined = a + tokens[i + 1];
    const m = /^[A-Z]{2}[A-Z0-9]{9}[0-9]/.exec(joined);
    const head = /^[A-Z]{2}[A-Z0-9]{0,9}$/.test(a) && (a.length <= 3 || /\d/.test(a));
    if (m && head && !/^(?:[A-Z0-9]|[.,]\d)/.test(joined.slice(m[0].length)) && validByDefinition(m[0])) return m[0];
  }
  const labelled = /ISIN\s*:?\s*([A-Z]{2}[A-Z0-9]{9}[0-9])/.exec(text);
  if (labelled) return labelled[1];
  return shaped.find((s) => /^IN[EF]/.test(s)) ?? null;
}

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
/** Figures as printed, and things that look nearly like them. */
const figure = fc.oneof(
  fc.tuple(digits(1, 3), fc.array(digits(2, 3), { maxLength: 5 }), fc.option(digits(1, 5))).map(([head, groups, decimals]) => [head, ...groups].join(',') + (decimals === null ? '' : `.${decimals}`)),
  fc.tuple(digits(1, 19), fc.option(digits(0, 9))).map(([whole, decimals]) => whole + (decimals === null ? '' : `.${decimals}`)),
  digits(1, 6).map((d) => `.${d}`),
);
const piece = fc.oneof(
  { weight: 4, arbitrary: figure },
  { weight: 2, arbitrary: fc.constantFrom('-', '(', ')', '+', '\u2212', '\u2013', 'Dr', 'Cr', 'Dr.', 'INR', 'Rs.', 'Rs', '₹', '`', '.', ',', ':') },
  { weight: 1, arbitrary: fc.constantFrom('30-Sep-2025', '30 Sep 2025', '01/04/25', '2025-09-30', '31 Feb 2024', 'Sep', 'Units', 'NAV', 'ISIN', 'Total') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{1,6}$/) },
);
const space = fc.constantFrom('', '', ' ', '  ', '\t', '\u00a0', '\n');
const printed = fc.array(fc.tuple(piece, space), { maxLength: 5 }).map((parts) => parts.map(([p, s]) => p + s).join(''));

const chars = (alphabet: string, minLength: number, maxLength: number) => fc.array(fc.constantFrom(...alphabet), { minLength, maxLength }).map((c) => c.join(''));
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const isin = fc.tuple(fc.constantFrom('INE', 'INF', 'US0', 'LU1'), chars(ALPHANUMERIC, 8, 8)).map(([head, rest]) => withIsinCheckDigit(`${head}${rest}`));
const isinText = isin.chain((code) => {
  const part = fc.oneof(
    fc.constant(code),
    fc.constant(`${code.slice(0, 11)}${(Number(code[11]) + 1) % 10}`),
    fc.integer({ min: 1, max: 11 }).map((k) => code.slice(0, k)),
    fc.integer({ min: 1, max: 11 }).map((k) => code.slice(k)),
    fc.constantFrom('ISIN', 'ISIN:', 'Folio:', 'TOTAL', '1608(Advisor', '5597268.59', 'INE', 'inf'),
    chars(`${ALPHANUMERIC} :.`, 0, 6),
  );
  return fc.array(fc.tuple(part, space), { maxLength: 6 }).map((parts) => parts.map(([p, s]) => p + s).join(''));
});

describe('reading shortcuts against the definitions', () => {
  it(`parseNumber, figureTokens and numberTokens on 4000 printed texts (seed ${SEED})`, () => {
    fc.assert(
      fc.property(printed, (text) => {
        expect(parseNumber(text)).toBe(parseNumberByDefinition(text));
        expect(figureTokens(text)).toEqual(figureTokensByDefinition(text));
        expect(numberTokens(text)).toEqual(numberTokensByDefinition(text));
      }),
      { numRuns: 4000, seed: SEED },
    );
  });

  it(`findIsin and the check digit on 3000 texts of ISIN pieces (seed ${SEED})`, () => {
    fc.assert(
      fc.property(isinText, (text) => {
        expect(findIsin(text)).toBe(findIsinByDefinition(text));
      }),
      { numRuns: 3000, seed: SEED },
    );
    fc.assert(
      fc.property(fc.tuple(chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 2, 2), chars(ALPHANUMERIC, 9, 9)), ([country, rest]) => {
        const first11 = country + rest;
        expect(isinCheckDigit(first11)).toBe(checkDigitByDefinition(first11));
      }),
      { numRuns: 2000, seed: SEED },
    );
  });

  it('reads up to 15 digits exactly as Number() does, and beyond them through Number()', () => {
    for (const text of ['0.1', '0.3', '1.005', '9007199254740.993', '999999999999999', '99999999999999.99', '1234567890123456', '0.000000000000001', '.1', '123,45,67,890.12345']) {
      expect(parseNumber(text)).toBe(Number(text.replace(/,/g, '')));
    }
    expect(parseNumber('9'.repeat(400))).toBeNull();
  });
});
