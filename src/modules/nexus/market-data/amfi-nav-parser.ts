/**
 * AMFI's published NAV file (`NAVAll.txt`): a header line, then semicolon-separated scheme lines
 * grouped under heading lines without semicolons — the scheme category ("Open Ended Schemes(Equity
 * Scheme - Large Cap Fund)") and the AMC ("HDFC Mutual Fund") — with blank lines in between:
 *
 *   Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Date
 *   Open Ended Schemes(Equity Scheme - Large Cap Fund)
 *   Axis Mutual Fund
 *   120465;INF846K01DP8;-;Axis Large Cap Fund - Direct Plan - Growth;61.41;30-Sep-2025
 *
 * A scheme line carries up to two ISINs (payout or growth, and reinvestment); either finds it. A NAV
 * of `N.A.` means none is published (the line is read but gives no price). A malformed scheme line is
 * skipped and reported; a file that is not this format at all is an AmfiFormatError.
 */
import { parseDate } from '../extraction/numbers.js';

export interface AmfiNavRecord {
  scheme_code: string;
  scheme_name: string;
  /** "ISIN Div Payout/ ISIN Growth" column. */
  isin_growth: string | null;
  /** "ISIN Div Reinvestment" column. */
  isin_reinvestment: string | null;
  /** null when AMFI prints N.A. */
  nav: number | null;
  /** ISO yyyy-mm-dd; null when not printed. */
  nav_date: string | null;
  /** The AMC heading the line sits under. */
  amc: string | null;
  /** The scheme-category heading the line sits under. */
  category: string | null;
}

export interface SkippedLine {
  line: number;
  reason: string;
}

export interface AmfiNavFile {
  /** Priced records by either of their ISINs. */
  byIsin: Map<string, AmfiNavRecord>;
  /** Scheme lines read (priced or not). */
  schemes: number;
  /** Scheme lines whose NAV is N.A. */
  unpriced: number;
  /** Malformed scheme lines, skipped. */
  skipped: SkippedLine[];
  /** The most recent NAV date in the file (ISO). */
  latestDate: string | null;
}

export class AmfiFormatError extends Error {}

const HEADER = ['scheme code', 'isin div payout/ isin growth', 'isin div reinvestment', 'scheme name', 'net asset value', 'date'];
const ISIN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const NOT_AVAILABLE = /^(?:|-+|N\.?A\.?|NIL)$/i;
const NAV = /^\d{1,9}(?:\.\d+)?$/;
/** Headings that name a category rather than an AMC. */
const CATEGORY = /Schemes?\s*\(|^(?:Open|Close|Closed|Interval)[\s-]+Ended\b|^Interval\s+Fund/i;

const normaliseHeader = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, ' ');

function isHeader(cells: string[]): boolean {
  return cells.length === HEADER.length && cells.every((cell, i) => normaliseHeader(cell) === HEADER[i]);
}

function isinCell(cell: string): string | null | undefined {
  const value = cell.trim().toUpperCase();
  if (NOT_AVAILABLE.test(value)) return null;
  return ISIN.test(value) ? value : undefined;
}

/** Parses the file's text; throws AmfiFormatError when it is not an AMFI NAV file at all. */
export function parseAmfiNav(text: string): AmfiNavFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) throw new AmfiFormatError('the NAV file is empty');
  if (!isHeader(lines[first].split(';'))) {
    const start = lines[first].trim().slice(0, 60);
    throw new AmfiFormatError(`not an AMFI NAV file: line ${first + 1} should be the "Scheme Code;ISIN Div Payout/ ISIN Growth;…;Net Asset Value;Date" header but is "${start}"`);
  }

  const byIsin = new Map<string, AmfiNavRecord>();
  const skipped: SkippedLine[] = [];
  let category: string | null = null;
  let amc: string | null = null;
  let schemes = 0;
  let unpriced = 0;
  let latestDate: string | null = null;

  for (let i = first + 1; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (!raw) continue;
    const lineNo = i + 1;
    if (!raw.includes(';')) {
      if (CATEGORY.test(raw)) {
        category = raw.replace(/\s+/g, ' ');
        amc = null;
      } else {
        amc = raw.replace(/\s+/g, ' ');
      }
      continue;
    }
    const cells = raw.split(';');
    if (isHeader(cells)) continue; // a repeated header
    if (cells.length !== HEADER.length) {
      skipped.push({ line: lineNo, reason: `${cells.length} fields instead of ${HEADER.length}` });
      continue;
    }
    const [code, growthCell, reinvestCell, name, navCell, dateCell] = cells.map((c) => c.trim());
    const isinGrowth = isinCell(growthCell);
    const isinReinvestment = isinCell(reinvestCell);
    const navText = navCell.replace(/,/g, '');
    const navDate = NOT_AVAILABLE.test(dateCell) ? null : parseDate(dateCell);
    const problem = !/^\d+$/.test(code)
      ? `scheme code "${code}" is not a number`
      : !name
        ? 'no scheme name'
        : isinGrowth === undefined || isinReinvestment === undefined
          ? `"${isinGrowth === undefined ? growthCell : reinvestCell}" is not an ISIN`
          : !NOT_AVAILABLE.test(navText) && !(NAV.test(navText) && Number(navText) > 0)
            ? `NAV "${navCell}" is not a price`
            : !NOT_AVAILABLE.test(dateCell) && !navDate
              ? `date "${dateCell}" is not a date`
              : null;
    if (problem) {
      skipped.push({ line: lineNo, reason: problem });
      continue;
    }
    schemes++;
    const nav = NOT_AVAILABLE.test(navText) ? null : Number(navText);
    if (nav === null) {
      unpriced++;
      continue;
    }
    const record: AmfiNavRecord = {
      scheme_code: code,
      scheme_name: name.replace(/\s+/g, ' '),
      isin_growth: isinGrowth ?? null,
      isin_reinvestment: isinReinvestment ?? null,
      nav,
      nav_date: navDate,
      amc,
      category,
    };
    if (navDate && (!latestDate || navDate > latestDate)) latestDate = navDate;
    for (const isin of [record.isin_growth, record.isin_reinvestment]) {
      if (!isin) continue;
      const known = byIsin.get(isin);
      // An ISIN listed twice keeps its most recent price.
      if (!known || (record.nav_date ?? '') > (known.nav_date ?? '')) byIsin.set(isin, record);
    }
  }

  if (schemes === 0) {
    throw new AmfiFormatError(`the NAV file has no readable scheme lines${skipped.length ? ` (${describeSkipped(skipped)})` : ''}`);
  }
  if (skipped.length > schemes) {
    throw new AmfiFormatError(`most scheme lines of the NAV file are malformed: ${skipped.length} bad, ${schemes} good (${describeSkipped(skipped)})`);
  }
  return { byIsin, schemes, unpriced, skipped, latestDate };
}

/** "line 12: NAV "abc" is not a price; line 40: …" for the first few. */
export function describeSkipped(skipped: SkippedLine[], max = 3): string {
  const shown = skipped.slice(0, max).map((s) => `line ${s.line}: ${s.reason}`);
  return skipped.length > max ? `${shown.join('; ')}; and ${skipped.length - max} more` : shown.join('; ');
}
