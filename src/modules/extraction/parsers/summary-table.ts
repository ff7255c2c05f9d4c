/**
 * The reading both summary statements share (CAMS and KFintech "Consolidated Account Summary"):
 * each line, after page furniture, is classified in turn as a table header, a holding row (it has
 * an ISIN), a total, an investor (a PAN), an AMC heading or a line of a wrapped scheme name; a small
 * state keeps the current investor and AMC, and the printed total. How a line of each kind is read
 * is the statement's own (SummaryTable).
 */
import { findIsin } from '../identifiers.js';
import type { ExtractionDraft, Holding, TextLine } from '../types.js';
import { dropPageFurniture, EntityBook, findPeriod, isAmcLine, splitNumberTokens, TableNames } from './common.js';

/** A holding row as a statement reads it: the holding, the name printed on the row's own line, and what to do once the whole (wrapped) name is known. */
export interface SummaryRowRead {
  holding: Holding;
  name: string;
  named: (name: string) => void;
}

/** How one summary statement reads each kind of line; the reader keeps the state across lines. */
export interface SummaryTable {
  /** Whether the line is the table's header (the statement learns its columns from it). */
  header(line: TextLine, text: string): boolean;
  /** A holding row (the line has an ISIN) under the current AMC; null when the row cannot be read. */
  row(line: TextLine, isin: string, amc: string | null): SummaryRowRead | null;
  /** A total line: the printed total, null when it prints none it counts (a sub-total); undefined when the line is no total. */
  total(line: TextLine, text: string): number | null | undefined;
  /** An investor line: the PAN and the holder's name if printed; null when the line names no investor. */
  investor(line: TextLine, text: string, previous: TextLine | null): { pan: string; name: string | null } | null;
  /** The AMC as printed on its heading line. */
  amcName(text: string): string;
  /** Where the scheme names are printed (x), null while not known. */
  nameX(): number | null;
}

/** A line of a wrapped scheme name: text only, in the name column. */
export function isNameFragment(line: TextLine, nameX: number | null): boolean {
  return nameX !== null && line.cells.every((c) => Math.abs(c.x - nameX) < (splitNumberTokens(c.text) ? 3 : 12));
}

export function readSummaryTable(input: TextLine[], classification: 'CAMS_SUMMARY_CAS' | 'KFINTECH_SUMMARY_CAS', table: SummaryTable): ExtractionDraft {
  const period = findPeriod(input);
  const lines = dropPageFurniture(input);
  const book = new EntityBook();
  const names = new TableNames();
  let statedTotal: number | null = null;
  let pan: string | null = null;
  let holder: string | null = null;
  let amc: string | null = null;

  lines.forEach((line, i) => {
    const text = line.text.trim();
    if (table.header(line, text)) {
      names.break();
      return;
    }
    const isin = findIsin(text);
    if (isin) {
      const row = table.row(line, isin, amc);
      if (!row) return;
      book.add(pan, holder, row.holding);
      names.anchor(line, row.name, row.named);
      return;
    }
    const total = table.total(line, text);
    if (total !== undefined) {
      statedTotal = total ?? statedTotal;
      names.break();
      return;
    }
    const investor = table.investor(line, text, lines[i - 1] ?? null);
    if (investor) {
      pan = investor.pan;
      holder = investor.name ?? book.nameOf(pan);
      book.learnName(pan, holder);
      names.break();
      return;
    }
    if (isAmcLine(line)) {
      amc = table.amcName(text);
      names.break();
      return;
    }
    if (isNameFragment(line, table.nameX())) names.fragment(line, text);
    else names.break();
  });
  names.resolve();

  return { classification, period, entities: book.result(), stated_total: statedTotal, currency: 'INR' };
}
