/**
 * isinSpan finds an ISIN that a stray space may split, exactly where the pattern /I\s?N\s?E…/
 * would (the pattern is the definition; the parser scans instead of building it per row), and
 * page furniture is looked for only among a page's two edge lines on each side of its ISIN rows.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { dropPageFurniture, isinSpan } from '../../../src/modules/nexus/extraction/parsers/common.js';
import type { TextLine } from '../../../src/modules/nexus/extraction/types.js';

const byPattern = (text: string, isin: string): { start: number; end: number } | null => {
  const m = new RegExp(isin.split('').join('\\s?')).exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
};

describe('isinSpan', () => {
  const cases: Array<[string, string, string, { start: number; end: number } | null]> = [
    ['whole', 'ISIN: INE009A01021 Infosys', 'INE009A01021', { start: 6, end: 18 }],
    ['split by one space', 'INE009A0 1021  100', 'INE009A01021', { start: 0, end: 13 }],
    ['split by a tab and a no-break space', 'x INE0\t09A01\u00a0021', 'INE009A01021', { start: 2, end: 16 }],
    ['two spaces are not a split', 'INE009A0  1021', 'INE009A01021', null],
    ['a false start before the real one', 'INE0 INE009A01021', 'INE009A01021', { start: 5, end: 17 }],
    ['a space before the last character', 'INE009A0102 1', 'INE009A01021', { start: 0, end: 13 }],
    ['truncated at the end of the text', 'INE009A0102', 'INE009A01021', null],
    ['absent', 'HDFC BANK LIMITED', 'INE040A01034', null],
  ];
  it.each(cases)('%s', (_name, text, isin, span) => {
    expect(isinSpan(text, isin)).toEqual(span);
    expect(byPattern(text, isin)).toEqual(span);
  });

  it('answers what the pattern answers on random texts made of ISIN pieces, spaces and noise', () => {
    const isin = fc.stringMatching(/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/);
    const piece = (code: string) =>
      fc.oneof(fc.constant(code), fc.integer({ min: 1, max: 11 }).map((k) => code.slice(0, k)), fc.integer({ min: 1, max: 11 }).map((k) => code.slice(k)));
    const space = fc.constantFrom('', ' ', '  ', '\t', '\u00a0', '\n');
    const noise = fc.stringMatching(/^[A-Z0-9 :]{0,6}$/);
    fc.assert(
      fc.property(
        isin.chain((code) => fc.tuple(fc.constant(code), fc.array(fc.tuple(fc.oneof(piece(code), noise), space), { maxLength: 6 }))),
        ([code, parts]) => {
          const text = parts.map(([p, s]) => p + s).join('');
          expect(isinSpan(text, code)).toEqual(byPattern(text, code));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('page furniture around ISIN rows on short pages', () => {
  const line = (page: number, y: number, text: string): TextLine => ({ page, y, text, cells: [{ x: 30, text, x_end: 30 + text.length * 4 }] });
  // Three pages of the same lines; which of them recur at the edge decides what goes.
  const pages = (texts: string[]): TextLine[] => [1, 2, 3].flatMap((p) => texts.map((t, i) => line(p, 40 + i * 10, t)));
  const kept = (texts: string[]): string[] => dropPageFurniture(pages(texts)).filter((l) => l.page === 2).map((l) => l.text);

  const cases: Array<[string, string[], string[]]> = [
    ['one line, an ISIN row: kept', ['INE009A01021 INFOSYS LIMITED 1,553.97'], ['INE009A01021 INFOSYS LIMITED 1,553.97']],
    ['one line, no ISIN: furniture', ['Consolidated Account Statement'], []],
    ['two lines, the second an ISIN row: the first goes', ['Holdings as on date', 'INE009A01021 INFOSYS 1,553.97'], ['INE009A01021 INFOSYS 1,553.97']],
    ['three lines, ISIN row in the middle: both edges go', ['Header', 'INE009A01021 INFOSYS 1,553.97', 'Footer'], ['INE009A01021 INFOSYS 1,553.97']],
    [
      'name lines between two ISIN rows stay, edges go',
      ['Header', 'INE397D01024 BHARTI 1,977.88', 'AIRTEL LIMITED', 'INE009A01021 INFOSYS 1,553.97', 'Footer'],
      ['INE397D01024 BHARTI 1,977.88', 'AIRTEL LIMITED', 'INE009A01021 INFOSYS 1,553.97'],
    ],
  ];
  it.each(cases)('%s', (_name, texts, expected) => {
    expect(kept(texts)).toEqual(expected);
  });
});
