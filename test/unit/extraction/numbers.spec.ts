import { describe, expect, it } from '@jest/globals';
import { findIsin } from '../../../src/modules/extraction/identifiers.js';
import { findDate, findDates, parseDate, parseNumber, printedDecimals, roundTo } from '../../../src/modules/extraction/numbers.js';
import { DATE_STYLES, formatDate, formatNumber, SeededRandom, withIsinCheckDigit } from '../../fixtures/generator/index.js';
import { runSeed } from '../../support/run-seed.js';

describe('parseNumber', () => {
  it.each([
    { text: '1,23,456.78', expected: 123456.78 },
    { text: '12,34,56,789.01', expected: 123456789.01 },
    { text: '123,456.78', expected: 123456.78 },
    { text: '1,234,567.891', expected: 1234567.891 },
    { text: '1234.5', expected: 1234.5 },
    { text: '0.000', expected: 0 },
    { text: '.196', expected: 0.196 },
    { text: '(.196)', expected: -0.196 },
    { text: '(1,23,456.78)', expected: -123456.78 },
    { text: '-1,23,456.78', expected: -123456.78 },
    { text: '1,234.50-', expected: -1234.5 },
    { text: 'INR 1,23,456.78', expected: 123456.78 },
    { text: 'INR1,234.00', expected: 1234 },
    { text: 'Rs. 1,234.00', expected: 1234 },
    { text: 'Rs 99.5', expected: 99.5 },
    { text: '₹ 12,34,567.00', expected: 1234567 },
    { text: '₹(500.00)', expected: -500 },
    { text: '(INR 2,500.00)', expected: -2500 },
    { text: '  42  ', expected: 42 },
    { text: '+7.25', expected: 7.25 },
    { text: '\u22125.5', expected: -5.5 },
    { text: '5597268.59', expected: 5597268.59 },
    { text: '69,62,754', expected: 6962754 },
    { text: '9.142-', expected: -9.142 },
    { text: '1,234.50 Dr', expected: -1234.5 },
    { text: '1,234.50Dr', expected: -1234.5 },
    { text: '1,234.50 DR.', expected: -1234.5 },
    { text: '1,234.50 Cr', expected: 1234.5 },
    { text: 'Rs. 25,000.00 Cr', expected: 25000 },
    { text: '₹ 500 Dr', expected: -500 },
  ])('$text → $expected', ({ text, expected }) => {
    expect(parseNumber(text)).toBeCloseTo(expected, 10);
  });

  it.each(['', 'abc', '1,2,3', '12,3456.00', '1.2.3', 'INR', '30-Sep-2025', 'ARN-12345', '1,23,4567', '--5', '(12', 'Dr', '(5.00) Dr', '-5 Cr', '5.00- Dr', 'ABC Dr', '12.5 Crore'])('rejects %j', (text) => {
    expect(parseNumber(text)).toBeNull();
  });

  it('handles null/undefined', () => {
    expect(parseNumber(null)).toBeNull();
    expect(parseNumber(undefined)).toBeNull();
  });
});

describe('parseDate', () => {
  it.each([
    { text: '30-Sep-2025', iso: '2025-09-30' },
    { text: '01-apr-2025', iso: '2025-04-01' },
    { text: '1-JAN-2024', iso: '2024-01-01' },
    { text: '05 Mar 2025', iso: '2025-03-05' },
    { text: '29-Feb-2024', iso: '2024-02-29' },
    { text: '30/09/2025', iso: '2025-09-30' },
    { text: '01/04/2025', iso: '2025-04-01' },
    { text: '15-08-2025', iso: '2025-08-15' },
    { text: '15.08.2025', iso: '2025-08-15' },
    { text: '31-Mar-25', iso: '2025-03-31' },
    { text: '10-Sept-2025', iso: '2025-09-10' },
    { text: '2025-09-30', iso: '2025-09-30' },
    { text: '30 Sep 25', iso: '2025-09-30' },
  ])('$text → $iso', ({ text, iso }) => {
    expect(parseDate(text)).toBe(iso);
  });

  it.each(['31-Sep-2025', '29-Feb-2025', '00/01/2025', '01/13/2025', 'Sep-30-2025', '2025-13-01', '30-Sep/2025', '5 10 25', 'hello', ''])('rejects %j', (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it('finds dates inside text', () => {
    expect(findDate('NAV on 30-Sep-2025: INR 12.3456')).toBe('2025-09-30');
    expect(findDates('01-Apr-2025 To 30-Sep-2025')).toEqual(['2025-04-01', '2025-09-30']);
    expect(findDates('Statement From : 01/04/2025 To : 30/09/2025')).toEqual(['2025-04-01', '2025-09-30']);
    expect(findDates('Period 2025-04-01 to 2025-09-30')).toEqual(['2025-04-01', '2025-09-30']);
    expect(findDate('NAV on 31-Sep-2025 and on 30-Sep-2025')).toBe('2025-09-30');
  });

  it.each(['Folio No: 1234567/89', 'Folio 12/10/25/7', 'ISIN INF179K01608', 'A/c 0012-05-2025-001', 'Units 10.05.2025.5', 'TOTAL 5597268.59'])(
    'finds no date in an identifier or figure: %j',
    (text) => {
      expect(findDates(text)).toEqual([]);
    },
  );
});

describe('identifiers are not figures', () => {
  it.each(['TOTAL 5597268.59', 'Total 559726859', 'CLOSING 1234567', 'GRAND TOTAL 69,62,754'])('%j holds no ISIN', (text) => {
    expect(findIsin(text)).toBeNull();
  });

  it('still rejoins an ISIN broken by a stray space', () => {
    expect(findIsin('ISIN: INF179K0 1608(Advisor: ARN-1)')).toBe('INF179K01608');
  });
});

/**
 * Every style the generator prints, at random: grouping (Indian, western, none), decimals (none for
 * whole rupees, up to 4), negatives (brackets, leading or trailing minus, Dr), currency prefixes,
 * leading-dot decimals; dates in every style, alone and inside text. The seed is printed on failure.
 */
describe('every printed style reads back (property)', () => {
  const base = runSeed('numbers', process.env.FOLIODESK_NUMBER_SEED);

  it(`2000 numbers and dates from seed ${base}`, () => {
    const rng = new SeededRandom(base);
    const failures: string[] = [];
    for (let i = 0; i < 2000 && failures.length < 5; i++) {
      const decimals = rng.int(0, 4);
      const magnitude = 10 ** rng.int(0, 9);
      const value = Number(((rng.next() * magnitude) * (rng.chance(0.3) ? -1 : 1)).toFixed(decimals));
      const style = {
        grouping: rng.pick(['indian', 'western', 'none'] as const),
        negative: rng.pick(['parentheses', 'minus', 'trailing-minus', 'cr-dr'] as const),
        leading_dot: rng.chance(0.3),
      };
      const currency = rng.pick(['', 'INR ', 'Rs. ', '₹ ', 'Rs.', 'INR']);
      const printed = `${currency}${formatNumber(value, decimals, style)}`;
      const read = parseNumber(printed);
      if (read === null || Math.abs(read - value) > 1e-9 || (decimals > 0 && value !== 0 && printedDecimals(printed) !== decimals)) failures.push(`${printed} → ${read} (truth ${value})`);

      const iso = `${rng.int(2000, 2040)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
      const date = formatDate(iso, rng.pick(DATE_STYLES));
      if (parseDate(date) !== iso) failures.push(`${date} → ${parseDate(date)} (truth ${iso})`);
      const folio = `${rng.int(1000, 99999999)}/${rng.int(1, 99)}`;
      const isin = withIsinCheckDigit(`INF${rng.int(100, 999)}K01${rng.int(10, 99)}`);
      const line = `Folio ${folio} ISIN ${isin} ${printed} NAV on ${date}: ${formatNumber(Math.abs(value), 4, style)}`;
      const found = findDates(line);
      if (found.length !== 1 || found[0] !== iso) failures.push(`${line} → dates ${found.join(',')} (truth ${iso})`);
      if (findIsin(line) !== isin) failures.push(`${line} → ISIN ${findIsin(line)}`);
    }
    expect(failures.map((f) => `seed ${base} (FOLIODESK_NUMBER_SEED=${base}): ${f}`)).toEqual([]);
  });
});

describe('roundTo', () => {
  it.each([
    { v: 1.005, d: 2, expected: 1.01 },
    { v: 0.285, d: 2, expected: 0.29 },
    { v: -1.005, d: 2, expected: -1.01 },
    { v: 123.45678, d: 3, expected: 123.457 },
  ])('$v to $d places → $expected', ({ v, d, expected }) => {
    expect(roundTo(v, d)).toBe(expected);
  });
});
