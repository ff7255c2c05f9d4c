/**
 * Hand-built positioned text (`PdfPageText`), as a PDF engine reports it, for layouts the generator
 * does not draw: each row is a list of cells at fixed x positions, rows 11 points apart, and a page
 * may end with a footer at its foot. Characters are 4.4 points wide, the text 8 points high.
 */
import type { PdfPageText, PdfTextItem } from '../../src/modules/extraction/types.js';

/** [x, text] left-aligned at x, or [x, text, 'r'] right-aligned to x. */
export type PrintedCell = [number, string] | [number, string, 'r'];

export interface PrintedPage {
  rows: PrintedCell[][];
  /** Rows printed at the foot of the page. */
  footer?: PrintedCell[][];
}

const CHAR = 4.4;
const HEIGHT = 8;
const LINE = 11;
const TOP = 40;

function item(y: number, [x, str, align]: PrintedCell): PdfTextItem {
  const width = str.length * CHAR;
  return { str, x: align === 'r' ? x - width : x, y, width, height: HEIGHT };
}

/** Pages of a landscape A4 document (842 × 595 points). */
export function printedPages(pages: PrintedPage[]): PdfPageText[] {
  return pages.map((p, i) => {
    const items = p.rows.flatMap((cells, k) => cells.map((c) => item(TOP + k * LINE, c)));
    const footer = p.footer ?? [];
    items.push(...footer.flatMap((cells, k) => cells.map((c) => item(575 - (footer.length - 1 - k) * LINE, c))));
    return { page: i + 1, width: 842, height: 595, items };
  });
}
