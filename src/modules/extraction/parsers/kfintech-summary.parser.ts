/**
 * KFintech summary Consolidated Account Statement ("Consolidated Account Summary" from KFin
 * Technologies): one row per folio and scheme, as on a date:
 *
 *   Folio No. | ISIN | Scheme Name | Cost Value | Closing Unit Balance | NAV Date | Price | Market Value | Registrar
 *
 * with the header over two lines ("Closing Unit" over "Balance", "(INR)" under the money columns).
 * Rows are grouped under the investor ("Investor Name : … PAN : …", "Name (PAN: …)", or the
 * addressee's PAN when there is one investor) and the AMC; long scheme names wrap in the name
 * column, with the row's figures on the name's first, middle or last line; a "Category" column may
 * print each holding's asset class; an AMC may close with a "Sub Total" and the table closes with a
 * "Total".
 *
 * Each line is classified (header, holding row, total, investor, AMC, name fragment), and a small
 * state keeps the current investor and AMC. A row's figures are read by the header's columns, so
 * their order does not matter (kfintech-summary-columns.ts); the scheme name is the text between
 * the ISIN and the first figure, joined with its wrapped lines.
 */
import { assetClassOfPrinted } from '../asset-class.js';
import { findPan } from '../identifiers.js';
import { parseDate } from '../numbers.js';
import type { ExtractionDraft, TextLine } from '../types.js';
import { holderName, isinSpan, newHolding, stripSchemeCode, type Cell } from './common.js';
import {
  figureColumn,
  figuresByArithmetic,
  figuresByColumns,
  isColumnHeader,
  numberTokens,
  readColumns,
  type Figures,
  type NumberToken,
  type SummaryColumns,
} from './kfintech-summary-columns.js';
import { readSummaryTable } from './summary-table.js';

const SUB_TOTAL = /^Sub\s*-?\s*Total\b/i;
const TOTAL = /^(?:Grand\s+|Portfolio\s+)?Total\b/i;
/** An AMC heading repeated where its rows continue on a new page. */
const CONTINUED = /^\(\s*continued\s*\)\s*|\s*\(\s*(?:contd|continued)\.?\s*\)\s*$/gi;

/** The product code before a scheme name: "128TSGPG-Axis …", "D110 - DSP …", or KFintech's "117 IOD1G-Mirae …". */
function stripProductCode(name: string): string {
  return stripSchemeCode(name.replace(/^\s*\d+\s+(?=[A-Z0-9]*\d[A-Z0-9]*\s*-\s*\S)/, ''));
}

interface SummaryRow {
  folio: string | null;
  name: string;
  navDate: string | null;
  /** The category or asset class printed in a column of its own, if the table has one. */
  category: string | null;
  figures: Figures;
}

/** The cells after the ISIN: the cell holding it keeps only its text after the ISIN. */
function splitAtIsin(line: TextLine, isin: string): { folio: string | null; rest: Cell[] } {
  const at = line.cells.findIndex((c) => isinSpan(c.text, isin));
  if (at < 0) {
    // The ISIN spans cells: read the text alone, without positions.
    const span = isinSpan(line.text, isin)!;
    const rest = line.text.slice(span.end).trim().split(/\s+/).filter(Boolean).map((text) => ({ x: Number.NaN, text, x_end: undefined }));
    return { folio: line.text.slice(0, span.start).trim() || null, rest };
  }
  const own = line.cells[at];
  const span = isinSpan(own.text, isin)!;
  const before = [...line.cells.slice(0, at).map((c) => c.text), own.text.slice(0, span.start)].join(' ').replace(/\s+/g, ' ').trim();
  const after = own.text.slice(span.end).trim();
  const rest = [...(after ? [{ ...own, text: after }] : []), ...line.cells.slice(at + 1)];
  return { folio: before || null, rest };
}

/**
 * One holding row. Text before the first figure is the scheme name; a number in the name column
 * ("Nifty 50" wrapped after "Nifty") is part of the name, not a figure; text after the figures is
 * the registrar.
 */
function readRow(line: TextLine, isin: string, columns: SummaryColumns | null): SummaryRow {
  const { folio, rest } = splitAtIsin(line, isin);
  const name: string[] = [];
  const numbers: NumberToken[][] = [];
  let navDate: string | null = null;
  let category: string | null = null;
  let figuresStarted = false;
  for (const c of rest) {
    if (columns?.categoryX != null && Math.abs(c.x - columns.categoryX) < 3) {
      category = c.text;
      continue;
    }
    const date = parseDate(c.text);
    if (date && !navDate) {
      navDate = date;
      figuresStarted = true;
      continue;
    }
    const tokens = numberTokens(c);
    const inNameColumn = columns?.nameX != null && Math.abs(c.x - columns.nameX) < 3;
    const isFigure = tokens && !inNameColumn && (!columns?.figures.length || c.x_end === undefined || figureColumn(columns, tokens[tokens.length - 1].x_end) !== null);
    if (tokens && isFigure) {
      numbers.push(tokens);
      figuresStarted = true;
    } else if (!figuresStarted) {
      name.push(c.text);
    }
  }
  const positioned = rest.every((c) => !Number.isNaN(c.x));
  const figures =
    (columns && positioned ? figuresByColumns(columns, numbers) : null) ??
    figuresByArithmetic(numbers.flat()) ?? { cost: null, units: null, price: null, value: null };
  return { folio, name: name.join(' '), navDate, category, figures };
}

/** The printed grand total: the number in the market value column (the last number without a header). */
function totalOf(line: TextLine, columns: SummaryColumns | null): number | null {
  const numbers = line.cells.map(numberTokens).filter((t): t is NumberToken[] => t !== null);
  if (!numbers.length) return null;
  if (columns?.figures.length) return figuresByColumns(columns, numbers)?.value ?? null;
  const last = numbers[numbers.length - 1];
  return last[last.length - 1].value;
}

export function parseKfintechSummary(input: TextLine[]): ExtractionDraft {
  // Headers are read before page furniture goes: a header repeated on every page is furniture.
  const headers = new Map<TextLine, SummaryColumns>();
  input.forEach((line, i) => isColumnHeader(line.text) && headers.set(line, readColumns(input, i)));
  let columns: SummaryColumns | null = headers.values().next().value ?? null;

  return readSummaryTable(input, 'KFINTECH_SUMMARY_CAS', {
    header(line, text) {
      if (!isColumnHeader(text)) return false;
      columns = headers.get(line) ?? columns;
      return true;
    },
    row(line, isin, amc) {
      const row = readRow(line, isin, columns);
      const holding = newHolding({
        isin,
        page: line.page,
        units: row.figures.units,
        nav: row.figures.price,
        market_value: row.figures.value,
        cost_value: row.figures.cost,
        folio: row.folio,
        amc,
        nav_date: row.navDate,
      });
      const named = (name: string) => {
        holding.scheme_name = stripProductCode(name);
        // A printed category decides the asset class (the source 'statement' wins over any other).
        const printed = row.category ? assetClassOfPrinted(row.category, holding.scheme_name) : null;
        if (printed) {
          holding.asset_class = printed;
          holding.asset_class_source = 'statement';
        }
      };
      return { holding, name: row.name, named };
    },
    total(line, text) {
      if (SUB_TOTAL.test(text)) return null;
      return TOTAL.test(text) ? totalOf(line, columns) : undefined;
    },
    investor(line, text, previous) {
      const pan = findPan(text);
      return pan ? { pan, name: holderName(line, previous) } : null;
    },
    amcName: (text) => text.replace(CONTINUED, '').replace(/\s+/g, ' ').trim(),
    nameX: () => columns?.nameX ?? null,
  });
}
