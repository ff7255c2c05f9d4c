/**
 * Where a table's columns are: each header label's column becomes an x-band, and every cell of a
 * row is given to the column it belongs to. Labels may be printed left-aligned, centred or
 * right-aligned over their figures, so the bands are learnt from the rows themselves: the cells of
 * the table's rows fall into runs that share an edge (figures right-aligned, text left-aligned), and
 * those runs are matched to the labels in order, left to right, one run to one label. A name that
 * wraps stays in its band; a cell never takes its neighbour's text.
 */
import { findIsin } from '../identifiers.js';
import { parseDate, parseNumber } from '../numbers.js';
import type { TextLine } from '../types.js';
import type { HeaderColumn, TableHeader } from './header.js';
import type { ColumnKind } from './vocabulary.js';

/** A piece of a line: a cell, or a part of one that holds two columns' text (an ISIN and a name). */
export interface Piece {
  readonly text: string;
  readonly x: number;
  readonly x_end: number;
  readonly numeric: boolean;
}

/** A row's text by column; text no column could take stays in `loose`. */
export interface RowCells {
  byKind: Partial<Record<ColumnKind, string>>;
  /** Text of columns whose label the vocabulary does not know, by label. */
  other: Record<string, string>;
  loose: Piece[];
}

/** Edges within this many points are one column's edge. */
const EDGE_TOLERANCE = 2.5;
/** Cost of leaving a run of cells without a label in the matching. */
const UNMATCHED_RUN = 40;

const CURRENCY_TOKEN = /^(?:INR|Rs\.?|₹)$/i;
const DEBIT_CREDIT = /^(?:Dr|Cr)\.?$/i;
const WORD = /\S+/g;
const SPACE = /\s/;

/** The words of a text (runs of non-space characters) with where each starts and ends. */
function wordsOf(text: string): Array<{ text: string; from: number; to: number }> {
  const out: Array<{ text: string; from: number; to: number }> = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) out.push({ text: m[0], from: m.index, to: m.index + m[0].length });
  return out;
}

/**
 * A line's cells as pieces: a cell that holds an ISIN among other words is cut around it, and a text
 * cell that ends in formatted figures ("RELIANCE INDUSTRIES 1,412.000") is cut before them. Positions
 * inside a cell are estimated from the characters' share of its width.
 */
export function piecesOf(line: TextLine): readonly Piece[] {
  // A line is cut the same way every time a reader asks (the readers pass over a table more than
  // once), and its pieces are read, never changed: every reader shares the one cut.
  let cut = PIECES.get(line);
  if (!cut) PIECES.set(line, (cut = cutIntoPieces(line)));
  return cut;
}

const PIECES = new WeakMap<TextLine, readonly Piece[]>();

function cutIntoPieces(line: TextLine): Piece[] {
  const out: Piece[] = [];
  for (const cell of line.cells) {
    const x_end = cell.x_end ?? cell.x + cell.text.length * 4;
    if (!SPACE.test(cell.text)) {
      // One word (most cells of a table): the cell is one piece.
      if (cell.text && !CURRENCY_TOKEN.test(cell.text)) out.push({ text: cell.text, x: cell.x, x_end: Math.max(cell.x, x_end), numeric: parseNumber(cell.text) !== null });
      continue;
    }
    const perChar = (x_end - cell.x) / Math.max(1, cell.text.length);
    const tokens = wordsOf(cell.text).filter((t) => !CURRENCY_TOKEN.test(t.text));
    if (!tokens.length) continue;
    // A debit or credit mark belongs to the figure before it ("35,255.47 Dr" is one figure, right-aligned with its column's).
    for (let i = tokens.length - 1; i > 0; i--) {
      if (DEBIT_CREDIT.test(tokens[i].text) && parseNumber(tokens[i - 1].text) !== null) {
        tokens.splice(i - 1, 2, { text: `${tokens[i - 1].text} ${tokens[i].text}`, from: tokens[i - 1].from, to: tokens[i].to });
      }
    }
    const n = tokens.length;
    // What each token is, asked once: a number, and (only where it matters) a date.
    const numbers = tokens.map((t) => parseNumber(t.text) !== null);
    const dates: Array<boolean | undefined> = [];
    const isDate = (i: number): boolean => (dates[i] ??= parseDate(tokens[i].text) !== null);
    const isFigure = (i: number): boolean => numbers[i] || isDate(i);
    /** cut[i]: a piece starts at token i. */
    const cut = new Array<boolean>(n + 1).fill(false);
    for (let i = 0; i < n; i++) {
      // An ISIN is 12 characters: a longer or shorter token is none.
      if (tokens[i].text.length === 12 && findIsin(tokens[i].text) === tokens[i].text) cut[i] = cut[i + 1] = true;
    }
    let figuresOnly = true;
    for (let i = 0; i < n && figuresOnly; i++) figuresOnly = isFigure(i);
    if (figuresOnly) {
      // A cell of figures only ("1,234.567 12.3456"): one piece each.
      cut.fill(true);
    } else {
      // Formatted figures or dates glued to the end of a text cell.
      let k = n;
      while (k > 1 && isFigure(k - 1) && (/[.,()]/.test(tokens[k - 1].text) || isDate(k - 1))) k--;
      for (let i = k; i < n; i++) cut[i] = true;
    }
    for (let from = 0, to = 1; to <= n; to++) {
      if (to < n && !cut[to]) continue;
      const first = tokens[from];
      const last = tokens[to - 1];
      const text = to - from === 1 ? first.text : tokens.slice(from, to).map((t) => t.text).join(' ');
      const start = from === 0 ? cell.x : cell.x + perChar * first.from;
      const end = to === n ? x_end : cell.x + perChar * last.to;
      out.push({ text, x: start, x_end: Math.max(start, end), numeric: to - from === 1 && numbers[from] });
      from = to;
    }
  }
  return out;
}

interface Run {
  numeric: boolean;
  edge: number;
  x: number;
  x_end: number;
  count: number;
}

const edgeOf = (p: Piece): number => (p.numeric ? p.x_end : p.x);

function gap(a: { x: number; x_end: number }, b: { x: number; x_end: number }): number {
  return Math.max(0, Math.max(a.x, b.x) - Math.min(a.x_end, b.x_end));
}
const centre = (a: { x: number; x_end: number }): number => (a.x + a.x_end) / 2;

/** The runs of a table's rows: figures by their right edge, text by its left edge. */
function runsOf(rows: ReadonlyArray<readonly Piece[]>): Run[] {
  const runs: Run[] = [];
  for (const row of rows) {
    for (const p of row) {
      const run = runs.find((r) => r.numeric === p.numeric && Math.abs(r.edge - edgeOf(p)) <= EDGE_TOLERANCE);
      if (run) {
        run.x = Math.min(run.x, p.x);
        run.x_end = Math.max(run.x_end, p.x_end);
        run.count++;
      } else {
        runs.push({ numeric: p.numeric, edge: edgeOf(p), x: p.x, x_end: p.x_end, count: 1 });
      }
    }
  }
  return runs.sort((a, b) => centre(a) - centre(b));
}

/**
 * Matches runs to labels, both in left-to-right order, each label taking at most one run and each
 * run at most one label, at the least total distance: so that a column of figures printed a little
 * right of its left-aligned label is not given to the next label along.
 */
function matchRuns(runs: Run[], columns: HeaderColumn[]): Map<Run, HeaderColumn> {
  const n = runs.length;
  const m = columns.length;
  const cost = (r: Run, c: HeaderColumn): number => gap(r, c) + 0.05 * Math.abs(centre(r) - centre(c));
  // best[j][i]: least cost of placing the first j runs against the first i labels.
  const best: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
  const move: string[][] = Array.from({ length: n + 1 }, () => new Array<string>(m + 1).fill(''));
  best[0][0] = 0;
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= m; i++) {
      const here = best[j][i];
      if (here === Infinity) continue;
      if (i < m && here < best[j][i + 1]) {
        best[j][i + 1] = here;
        move[j][i + 1] = 'label';
      }
      if (j < n) {
        const skip = here + UNMATCHED_RUN * Math.min(3, runs[j].count);
        if (skip < best[j + 1][i]) {
          best[j + 1][i] = skip;
          move[j + 1][i] = 'run';
        }
      }
      if (j < n && i < m) {
        const pair = here + cost(runs[j], columns[i]) * runs[j].count;
        if (pair < best[j + 1][i + 1]) {
          best[j + 1][i + 1] = pair;
          move[j + 1][i + 1] = 'pair';
        }
      }
    }
  }
  const matched = new Map<Run, HeaderColumn>();
  let j = n;
  let i = m;
  while (j > 0 || i > 0) {
    const step = move[j][i];
    if (step === 'pair') matched.set(runs[--j], columns[--i]);
    else if (step === 'run') j--;
    else i--;
  }
  return matched;
}

/** A table's columns, as a header names them and its rows place them. */
export class TableLayout {
  private constructor(
    readonly header: TableHeader,
    private readonly runs: Map<Run, HeaderColumn>,
  ) {}

  /**
   * The layout of the table under `header`, learnt from `body`: the lines that follow it up to the next
   * header or the end of the statement. Only lines with at least two figures count as rows here.
   */
  static of(header: TableHeader, body: TextLine[]): TableLayout {
    const rows = body.map(piecesOf).filter((pieces) => pieces.filter((p) => p.numeric).length >= 2);
    const columns = [...header.columns].sort((a, b) => a.x - b.x);
    return new TableLayout({ ...header, columns }, matchRuns(runsOf(rows), columns));
  }

  get columns(): HeaderColumn[] {
    return this.header.columns;
  }

  /** The column of the header with this kind, if printed. */
  column(kind: ColumnKind): HeaderColumn | null {
    return this.header.columns.find((c) => c.kind === kind) ?? null;
  }

  /** The column a piece belongs to: its run's label, else the label nearest to it (by its edge's side). */
  columnOf(piece: Piece): HeaderColumn | null {
    for (const [run, column] of this.runs) {
      if (run.numeric === piece.numeric && Math.abs(run.edge - edgeOf(piece)) <= EDGE_TOLERANCE) return column;
    }
    for (const [run, column] of this.runs) if (gap(run, piece) === 0 && piece.x >= run.x - EDGE_TOLERANCE && piece.x_end <= run.x_end + EDGE_TOLERANCE) return column;
    let best: HeaderColumn | null = null;
    let distance = Infinity;
    for (const c of this.header.columns) {
      const d = gap(c, piece) + 0.05 * Math.abs(centre(c) - centre(piece));
      if (d < distance) {
        distance = d;
        best = c;
      }
    }
    return best;
  }

  /** A line's text by column. */
  cells(line: TextLine): RowCells {
    const out: RowCells = { byKind: {}, other: {}, loose: [] };
    for (const piece of piecesOf(line)) {
      const column = this.columnOf(piece);
      if (!column) {
        out.loose.push(piece);
      } else if (column.kind) {
        const had = out.byKind[column.kind];
        out.byKind[column.kind] = had ? `${had} ${piece.text}` : piece.text;
      } else {
        out.other[column.label] = out.other[column.label] ? `${out.other[column.label]} ${piece.text}` : piece.text;
      }
    }
    return out;
  }
}
