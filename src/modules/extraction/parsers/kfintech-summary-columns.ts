/**
 * The columns of a KFintech summary table, read from its header, and a row's figures read by them.
 *
 * KFintech prints the header over two lines ("Cost Value" over "(INR)", "Closing Unit" over
 * "Balance"), so the lines are merged column by column first. Figures are then given to the
 * column whose right edge is nearest their own: the order of the columns does not matter. When the
 * header is missing or a row does not fit it, the figures are read by their arithmetic instead.
 */
import { parseNumber } from '../numbers.js';
import type { TextLine } from '../types.js';
import { splitNumberTokens, type Cell } from './common.js';

export type FigureKey = 'cost' | 'units' | 'price' | 'value';
type ColumnKey = FigureKey | 'folio' | 'isin' | 'name' | 'category' | 'navDate' | 'registrar';

export interface SummaryColumns {
  /** Left edge of the scheme name column. */
  nameX: number | null;
  /** Left edge of the registrar column. */
  registrarX: number | null;
  /** Left edge of a column printing each holding's category or asset class, when there is one. */
  categoryX: number | null;
  /** Right edges of the number columns (they are right-aligned), in any order. */
  figures: Array<{ key: FigureKey; edge: number }>;
}

export interface Figures {
  cost: number | null;
  units: number | null;
  price: number | null;
  value: number | null;
}

/** A cell's own text of a number, with where it ends. */
export interface NumberToken {
  text: string;
  value: number;
  /** Right edge of the cell the number ends; null for a number followed by another in its cell. */
  x_end: number | null;
}

/** The column a header label names; the more specific words are tried first ("Cost Value", "Unit Price"). */
function columnOf(label: string): ColumnKey | null {
  const t = label.toLowerCase();
  if (/folio/.test(t)) return 'folio';
  if (/\bisin\b/.test(t)) return 'isin';
  if (/categor|asset\s*(?:class|type)/.test(t)) return 'category';
  if (/scheme|fund\s+name/.test(t)) return 'name';
  if (/registrar|\brta\b/.test(t)) return 'registrar';
  if (/date/.test(t)) return 'navDate';
  if (/cost|invested/.test(t)) return 'cost';
  if (/price|\bnav\b/.test(t)) return 'price';
  if (/market|current|valuation|\bvalue\b/.test(t)) return 'value';
  if (/unit|balance|closing/.test(t)) return 'units';
  return null;
}

/** The lower (or only) header line: it names the folio, ISIN and scheme columns. */
export function isColumnHeader(text: string): boolean {
  return /\bFolio\b/i.test(text) && /\bISIN\b/i.test(text) && /Scheme/i.test(text);
}

/** A header line above the lower one: every cell a header word or a currency in brackets. */
function isUpperHeader(line: TextLine, lower: TextLine): boolean {
  if (line.page !== lower.page || lower.y - line.y > 16 || lower.y <= line.y) return false;
  return line.cells.length > 0 && line.cells.every((c) => columnOf(c.text) !== null || /^\(\s*(?:INR|Rs\.?|₹)\s*\)$/i.test(c.text));
}

/** The columns of the header whose lower line is `lines[at]`. */
export function readColumns(lines: TextLine[], at: number): SummaryColumns {
  const lower = lines[at];
  const upper = at > 0 && isUpperHeader(lines[at - 1], lower) ? lines[at - 1] : null;
  // Cells of one column share a right edge (numbers) or a left edge (text) across the two lines.
  const merged: Array<{ x: number; x_end: number; text: string }> = [];
  for (const c of [...(upper?.cells ?? []), ...lower.cells]) {
    const end = c.x_end ?? c.x;
    const same = merged.find((m) => Math.abs(m.x_end - end) <= 3 || Math.abs(m.x - c.x) <= 3);
    if (same) {
      same.text = `${same.text} ${c.text}`;
      same.x = Math.min(same.x, c.x);
      same.x_end = Math.max(same.x_end, end);
    } else {
      merged.push({ x: c.x, x_end: end, text: c.text });
    }
  }
  const columns: SummaryColumns = { nameX: null, registrarX: null, categoryX: null, figures: [] };
  for (const m of merged) {
    const key = columnOf(m.text);
    if (key === 'name') columns.nameX = m.x;
    else if (key === 'registrar') columns.registrarX = m.x;
    else if (key === 'category') columns.categoryX = m.x;
    else if ((key === 'cost' || key === 'units' || key === 'price' || key === 'value') && !columns.figures.some((f) => f.key === key)) columns.figures.push({ key, edge: m.x_end });
  }
  return columns;
}

/** The number tokens of a cell that holds only numbers; null otherwise. */
export function numberTokens(cell: Cell): NumberToken[] | null {
  const tokens = splitNumberTokens(cell.text);
  if (!tokens) return null;
  return tokens.map((text, i) => ({ text, value: parseNumber(text)!, x_end: i === tokens.length - 1 ? (cell.x_end ?? null) : null }));
}

/** How far a number may end from its column's edge and still belong to it. */
const REACH = 30;

/** The number column a cell ending at `x_end` sits in, if any. */
export function figureColumn(columns: SummaryColumns, x_end: number | null): FigureKey | null {
  if (x_end === null) return null;
  let best: { key: FigureKey; distance: number } | null = null;
  for (const f of columns.figures) {
    const distance = Math.abs(f.edge - x_end);
    if (distance <= REACH && (!best || distance < best.distance)) best = { key: f.key, distance };
  }
  return best?.key ?? null;
}

/**
 * The figures of a row by the header's columns: each cell's last number goes to the column it
 * ends in, numbers before it in the same cell to the columns on its left. Null when a number fits
 * no column or two numbers claim one.
 */
export function figuresByColumns(columns: SummaryColumns, cells: NumberToken[][]): Figures | null {
  const sorted = [...columns.figures].sort((a, b) => a.edge - b.edge);
  const out: Figures = { cost: null, units: null, price: null, value: null };
  const taken = new Set<FigureKey>();
  for (const tokens of cells) {
    const key = figureColumn(columns, tokens[tokens.length - 1].x_end);
    if (!key) return null;
    let at = sorted.findIndex((f) => f.key === key);
    for (let i = tokens.length - 1; i >= 0; i--, at--) {
      const column = sorted[at];
      if (!column || taken.has(column.key)) return null;
      taken.add(column.key);
      out[column.key] = tokens[i].value;
    }
  }
  return out;
}

const decimalsOf = (text: string): number => /\.(\d+)\D*$/.exec(text)?.[1].length ?? 0;

/**
 * The figures of a row by arithmetic, for a table without a usable header: units (3 decimals) ×
 * price (4 decimals) = value (2 decimals) within half a step of each, and the other 2-decimal
 * number is the cost. Null unless exactly one reading fits.
 */
export function figuresByArithmetic(tokens: NumberToken[]): Figures | null {
  const units = tokens.filter((t) => decimalsOf(t.text) === 3);
  const prices = tokens.filter((t) => decimalsOf(t.text) === 4);
  const money = tokens.filter((t) => decimalsOf(t.text) === 2);
  if (units.length !== 1 || prices.length !== 1 || money.length < 1 || money.length > 2) return null;
  const [u, p] = [units[0].value, prices[0].value];
  const tolerance = 0.005 + Math.abs(u) * 0.00005 + Math.abs(p) * 0.0005 + 1e-9;
  const fits = money.filter((m) => Math.abs(u * p - m.value) <= tolerance);
  // Both money figures fitting is one reading only when they are equal (a folio redeemed to 0 at nil cost).
  if (!fits.length || (fits.length === 2 && fits[0].value !== fits[1].value)) return null;
  const value = fits[fits.length - 1];
  const cost = money.find((m) => m !== value);
  return { cost: cost?.value ?? null, units: u, price: p, value: value.value };
}
