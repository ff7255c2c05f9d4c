/**
 * Summary Consolidated Account Statement (CAMS "Consolidated Account Summary"): one row per
 * folio and scheme, as on a date:
 *
 *   Folio No. | ISIN | Scheme Name | Cost Value | Unit Balance | NAV Date | NAV | Market Value | Registrar
 *
 * Rows are grouped under the investor ("Name (PAN: …)", or the addressee's "PAN:" in the header
 * when there is one investor) and the AMC; long scheme names wrap onto the next line(s) in the
 * name column; a "Total" row closes the table. A row is read from both ends: the folio before the
 * ISIN, then from the right the registrar, market value, NAV, NAV date, unit balance and cost, the
 * scheme name being what remains. This does not depend on the column positions.
 */
import { assetClassOfPrinted } from '../asset-class.js';
import { findPan } from '../identifiers.js';
import { figureTokens, parseDate, parseNumber } from '../numbers.js';
import type { ExtractionDraft, TextLine } from '../types.js';
import { cleanName, isinSpan, nameBeforePan, newHolding, numericCells, stripSchemeCode } from './common.js';
import { readSummaryTable } from './summary-table.js';

const CURRENCY_TOKEN = /^(?:INR|Rs\.?|₹)$/i;
/** The header of a column with each holding's category or asset class. */
const CATEGORY_HEADER = /^(?:(?:Scheme\s+)?Category|Asset\s*Class|Asset\s+Type)$/i;

interface Row {
  folio: string | null;
  name: string;
  cost: number | null;
  units: number;
  navDate: string | null;
  nav: number;
  value: number;
}

/** Reads one table row from the right; null when the tail does not have the expected shape. */
export function readSummaryRow(text: string, isin: string): Row | null {
  const span = isinSpan(text, isin);
  if (!span) return null;
  const folio = text.slice(0, span.start).replace(/\s+/g, ' ').trim() || null;
  const tokens = figureTokens(text.slice(span.end)).filter((t) => !CURRENCY_TOKEN.test(t));
  // Registrar (a word) at the end, if printed.
  if (tokens.length && parseNumber(tokens[tokens.length - 1]) === null && !parseDate(tokens[tokens.length - 1])) tokens.pop();
  const dateAt = findLastIndex(tokens, (t) => parseDate(t) !== null);
  if (dateAt < 0) return null;
  const after = tokens.slice(dateAt + 1).map(parseNumber);
  if (after.length < 2 || after.some((v) => v === null)) return null;
  const [nav, value] = after.slice(-2) as number[];
  // Numbers just before the date: unit balance, and the cost value before it.
  const before: number[] = [];
  let i = dateAt - 1;
  while (i >= 0 && before.length < 2) {
    const v = parseNumber(tokens[i]);
    if (v === null) break;
    before.unshift(v);
    i--;
  }
  if (!before.length) return null;
  const units = before[before.length - 1];
  const cost = before.length === 2 ? before[0] : null;
  // The product code is stripped from the whole name: a wrapped name's later line may start like one ("10JUL20 - …").
  const name = tokens.slice(0, i + 1).join(' ');
  return { folio, name, cost, units, navDate: parseDate(tokens[dateAt]), nav, value };
}

function findLastIndex<T>(list: T[], test: (t: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i])) return i;
  return -1;
}

export function parseCamsSummary(input: TextLine[]): ExtractionDraft {
  const isHeader = (text: string): boolean => /\bFolio\b/i.test(text) && /\bISIN\b/i.test(text) && /Scheme/i.test(text);
  const headerNameX = (line: TextLine | undefined): number | null => line?.cells.find((c) => /Scheme/i.test(c.text))?.x ?? null;
  const categoryX = (line: TextLine | undefined): number | null => line?.cells.find((c) => CATEGORY_HEADER.test(c.text.trim()))?.x ?? null;
  // The name and category columns, from the table header (read before page furniture goes: a repeated header is furniture).
  const firstHeader = input.find((l) => isHeader(l.text));
  let nameX: number | null = headerNameX(firstHeader);
  let catX: number | null = categoryX(firstHeader);

  return readSummaryTable(input, 'CAMS_SUMMARY_CAS', {
    header(line, text) {
      if (!isHeader(text)) return false;
      nameX = headerNameX(line) ?? nameX;
      catX = categoryX(line);
      return true;
    },
    row(line, isin, amc) {
      // A printed category sits in a column of its own; the rest of the row is read as usual.
      const categoryCell = catX === null ? undefined : line.cells.find((c) => Math.abs(c.x - catX!) < 3);
      const row = readSummaryRow(categoryCell ? line.cells.filter((c) => c !== categoryCell).map((c) => c.text).join(' ') : line.text.trim(), isin);
      if (!row) return null;
      const holding = newHolding({
        isin,
        page: line.page,
        scheme_name: row.name,
        units: row.units,
        nav: row.nav,
        market_value: row.value,
        cost_value: row.cost,
        folio: row.folio,
        amc,
        nav_date: row.navDate,
      });
      const printed = categoryCell ? assetClassOfPrinted(categoryCell.text, row.name) : null;
      if (printed) {
        holding.asset_class = printed;
        holding.asset_class_source = 'statement';
      }
      if (nameX === null) nameX = line.cells.find((c) => row.name && c.text.startsWith(row.name.split(' ')[0]))?.x ?? null;
      return { holding, name: row.name, named: (name) => (holding.scheme_name = stripSchemeCode(name)) };
    },
    total(line, text) {
      if (!/^(?:Grand\s+)?Total\b/i.test(text)) return undefined;
      const nums = numericCells(line.cells);
      return nums.length ? nums[nums.length - 1].value : null;
    },
    investor(line, text) {
      const investor = /^(.*?)\(\s*PAN\s*:?\s*([A-Z]{5}[0-9]{4}[A-Z])\s*\)/i.exec(text);
      const linePan = findPan(text);
      if (!investor && !linePan) return null;
      const name = investor ? cleanName(investor[1]) : (nameBeforePan(line) ?? '');
      return { pan: investor ? investor[2].toUpperCase() : linePan!, name: name && !/\d/.test(name) ? name : null };
    },
    amcName: (text) => text.replace(/\s+/g, ' '),
    nameX: () => nameX,
  });
}
