import { describe, expect, it } from '@jest/globals';
import { findDate, findDates, parseDate, parseNumber, roundTo } from '../../../src/modules/extraction/numbers.js';

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
  ])('$text → $expected', ({ text, expected }) => {
    expect(parseNumber(text)).toBeCloseTo(expected, 10);
  });

  it.each(['', 'abc', '1,2,3', '12,3456.00', '1.2.3', 'INR', '30-Sep-2025', 'ARN-12345', '1,23,4567', '--5', '(12'])('rejects %j', (text) => {
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
  ])('$text → $iso', ({ text, iso }) => {
    expect(parseDate(text)).toBe(iso);
  });

  it.each(['31-Sep-2025', '29-Feb-2025', '00/01/2025', '01/13/2025', 'Sep-30-2025', '2025-09-30', 'hello', ''])('rejects %j', (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it('finds dates inside text', () => {
    expect(findDate('NAV on 30-Sep-2025: INR 12.3456')).toBe('2025-09-30');
    expect(findDates('01-Apr-2025 To 30-Sep-2025')).toEqual(['2025-04-01', '2025-09-30']);
    expect(findDates('Statement From : 01/04/2025 To : 30/09/2025')).toEqual(['2025-04-01', '2025-09-30']);
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
