import { describe, expect, it } from '@jest/globals';
import { findDate, findDates, parseDate, parseNumber, roundTo } from '../../../src/modules/nexus/extraction/numbers.js';

describe('parseNumber', () => {
  it.each([
    ['1,23,456.78', 123456.78],
    ['12,34,56,789.01', 123456789.01],
    ['123,456.78', 123456.78],
    ['1,234,567.891', 1234567.891],
    ['1234.5', 1234.5],
    ['0.000', 0],
    ['.196', 0.196],
    ['(.196)', -0.196],
    ['(1,23,456.78)', -123456.78],
    ['-1,23,456.78', -123456.78],
    ['1,234.50-', -1234.5],
    ['INR 1,23,456.78', 123456.78],
    ['INR1,234.00', 1234],
    ['Rs. 1,234.00', 1234],
    ['Rs 99.5', 99.5],
    ['₹ 12,34,567.00', 1234567],
    ['₹(500.00)', -500],
    ['(INR 2,500.00)', -2500],
    ['  42  ', 42],
    ['+7.25', 7.25],
    ['\u22125.5', -5.5],
  ])('%s → %d', (text, expected) => {
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
    ['30-Sep-2025', '2025-09-30'],
    ['01-apr-2025', '2025-04-01'],
    ['1-JAN-2024', '2024-01-01'],
    ['05 Mar 2025', '2025-03-05'],
    ['29-Feb-2024', '2024-02-29'],
    ['30/09/2025', '2025-09-30'],
    ['01/04/2025', '2025-04-01'],
    ['15-08-2025', '2025-08-15'],
    ['15.08.2025', '2025-08-15'],
    ['31-Mar-25', '2025-03-31'],
    ['10-Sept-2025', '2025-09-10'],
  ])('%s → %s', (text, iso) => {
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
    [1.005, 2, 1.01],
    [0.285, 2, 0.29],
    [-1.005, 2, -1.01],
    [123.45678, 3, 123.457],
  ])('%d to %d places → %d', (v, d, expected) => {
    expect(roundTo(v, d)).toBe(expected);
  });
});
