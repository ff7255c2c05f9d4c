/**
 * Hand-built `TextLine`s for parser tests: cells placed as a PDF would place them, for layouts the
 * generator does not draw. Each character is 4 points wide.
 */
import type { Classification, StatementClass, TextLine } from '../../src/modules/extraction/types.js';

/** [x, text] left-aligned at x, or [x, text, 'r'] right-aligned to x. */
export type CellSpec = [number, string] | [number, string, 'r'];

const CHAR = 4;

/** One line from its cells. */
export function line(page: number, y: number, ...specs: CellSpec[]): TextLine {
  const cells = specs.map(([x, text, align]) => {
    const width = text.length * CHAR;
    return align === 'r' ? { x: x - width, text, x_end: x } : { x, text, x_end: x + width };
  });
  return { page, y, text: cells.map((c) => c.text).join(' '), cells };
}

/** Consecutive lines on one page, 10 points apart. */
export function page(n: number, rows: CellSpec[][], top = 40): TextLine[] {
  return rows.map((cells, i) => line(n, top + i * 10, ...cells));
}

/** A classification the parsers run under (a statement of holdings, 90 % sure). */
export const classifiedAs = (code: StatementClass): Classification => ({ code, confidence: 90, holdings_statement: true });
