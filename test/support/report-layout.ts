/**
 * A layout checker for rendered reports: reads a PDF back with pdf.js (each text item with its place,
 * size and font) and reports what a reader would see as broken, for any table the renderer draws:
 *
 * - `overlap`: two text items of a page whose ink boxes intersect by more than a hair;
 * - `outside`: text outside the printable area (the margins; the footer band under the bottom margin);
 * - `heading-last`: a heading (a line all bold, larger than table text) that is the last thing on its
 *   page above the footer, or followed there only by a table's header;
 * - `bold-row`: a bold line inside a table's body other than its last line (the total);
 * - `off-column`: a cell of a table line aligned to none of the header's columns (a cell overflowing
 *   into the next, or two cells read as one).
 *
 * A table is found by its header line: a line whose texts are exactly the titles of one of the tables
 * the renderer declares (`headers`). Its body is the lines under it, at the header's font size, up to
 * the first line of another size or the page's end. A header title is aligned as its column is
 * (a left-aligned column's title starts where its cells start, a right-aligned one's ends where they end).
 */
import { getDocument } from '../../src/modules/pdf/reader/pdfjs.js';

export interface TextItem {
  page: number;
  text: string;
  /** Left edge and baseline, PDF units from the page's top left. */
  x: number;
  baseline: number;
  width: number;
  size: number;
  bold: boolean;
}

export interface TextLine {
  page: number;
  baseline: number;
  size: number;
  items: TextItem[];
}

export interface LayoutPage {
  number: number;
  width: number;
  height: number;
  lines: TextLine[];
}

export type LayoutFaultKind = 'overlap' | 'outside' | 'heading-last' | 'bold-row' | 'off-column';

export interface LayoutFault {
  kind: LayoutFaultKind;
  page: number;
  text: string;
}

export interface LayoutRules {
  /** The page's margin (PDF units), on every side. */
  margin: number;
  /** How far under the bottom margin the footer may print. */
  footerBand: number;
  /** The title rows of every table the renderer draws. */
  headers: ReadonlyArray<readonly string[]>;
  /** Text at least this size, in a line all bold, is a heading. */
  headingMinSize: number;
}

/** How far two boxes may cross, or a cell stray from its column's edge, before it is a fault (PDF units). */
const HAIR = 0.5;
/** The least space between two columns' widest cells: less, and a reader takes two cells for one. */
const COLUMN_GAP = 2;
/** The ink of a line of text around its baseline, as shares of the font size (DejaVu Sans: descender 0.24, ascender 0.76). */
const DESCENT = 0.22;
const ASCENT = 0.74;

/** Every text item of every page, as lines (top to bottom, items left to right). */
export async function readLayout(pdf: Buffer): Promise<LayoutPage[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: LayoutPage[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      // The fonts reach commonObjs when the page's operators are loaded.
      await page.getOperatorList();
      const content = await page.getTextContent();
      const view = page.getViewport({ scale: 1 });
      const bold = new Map<string, boolean>();
      const isBold = (fontName: string) => {
        if (!bold.has(fontName)) {
          const font = page.commonObjs.has(fontName) ? (page.commonObjs.get(fontName) as { name?: string }) : undefined;
          bold.set(fontName, /bold/i.test(font?.name ?? ''));
        }
        return bold.get(fontName)!;
      };
      const items: TextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const size = Math.hypot(item.transform[2], item.transform[3]);
        items.push({ page: n, text: item.str, x: item.transform[4], baseline: view.height - item.transform[5], width: item.width, size, bold: isBold(item.fontName) });
      }
      pages.push({ number: n, width: view.width, height: view.height, lines: toLines(items) });
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return pages;
}

function toLines(items: TextItem[]): TextLine[] {
  const sorted = [...items].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const lines: TextLine[] = [];
  for (const item of sorted) {
    const last = lines.at(-1);
    if (last && Math.abs(last.baseline - item.baseline) < 1 && Math.abs(last.size - item.size) < 0.1) last.items.push(item);
    else lines.push({ page: item.page, baseline: item.baseline, size: item.size, items: [item] });
  }
  for (const l of lines) l.items.sort((a, b) => a.x - b.x);
  return lines;
}

const lineText = (l: TextLine) => l.items.map((i) => i.text).join(' | ');
const box = (i: TextItem) => ({ left: i.x, right: i.x + i.width, top: i.baseline - ASCENT * i.size, bottom: i.baseline + DESCENT * i.size });

/** The faults of a rendered report under `rules`; none is a clean layout. */
export async function checkLayout(pdf: Buffer, rules: LayoutRules): Promise<LayoutFault[]> {
  return (await readLayout(pdf)).flatMap((p) => pageFaults(p, rules));
}

export function pageFaults(page: LayoutPage, rules: LayoutRules): LayoutFault[] {
  const faults: LayoutFault[] = [];
  const fault = (kind: LayoutFaultKind, text: string) => faults.push({ kind, page: page.number, text });
  const items = page.lines.flatMap((l) => l.items);

  // (a) Overlapping text.
  const boxes = items.map((i) => ({ i, b: box(i) }));
  for (let a = 0; a < boxes.length; a++) {
    for (let c = a + 1; c < boxes.length; c++) {
      const [p, q] = [boxes[a].b, boxes[c].b];
      const dx = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const dy = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (dx > HAIR && dy > HAIR) fault('overlap', `"${boxes[a].i.text}" and "${boxes[c].i.text}"`);
    }
  }

  // (b) Text outside the printable area.
  const area = { left: rules.margin - HAIR, right: page.width - rules.margin + HAIR, top: rules.margin - HAIR, bottom: page.height - rules.margin + rules.footerBand };
  for (const { i, b } of boxes) {
    if (b.left < area.left || b.right > area.right || b.top < area.top || b.bottom > area.bottom) fault('outside', `"${i.text}" at (${i.x.toFixed(1)}, ${i.baseline.toFixed(1)}), ${i.width.toFixed(1)} wide`);
  }

  // The body: every line above the bottom margin (the footer is under it).
  const body = page.lines.filter((l) => l.baseline <= page.height - rules.margin);
  const headerOf = (l: TextLine) => rules.headers.find((h) => h.length === l.items.length && h.every((t, k) => l.items[k].text === t));
  const isHeading = (l: TextLine) => l.size >= rules.headingMinSize && l.items.every((i) => i.bold);

  // (c) A heading as the page's last line(s): nothing under it but a table's header.
  let last = body.length - 1;
  while (last >= 0 && headerOf(body[last])) last--;
  if (last >= 0 && isHeading(body[last]) && body.length > 0) fault('heading-last', lineText(body[last]));

  // (d) Bold rows inside a table, and (e) cells out of their columns.
  body.forEach((l, at) => {
    const titles = headerOf(l);
    if (!titles) return;
    const columns = l.items.map((t) => ({ left: t.x, right: t.x + t.width }));
    const rows: TextLine[] = [];
    for (let k = at + 1; k < body.length && Math.abs(body[k].size - l.size) < 0.1 && !headerOf(body[k]); k++) rows.push(body[k]);
    const extents = columns.map((c) => ({ ...c }));
    rows.forEach((row, k) => {
      if (k < rows.length - 1 && row.items.some((i) => i.bold)) fault('bold-row', lineText(row));
      for (const cell of row.items) {
        const c = columns.findIndex((col) => Math.abs(cell.x - col.left) < HAIR || Math.abs(cell.x + cell.width - col.right) < HAIR);
        if (c < 0) {
          fault('off-column', `"${cell.text}" in ${lineText(row)}`);
          continue;
        }
        extents[c].left = Math.min(extents[c].left, cell.x);
        extents[c].right = Math.max(extents[c].right, cell.x + cell.width);
      }
    });
    for (let c = 1; c < extents.length; c++) {
      if (extents[c - 1].right + COLUMN_GAP > extents[c].left) fault('off-column', `columns "${titles[c - 1]}" and "${titles[c]}" run into each other`);
    }
  });
  return faults;
}
