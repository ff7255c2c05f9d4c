/**
 * The transaction table of a detailed statement: its columns named by their labels (in any order,
 * wording and subset: `Date | Transaction | Amount | Units | Price | Unit Balance`, `Txn Date |
 * Particulars | NAV | Amount | Balance Units | Units` …), and each row's figures given to the column
 * whose right edge they share. Where the columns cannot say (no header read, or a row that breaks
 * the running balance under them), the row's own arithmetic decides: the previous balance plus the
 * units is the balance, units × NAV is the amount, and units print 3 decimals, NAVs 4, amounts 2.
 * When no single reading is best, the figures are left null: never assigned by position alone.
 */
import { DATE_PATTERN, parseDate, parseNumber, printedDecimals } from '../../numbers.js';
import { normaliseLabel, TableLayout, type HeaderColumn } from '../../tables/index.js';
import { classifyTransaction } from '../../transaction-types.js';
import type { TextLine, Transaction } from '../../types.js';
import { numericCells, splitNumberTokens, type Cell, type NumberCell } from '../common.js';

export type TxField = 'amount' | 'units' | 'nav' | 'balance';
type TxLabel = TxField | 'date' | 'description';

export interface TxColumns {
  date: number | null;
  description: number | null;
  /** Right edges of the figure columns' labels. */
  right: Partial<Record<TxField, number>>;
  /** Each label where it is printed (a column named by its field). */
  labels: HeaderColumn[];
  /**
   * The columns placed by the table's own rows (`tables/`: figures share a right edge, each run of
   * them matched to a label), so a label left-aligned, centred or right-aligned over its figures names
   * the same column. Absent until the rows are known.
   */
  layout?: TableLayout;
}

export const NO_COLUMNS: TxColumns = { date: null, description: null, right: {}, labels: [] };

/** Transaction-table labels, compared whole after `normaliseLabel` (currency notes dropped); the more specific first. */
const LABELS: ReadonlyArray<readonly [TxLabel, RegExp]> = [
  ['date', /^(?:txn\.?|transaction|trade|posting)? ?date$/],
  ['balance', /^(?:(?:closing|cumulative) )?(?:unit |units )?bal(?:ance|\.)?(?: units)?$|^(?:closing|cumulative) units$/],
  ['units', /^(?:no\.? of )?units?(?: transacted| allotted| redeemed)?$|^quantity$/],
  ['nav', /^(?:nav|price|rate)(?: per unit)?$|^(?:purchase|unit|redemption) price$/],
  ['amount', /^(?:gross |net |transaction )?amount$/],
  ['description', /^(?:transaction(?: description| details| type)?|description|particulars|narration|details|remarks)$/],
];

function labelOf(text: string): TxLabel | null {
  const t = normaliseLabel(text);
  for (const [label, pattern] of LABELS) if (pattern.test(t)) return label;
  return null;
}

const FIGURES: TxField[] = ['amount', 'units', 'nav', 'balance'];

/**
 * A header cell's labels: the whole cell, or (labels printed close together run into one cell) its
 * words cut into the longest labels, each with its share of the cell's width. Null when any word is
 * not part of a label.
 */
function labelsOfCell(cell: Cell): Array<{ label: TxLabel; x: number; x_end: number }> | null {
  const x_end = cell.x_end ?? cell.x + cell.text.length * 4;
  const whole = labelOf(cell.text);
  if (whole) return [{ label: whole, x: cell.x, x_end }];
  const words = [...cell.text.matchAll(/\S+/g)];
  const perChar = (x_end - cell.x) / Math.max(1, cell.text.length);
  const out: Array<{ label: TxLabel; x: number; x_end: number }> = [];
  for (let i = 0; i < words.length; ) {
    let j = words.length;
    for (; j > i; j--) if (labelOf(words.slice(i, j).map((w) => w[0]).join(' '))) break;
    if (j === i) return null;
    const label = labelOf(words.slice(i, j).map((w) => w[0]).join(' ')) as TxLabel;
    const last = words[j - 1];
    out.push({ label, x: cell.x + perChar * (words[i].index ?? 0), x_end: cell.x + perChar * ((last.index ?? 0) + last[0].length) });
    i = j;
  }
  return out;
}

/** Words that make up a header's wrapped second line ("(INR)  (INR)  Balance"). */
const FRAGMENT = /^(?:\(?(?:INR|Rs\.?|₹)\)?|Balance|Units?|Price|NAV|Amount|Date|Value|Description)$/i;

/** Whether a line can only be a header's wrapped second line. */
export const isHeaderFragment = (line: TextLine): boolean => line.cells.every((c) => FRAGMENT.test(c.text.trim()));

/** The header's cells with the parts of their labels wrapped onto the next line ("Unit" over "Balance") joined. */
function withWrappedLabels(line: TextLine, next: TextLine | undefined): Cell[] {
  if (!next || next.page !== line.page || next.y - line.y > 14 || !isHeaderFragment(next)) return line.cells;
  const cells = line.cells.map((c) => ({ ...c }));
  for (const part of next.cells) {
    const end = part.x_end ?? part.x;
    const under = cells.find((c) => Math.abs((c.x_end ?? c.x) - end) <= 6 || Math.abs(c.x - part.x) <= 6);
    if (under) under.text = `${under.text} ${part.text}`;
  }
  return cells;
}

/**
 * The columns of a transaction table's header line (its wrapped second line, `next`, joined), or null
 * when the line is none: a date, and two figures, the units or their balance among them.
 */
export function readTransactionHeader(line: TextLine, next?: TextLine): TxColumns | null {
  const cols: TxColumns = { date: null, description: null, right: {}, labels: [] };
  // No label has a digit (a wrapped second line adds none), so a line with one is no header.
  if (line.cells.length < 3 || line.cells.some((c) => DIGIT.test(c.text))) return null;
  for (const cell of withWrappedLabels(line, next)) {
    const labels = labelsOfCell(cell);
    if (!labels) return null;
    for (const { label, x, x_end } of labels) {
      cols.labels.push({ kind: null, label, x, x_end });
      if (label === 'date') cols.date ??= x;
      else if (label === 'description') cols.description ??= x;
      else if (cols.right[label] === undefined) cols.right[label] = x_end;
      else return null;
    }
  }
  const figures = Object.keys(cols.right).length;
  return cols.date !== null && figures >= 2 && (cols.right.units !== undefined || cols.right.balance !== undefined) ? cols : null;
}

/**
 * Every transaction table of a statement: each header line with its columns placed by the rows that
 * follow it, up to the next header (a header repeated after a page break starts a table of its own,
 * whatever its wording).
 */
export function transactionTables(lines: TextLine[]): Map<TextLine, TxColumns> {
  const tables = new Map<TextLine, TxColumns>();
  let current: { line: TextLine; cols: TxColumns; rows: TextLine[] } | null = null;
  const close = (): void => {
    if (current) tables.set(current.line, { ...current.cols, layout: TableLayout.of({ columns: current.cols.labels, lines: [current.line] }, current.rows) });
  };
  lines.forEach((line, i) => {
    const cols = readTransactionHeader(line, lines[i + 1]);
    if (cols) {
      close();
      current = { line, cols, rows: [] };
    } else if (current && startsWithDate(line.text)) {
      current.rows.push(line);
    }
  });
  close();
  return tables;
}

const DATE_AT_START = new RegExp(String.raw`^(?<date>${DATE_PATTERN.source})\s*(?<rest>.*)$`);

/** Whether a line starts with a date (a transaction row, or a row of one not read). */
export const startsWithDate = (text: string): boolean => DATE_AT_START.test(text.trim());

const DIGIT = /\d/;

const near = (a: number, b: number, tolerance: number): boolean => Math.abs(a - b) <= tolerance;

/**
 * The row's figures by the header's columns: each to the column the table's layout places it in, or
 * (without one) to the label whose right edge is nearest (within 30 pt); one figure each.
 */
function byColumns(nums: NumberCell[], cols: TxColumns): Partial<Record<TxField, number>> | null {
  const fields = Object.entries(cols.right) as [TxField, number][];
  if (fields.length < 2 || nums.some((n) => n.x_end === null)) return null;
  if (cols.layout) {
    const out: Partial<Record<TxField, number>> = {};
    for (const n of nums) {
      const field = cols.layout.columnOf({ text: n.text, x: n.x, x_end: n.x_end ?? n.x, numeric: true })?.label as TxField | undefined;
      if (!field || !FIGURES.includes(field) || out[field] !== undefined) return null;
      out[field] = n.value;
    }
    return out;
  }
  const out: Partial<Record<TxField, number>> = {};
  for (const n of nums) {
    let best: TxField | null = null;
    let distance = Infinity;
    for (const [field, edge] of fields) {
      const d = Math.abs((n.x_end ?? 0) - edge);
      if (d < distance) {
        distance = d;
        best = field;
      }
    }
    if (!best || distance > 30 || out[best] !== undefined) return null;
    out[best] = n.value;
  }
  return out;
}

const DECIMALS: Record<TxField, number> = { amount: 2, units: 3, nav: 4, balance: 3 };

const sameReading = (a: Partial<Record<TxField, number>>, b: Partial<Record<TxField, number>>): boolean => FIGURES.every((f) => a[f] === b[f]);

/** Every way of giving the row's figures, in print order, to distinct fields. */
function assignments(count: number, fields: TxField[]): TxField[][] {
  if (count === 0) return [[]];
  const out: TxField[][] = [];
  for (const f of fields) for (const rest of assignments(count - 1, fields.filter((g) => g !== f))) out.push([f, ...rest]);
  return out;
}

/** The assignments of each (count, fields), made once: there are few (four fields at most). */
const ASSIGNMENTS = new Map<string, readonly TxField[][]>();
function assignmentsOf(count: number, fields: TxField[]): readonly TxField[][] {
  const key = `${count} ${fields.join(' ')}`;
  let found = ASSIGNMENTS.get(key);
  if (!found) ASSIGNMENTS.set(key, (found = assignments(count, fields)));
  return found;
}

/**
 * The row's figures by their arithmetic and the print's conventions. Each reading scores: the running
 * balance kept (previous + units = balance), units × NAV = amount, and each figure printed with its
 * field's decimals. The best reading wins only when no other reading scores as well.
 */
function byArithmetic(nums: NumberCell[], fields: TxField[], previousBalance: number | null, description: string): Partial<Record<TxField, number>> {
  if (nums.length === 0) return {};
  if (nums.length === 1 && !fields.includes('amount')) return {};
  if (nums.length === 1) return { amount: nums[0].value };
  let best: Partial<Record<TxField, number>> = {};
  let bestScore = -Infinity;
  let tie = false;
  const decimals = nums.map((n) => printedDecimals(n.text));
  const note = /regist|nominee|address|mandate/i.test(description);
  for (const fieldsInOrder of assignmentsOf(nums.length, fields)) {
    const r: Partial<Record<TxField, number>> = {};
    let score = 0;
    for (let i = 0; i < fieldsInOrder.length; i++) {
      r[fieldsInOrder[i]] = nums[i].value;
      score += decimals[i] === DECIMALS[fieldsInOrder[i]] ? 1 : -1;
    }
    if (r.units !== undefined && r.balance !== undefined && previousBalance !== null) score += near(previousBalance + r.units, r.balance, 0.0015) ? 4 : -4;
    if (r.units !== undefined && r.nav !== undefined && r.amount !== undefined) {
      score += near(Math.abs(r.units * r.nav), Math.abs(r.amount), 0.01 + Math.abs(r.units) * 0.00005 + Math.abs(r.nav) * 0.0005) ? 3 : -3;
    }
    // A registration or a note moves no units: its only figures are 0 units and the balance.
    if (r.units === 0 && note) score += 1;
    if (score > bestScore) {
      bestScore = score;
      best = r;
      tie = false;
    } else if (score === bestScore && !sameReading(r, best)) {
      tie = true;
    }
  }
  return tie ? {} : best;
}

/** A trailing run of figures printed inside a text cell ("Purchase 1,000.00", "Redemption 35,255.47 Dr"). */
function splitTrailingNumbers(text: string): { head: string; numbers: string[] } {
  const tokens = text.split(/\s+/);
  const numbers: string[] = [];
  while (tokens.length > 1) {
    // A debit/credit mark belongs to the number before it ("35,255.47 Dr").
    const mark = tokens.length > 2 && /^(?:Dr|Cr)\.?$/i.test(tokens[tokens.length - 1]) ? tokens[tokens.length - 1] : '';
    const t = mark ? `${tokens[tokens.length - 2]} ${mark}` : tokens[tokens.length - 1];
    if (!/[.)]|-$|(?:Dr|Cr)\.?$/i.test(t) || parseNumber(t) === null) break;
    numbers.unshift(t);
    tokens.splice(mark ? -2 : -1);
  }
  return { head: tokens.join(' '), numbers };
}

/** One transaction row, or null when the line does not start with a date in the date column. */
export function readTransaction(line: TextLine, cols: TxColumns, previousBalance: number | null): Transaction | null {
  const m = DATE_AT_START.exec(line.text.trim());
  const date = m ? parseDate(m.groups?.date) : null;
  if (!date) return null;
  const firstCell = line.cells[0];
  if (cols.description !== null && cols.date !== null && firstCell.x > cols.date + (cols.description - cols.date) / 2) return null;

  // Cells after the date: description text, then figures.
  const cells: Cell[] = [];
  const first = firstCell.text.trim();
  const rest = (DATE_AT_START.exec(first)?.groups?.rest ?? first).trim();
  if (rest) cells.push({ x: firstCell.x, text: rest, x_end: line.cells.length === 1 ? firstCell.x_end : undefined });
  cells.push(...line.cells.slice(1));
  const descriptionParts: string[] = [];
  const numberCells: Cell[] = [];
  for (const c of cells) {
    if (splitNumberTokens(c.text) && (descriptionParts.length > 0 || numberCells.length > 0 || !/^\d+$/.test(c.text))) {
      numberCells.push(c);
      continue;
    }
    if (numberCells.length) {
      // Text after the figures (rare): kept in the description.
      descriptionParts.push(c.text);
      continue;
    }
    const { head, numbers } = splitTrailingNumbers(c.text);
    descriptionParts.push(head);
    if (numbers.length) numberCells.push({ x: c.x, text: numbers.join(' '), x_end: c.x_end });
  }
  const nums = numericCells(numberCells);
  const description = descriptionParts.join(' ').replace(/\s+/g, ' ').trim();
  const printed = Object.keys(cols.right) as TxField[];
  const arithmetic = byArithmetic(nums, printed.length >= nums.length ? printed : FIGURES, previousBalance, description);
  const columns = byColumns(nums, cols);
  // The columns win, unless they break the running balance and the arithmetic keeps it.
  const keepsBalance = (a: Partial<Record<TxField, number>>): boolean =>
    previousBalance !== null && a.units !== undefined && a.balance !== undefined && near(previousBalance + a.units, a.balance, 0.0015);
  const assigned = columns && (keepsBalance(columns) || !keepsBalance(arithmetic)) ? columns : arithmetic;
  return {
    date,
    type: classifyTransaction(description, assigned.units ?? null, assigned.amount ?? null),
    description,
    amount: assigned.amount ?? null,
    units: assigned.units ?? null,
    nav: assigned.nav ?? null,
    balance_units: assigned.balance ?? null,
  };
}
