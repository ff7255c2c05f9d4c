/**
 * The one table of the report (holdings, members, figures): column widths from the content, rows
 * measured in their own font before a page break is decided, the header (and the title, marked
 * "(continued)") repeated on a new page, data rows regular and only header and total rows bold, and
 * every cell inside its column: a cell either fits its column or wraps in it.
 */
import { COLOUR, CONTENT_WIDTH, FONT, FONT_SIZE, HEADING, PAGE, type Doc, type PageFlow } from './page-flow.js';

export interface TableColumn {
  title: string;
  align: 'left' | 'right';
  /** The least width the column is given (PDF units). */
  minWidth?: number;
  /** The column may wrap its cells: it is narrowed (to minWidth at least) when the table is too wide. */
  wrap?: boolean;
  /** At most this wide: a longer cell wraps (implies wrap). */
  maxWidth?: number;
  /** The column takes the page's width the others leave (implies wrap); at most one per table. */
  fill?: boolean;
}

export interface TableRow {
  cells: readonly string[];
  /** A total: printed bold under a rule, the table's last row. */
  total?: boolean;
}

export interface Table {
  columns: readonly TableColumn[];
  rows: readonly TableRow[];
  /** The rows whose cells set the column widths, when more than the table's own (tables that line up with one another). */
  measure?: readonly TableRow[];
  /** A line under the table (what its total leaves out), kept on the page of the table's last rows. */
  note?: string;
  /** A heading kept with the table; on a page the table continues to, `continued` (or the title and "(continued)"). */
  title?: { text: string; colour?: string; continued?: string };
}

export interface TableLayout {
  size: number;
  widths: number[];
  /** Left edges, from the page's left side. */
  xs: number[];
  headerHeight: number;
  rowHeights: number[];
}

/** Space between two columns: wide enough that a reader (and pdf.js, which joins runs closer than ~0.6 em) takes them apart. */
const COLUMN_GAP = 9;
/** Space under a row's text. */
const ROW_PAD = 3;
/** The smallest font a too-wide table is set in before its wrapping columns are narrowed further. */
const SMALLEST = 5.5;
const DEFAULT_MIN_WIDTH = 40;

const wraps = (c: TableColumn) => Boolean(c.wrap || c.fill || c.maxWidth);
const fontOf = (row: TableRow) => (row.total ? FONT.bold : FONT.regular);

/** The widest cell of each column at font `size`, kept per row list: tables that share `measure` measure it once. */
const widest = new WeakMap<readonly TableRow[], Map<number, number[]>>();

function widestCells(doc: Doc, columns: number, rows: readonly TableRow[], size: number): number[] {
  const bySize = widest.get(rows) ?? new Map<number, number[]>();
  widest.set(rows, bySize);
  let w = bySize.get(size);
  if (!w) {
    w = Array.from({ length: columns }, () => 0);
    for (const row of rows) {
      doc.font(fontOf(row)).fontSize(size);
      for (let i = 0; i < columns; i++) w[i] = Math.max(w[i], doc.widthOfString(row.cells[i] ?? ''));
    }
    bySize.set(size, w);
  }
  return w;
}

/** Column widths at font `size`; null when the columns that cannot wrap do not fit the page at that size. */
function widthsAt(doc: Doc, table: Table, size: number): number[] | null {
  const available = CONTENT_WIDTH - COLUMN_GAP * (table.columns.length - 1);
  const cells = widestCells(doc, table.columns.length, table.measure ?? table.rows, size);
  const widths = table.columns.map((c, i) => {
    // +1: pdfkit breaks a line whose measured width is a hair over its box.
    const w = Math.max(doc.font(FONT.bold).fontSize(size).widthOfString(c.title), cells[i]) + 1;
    return c.maxWidth ? Math.max(Math.min(w, c.maxWidth), c.minWidth ?? 0) : Math.max(w, c.minWidth ?? 0);
  });
  const fixed = table.columns.reduce((s, c, i) => s + (wraps(c) ? 0 : widths[i]), 0);
  // Each wrapping column at least its title's width (titles do not wrap) and its minimum.
  const least = table.columns.map((c, i) => (wraps(c) ? Math.max(c.minWidth ?? DEFAULT_MIN_WIDTH, doc.font(FONT.bold).fontSize(size).widthOfString(c.title) + 1) : widths[i]));
  if (fixed + table.columns.reduce((s, c, i) => s + (wraps(c) ? least[i] : 0), 0) > available) return null;
  // The filling column takes what is left: only the others are narrowed to make room for it.
  let excess = widths.reduce((s, w, i) => s + (table.columns[i].fill ? least[i] : w), 0) - available;
  for (let i = 0; i < widths.length && excess > 0; i++) {
    if (!wraps(table.columns[i]) || table.columns[i].fill) continue;
    const cut = Math.min(excess, widths[i] - least[i]);
    widths[i] -= cut;
    excess -= cut;
  }
  const fill = table.columns.findIndex((c) => c.fill);
  if (fill >= 0) widths[fill] = Math.max(least[fill], available - widths.reduce((s, w, i) => s + (i === fill ? 0 : w), 0));
  return widths;
}

/** Where the table's columns go and how high its rows are, each row measured in its own font. */
export function layoutTable(doc: Doc, table: Table): TableLayout {
  let size: number = FONT_SIZE.table;
  let widths = widthsAt(doc, table, size);
  while (!widths && size > SMALLEST) {
    size -= 0.5;
    widths = widthsAt(doc, table, size);
  }
  // Beyond the smallest font, every column wraps.
  const forceWrap = !widths;
  widths ??= table.columns.map(() => (CONTENT_WIDTH - COLUMN_GAP * (table.columns.length - 1)) / table.columns.length);
  const xs = widths.map((_, i) => PAGE.margin + widths!.slice(0, i).reduce((s, w) => s + w + COLUMN_GAP, 0));
  const rowHeights = table.rows.map((row) => {
    doc.font(fontOf(row)).fontSize(size);
    let h = doc.currentLineHeight(true);
    table.columns.forEach((c, i) => {
      if (wraps(c) || forceWrap) h = Math.max(h, doc.heightOfString(row.cells[i] ?? '', { width: widths![i] }));
    });
    return h + ROW_PAD;
  });
  doc.font(FONT.bold).fontSize(size);
  return { size, widths, xs, headerHeight: doc.currentLineHeight(true) + 5, rowHeights };
}

/** The height the table needs under its title on the page it starts: its header and two rows (or all of a shorter table). */
function startHeight(layout: TableLayout): number {
  const rows = layout.rowHeights.length <= 3 ? layout.rowHeights : layout.rowHeights.slice(0, 2);
  return layout.headerHeight + rows.reduce((s, h) => s + h, 0);
}

function drawHeader(doc: Doc, table: Table, layout: TableLayout) {
  const y = doc.y;
  doc.font(FONT.bold).fontSize(layout.size).fillColor(COLOUR.grey);
  table.columns.forEach((c, i) => doc.text(c.title, layout.xs[i], y, { width: layout.widths[i], align: c.align, lineBreak: false }));
  const ruleY = y + layout.headerHeight - 2.5;
  doc.moveTo(PAGE.margin, ruleY).lineTo(layout.xs.at(-1)! + layout.widths.at(-1)!, ruleY).lineWidth(0.5).strokeColor(COLOUR.rule).stroke();
  doc.fillColor(COLOUR.text);
  doc.y = y + layout.headerHeight;
}

function drawRow(doc: Doc, table: Table, layout: TableLayout, row: TableRow, height: number) {
  const y = doc.y;
  if (row.total) {
    doc.moveTo(PAGE.margin, y - 1).lineTo(layout.xs.at(-1)! + layout.widths.at(-1)!, y - 1).lineWidth(0.5).strokeColor(COLOUR.rule).stroke();
  }
  table.columns.forEach((c, i) => {
    const text = row.cells[i] ?? '';
    if (!text) return;
    // The row's own font, set for every cell: nothing drawn before (a header on a new page) carries over.
    doc.font(fontOf(row)).fontSize(layout.size).fillColor(COLOUR.text);
    const wrap = wraps(c) || doc.widthOfString(text) > layout.widths[i];
    doc.text(text, layout.xs[i], y, { width: layout.widths[i], align: c.align, lineBreak: wrap });
  });
  doc.y = y + height;
}

/** Draws the table where the flow stands, its title (if any) kept with its header and first rows. */
export function drawTable(doc: Doc, flow: PageFlow, table: Table): void {
  const layout = layoutTable(doc, table);
  if (table.title) flow.heading(table.title.text, HEADING.group, table.title.colour);
  flow.room(startHeight(layout));
  drawHeader(doc, table, layout);
  const noteHeight = table.note ? doc.font(FONT.regular).fontSize(NOTE_SIZE).heightOfString(table.note, { width: CONTENT_WIDTH }) + 2 : 0;
  table.rows.forEach((row, i) => {
    const next = table.rows[i + 1];
    // A total is never alone on a page: the last data row goes with it, and the note under the table with both.
    const last = i + 1 === table.rows.length;
    const needed = layout.rowHeights[i] + (next?.total && i + 2 === table.rows.length ? layout.rowHeights[i + 1] + noteHeight : 0) + (last ? noteHeight : 0);
    if (!flow.fits(needed)) {
      flow.newPage();
      if (table.title) {
        flow.heading(table.title.continued ?? `${table.title.text} (continued)`, HEADING.group, table.title.colour);
        flow.room(0);
      }
      drawHeader(doc, table, layout);
    }
    drawRow(doc, table, layout, row, layout.rowHeights[i]);
  });
  if (table.note) {
    const y = doc.y + 2;
    doc.font(FONT.regular).fontSize(NOTE_SIZE).fillColor(COLOUR.grey).text(table.note, PAGE.margin, y, { width: CONTENT_WIDTH });
    doc.fillColor(COLOUR.text);
    doc.y = y + noteHeight - 2;
  }
  doc.y += 4;
}

/** A table's note: larger than any table's text, so a reader (and the layout check) takes it apart from the rows. */
const NOTE_SIZE = 8;
