/**
 * isinSpan finds an ISIN that a stray space may split, exactly where the pattern /I\s?N\s?E…/
 * would (the pattern is the definition; the parser scans instead of building it per row), and
 * page furniture is looked for only among a page's two edge lines on each side of its ISIN rows.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { dropPageFurniture, isinSpan } from '../../../src/modules/extraction/parsers/common.js';
import type { TextLine } from '../../../src/modules/extraction/types.js';

const byPattern = (text: string, isin: string): { start: number; end: number } | null => {
  const m = new RegExp(isin.split('').join('\\s?')).exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
};

describe('isinSpan', () => {
  const cases: Array<{ name: string; text: string; isin: string; span: { start: number; end: number } | null }> = [
    { name: 'whole', text: 'ISIN: INE009A01021 Infosys', isin: 'INE009A01021', span: { start: 6, end: 18 } },
    { name: 'split by one space', text: 'INE009A0 1021  100', isin: 'INE009A01021', span: { start: 0, end: 13 } },
    { name: 'split by a tab and a no-break space', text: 'x INE0\t09A01\u00a0021', isin: 'INE009A01021', span: { start: 2, end: 16 } },
    { name: 'two spaces are not a split', text: 'INE009A0  1021', isin: 'INE009A01021', span: null },
    { name: 'a false start before the real one', text: 'INE0 INE009A01021', isin: 'INE009A01021', span: { start: 5, end: 17 } },
    { name: 'a space before the last character', text: 'INE009A0102 1', isin: 'INE009A01021', span: { start: 0, end: 13 } },
    { name: 'truncated at the end of the text', text: 'INE009A0102', isin: 'INE009A01021', span: null },
    { name: 'absent', text: 'HDFC BANK LIMITED', isin: 'INE040A01034', span: null },
  ];
  it.each(cases)('$name', ({ text, isin, span }) => {
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

  const cases: Array<{ name: string; texts: string[]; expected: string[] }> = [
    { name: 'one line, an ISIN row: kept', texts: ['INE009A01021 INFOSYS LIMITED 1,553.97'], expected: ['INE009A01021 INFOSYS LIMITED 1,553.97'] },
    { name: 'one line, no ISIN: furniture', texts: ['Consolidated Account Statement'], expected: [] },
    { name: 'two lines, the second an ISIN row: the first goes', texts: ['Holdings as on date', 'INE009A01021 INFOSYS 1,553.97'], expected: ['INE009A01021 INFOSYS 1,553.97'] },
    { name: 'three lines, ISIN row in the middle: both edges go', texts: ['Header', 'INE009A01021 INFOSYS 1,553.97', 'Footer'], expected: ['INE009A01021 INFOSYS 1,553.97'] },
    {
      name: 'name lines between two ISIN rows stay, edges go',
      texts: ['Header', 'INE397D01024 BHARTI 1,977.88', 'AIRTEL LIMITED', 'INE009A01021 INFOSYS 1,553.97', 'Footer'],
      expected: ['INE397D01024 BHARTI 1,977.88', 'AIRTEL LIMITED', 'INE009A01021 INFOSYS 1,553.97'],
    },
  ];
  it.each(cases)('$name', ({ texts, expected }) => {
    expect(kept(texts)).toEqual(expected);
  });
});
