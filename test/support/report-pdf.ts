/**
 * Reads a client report PDF back the way a person sees it: each page rendered to PNG by pdf.js on
 * @napi-rs/canvas, with the text pdf.js finds and where (the pdf module's LAYOUT rendering), then the
 * holdings table and the label/value lines rebuilt from the text's positions.
 */
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { unzipSync } from 'fflate';
import { renderLayoutZip, type LayoutBox } from '../../src/modules/pdf/reader/layout.js';
import { HOLDINGS_COLUMNS, PAGE, REPORT_TABLE_HEADERS, type Column } from '../../src/modules/reports/document/report-pdf.js';
import type { LayoutRules } from './report-layout.js';

export interface ReadReport {
  pages: Array<{ png: Buffer; width: number; height: number; scale: number }>;
  boxes: LayoutBox[];
  /** Every text item, in reading order. */
  text: string[];
}

export async function readReport(pdf: Buffer): Promise<ReadReport> {
  const files = unzipSync(await renderLayoutZip(new Uint8Array(pdf)));
  const layout = JSON.parse(new TextDecoder().decode(files['layout.json'])) as { pages: Array<{ page: number; scale: number; width: number; height: number }>; boxes: LayoutBox[] };
  const pages = layout.pages.map((p) => ({ png: Buffer.from(files[`page-${String(p.page).padStart(3, '0')}.png`]), width: p.width, height: p.height, scale: p.scale }));
  const boxes = [...layout.boxes].sort((a, b) => a.page - b.page || Math.round(a.y) - Math.round(b.y) || a.x - b.x);
  return { pages, boxes, text: boxes.map((b) => b.text) };
}

/** Boxes on the same line as `box` (same page, tops within 2 units), left to right. */
export function lineOf(r: ReadReport, box: LayoutBox): LayoutBox[] {
  return r.boxes.filter((b) => b.page === box.page && Math.abs(b.y - box.y) < 2).sort((a, b) => a.x - b.x);
}

/** The value printed right of a label (the first box whose text is exactly the label, in a section after `after`). */
export function valueOf(r: ReadReport, label: string, from = 0): string {
  const box = r.boxes.slice(from).find((b) => b.text === label);
  if (!box) throw new Error(`no label "${label}" in the report`);
  const right = lineOf(r, box).filter((b) => b.x > box.x);
  if (!right.length) throw new Error(`nothing printed right of "${label}"`);
  return right[0].text;
}

export type HoldingsRowText = Record<Column['key'], string>;

/**
 * The rows of the holdings tables: lines whose ISIN cell holds an ISIN, cells by column. The columns
 * are found from the table's header line above the row (column widths follow the content): a cell
 * starts where its left-aligned column's title starts, or ends where its right-aligned column's title ends.
 */
export function holdingsRows(r: ReadReport): HoldingsRowText[] {
  const titles = HOLDINGS_COLUMNS.map((c) => c.title);
  const headers = r.boxes.filter((b) => b.text === titles[0]).map((b) => lineOf(r, b)).filter((line) => line.length === titles.length && line.every((b, i) => b.text === titles[i]));
  const rows: HoldingsRowText[] = [];
  for (const box of r.boxes) {
    if (!/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(box.text)) continue;
    const header = headers.filter((h) => h[0].page === box.page && h[0].y < box.y).at(-1);
    if (!header) continue;
    const columnOf = (b: LayoutBox) =>
      HOLDINGS_COLUMNS.find((c, i) => (c.align === 'left' ? Math.abs(b.x - header[i].x) < 1 : Math.abs(b.x + b.width - (header[i].x + header[i].width)) < 1));
    if (columnOf(box)?.key !== 'isin') continue;
    const cells = Object.fromEntries(HOLDINGS_COLUMNS.map((c) => [c.key, ''])) as HoldingsRowText;
    for (const b of lineOf(r, box)) {
      const column = columnOf(b);
      if (column) cells[column.key] = cells[column.key] ? `${cells[column.key]} ${b.text}` : b.text;
    }
    rows.push(cells);
  }
  return rows;
}

/** Lines whose first box is `label` at the left margin-ish `x`, with the texts right of it (subtotals, figure tables). */
export function linesStartingWith(r: ReadReport, label: string): string[][] {
  return r.boxes.filter((b) => b.text === label).map((b) => lineOf(r, b).filter((x) => x.x > b.x).map((x) => x.text));
}

/**
 * A printed sum back to what it says: `₹ 91,000.00 for 3 of 4 holdings` → { amount: 91000, counted: 3,
 * of: 4 }; `₹ 1,76,450.00` → the amount alone (it covers every holding: counted and of null); the dash → null.
 */
export function knownFigure(text: string): { amount: number; counted: number | null; of: number | null } | null {
  const m = /^(.*?)(?: for (\d+) of (\d+) holdings)?(?: \([^)]*\))?$/.exec(text.trim());
  const amount = figure(m![1]);
  return amount === null ? null : { amount, counted: m![2] ? Number(m![2]) : null, of: m![3] ? Number(m![3]) : null };
}

/** A printed number back to a number: `₹ 45,20,311.40` → 4520311.4, `-1,734.87` → -1734.87, `14.27 %` → 14.27; the dash → null. */
export function figure(text: string): number | null {
  const t = text.trim();
  if (t === '—' || t === 'not on statement') return null;
  const negative = t.startsWith('-');
  const n = Number(t.replace(/^-/, '').replace(/[₹,%\s]/g, ''));
  if (!Number.isFinite(n)) throw new Error(`not a figure: "${text}"`);
  return negative ? -n : n;
}

/**
 * How many distinct colours (to 4 bits per channel) the region of a page holds, and the share of its
 * pixels that are not white: a drawn chart has several colours and much ink, a blank one neither.
 */
export async function colourVariety(page: ReadReport['pages'][number], region: { x: number; y: number; width: number; height: number }): Promise<{ colours: number; inked: number }> {
  const image = await loadImage(page.png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const s = page.scale;
  const data = ctx.getImageData(Math.round(region.x * s), Math.round(region.y * s), Math.round(region.width * s), Math.round(region.height * s)).data;
  const colours = new Set<number>();
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
    if (r < 240 || g < 240 || b < 240) inked++;
  }
  return { colours: colours.size, inked: inked / (data.length / 4) };
}

/** The report's layout rules for the layout checker (test/support/report-layout.ts). */
export const REPORT_LAYOUT_RULES: LayoutRules = {
  margin: PAGE.margin,
  footerBand: 14,
  headers: REPORT_TABLE_HEADERS,
  headingMinSize: 8.5,
};
