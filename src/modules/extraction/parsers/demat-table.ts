/**
 * Holdings tables of the depository statements (NSDL and CDSL CAS). Both print, per demat
 * account, tables whose rows start with an ISIN, followed by the security name and then numbers:
 * balances (NSDL: face value, number of shares; CDSL: current, free, lent, safekeep, locked-in,
 * pledged …), the market price (or NAV) and the value. Long names wrap onto the next line(s) in
 * the name column. Columns differ between the depositories and over the years, so a row's numbers
 * are assigned by their arithmetic: the value is the last number, the price the one before, and the
 * quantity the leftmost number that, multiplied by the price, gives the value.
 */
import { findIsin, findPan } from '../identifiers.js';
import { parseNumber } from '../numbers.js';
import type { Entity, ExtractionDraft, StatedGroupTotal, StatementClass, TextLine } from '../types.js';
import { dropPageFurniture, holderName, EntityBook, findPeriod, isinSpan, newHolding, numericCells, splitNumberTokens, TableNames, type Cell } from './common.js';

export interface DematLayout {
  classification: StatementClass;
  /** Reads a demat account id from a line that introduces an account, or null. */
  account: (text: string) => string | null;
  /** A per-account total ("Total Value of the Account", "Portfolio Value"). */
  accountTotal: RegExp;
  /** The statement's grand total, in order of preference. */
  grandTotals: RegExp[];
}

export interface QuantityPriceValue {
  units: number;
  price: number;
  value: number;
}

/** Whether quantity × price gives the printed value, allowing for the price's rounding. */
function consistent(units: number, price: number, value: number): boolean {
  const tolerance = Math.max(0.02, Math.abs(units) * 0.005, Math.abs(value) * 0.0005);
  return Math.abs(units * price - value) <= tolerance;
}

/**
 * Assigns the numbers of a holding row: among all (quantity, price, value) triples in print order
 * with quantity × price = value, the one whose value is printed furthest right, then whose price
 * is closest to it, then whose quantity is leftmost. That reads "face value, shares, price,
 * value" (NSDL), "current, free, lent, …, price, value" (CDSL) and "units, average cost, total
 * cost, NAV, value, gain, return" (NSDL mutual-fund folios) alike. Without such a triple the
 * row is read positionally (first = quantity, last two = price and value).
 */
export function quantityPriceValue(values: number[]): QuantityPriceValue | null {
  if (values.length < 3) {
    if (values.length === 2 && values[1] === 0) return { units: values[0], price: 0, value: 0 };
    return null;
  }
  for (let k = values.length - 1; k >= 2; k--) {
    if (values[k] === 0) continue;
    for (let j = k - 1; j >= 1; j--) {
      for (let i = 0; i < j; i++) {
        if (values[i] !== 0 && values[j] !== 0 && consistent(values[i], values[j], values[k])) return { units: values[i], price: values[j], value: values[k] };
      }
    }
  }
  return { units: values[0], price: values[values.length - 2], value: values[values.length - 1] };
}

const FOLIO_CELL = /^\d[\d ]*\s*\/\s*[\dA-Z]+$/;
/** A code in a column of its own (UCC "MFHDFC0001", an ARN); a short number ("50", "100") is a word of a name. */
const CODE_CELL = /^(?:[A-Z0-9]*\d[A-Z0-9]*|ARN-\d+)$/;
const isCode = (text: string): boolean => CODE_CELL.test(text) && !/^\d{1,3}$/.test(text);

interface RowRead {
  isin: string;
  folio: string | null;
  name: string;
  nameX: number;
  numbers: number[];
}

/** Splits a holding row into ISIN, name and numbers. */
function readRow(line: TextLine, isin: string, dropFirstNameCell: boolean): RowRead | null {
  const span = isinSpan(line.text, isin);
  if (!span) return null;
  // Cells before and after the ISIN, rebuilt from the text so an ISIN split over cells is handled.
  const before: Cell[] = [];
  const cells: Cell[] = [];
  let consumed = 0;
  for (const c of line.cells) {
    const start = line.text.indexOf(c.text, consumed);
    const end = start + c.text.length;
    consumed = Math.max(consumed, end);
    if (end <= span.start) {
      before.push(c);
      continue;
    }
    if (end <= span.end) continue;
    const text = start < span.end ? line.text.slice(span.end, end).trim() : c.text;
    if (text) cells.push({ ...c, text, x: start < span.end ? c.x + 1 : c.x });
  }
  const nameCells: Cell[] = [];
  const numberCells: Cell[] = [];
  for (const c of cells) {
    // A bare whole number right after the ISIN may start a name ("20 MICRONS"); a formatted one is a figure.
    if (splitNumberTokens(c.text) && (nameCells.length || numberCells.length || before.length || /[.,()]/.test(c.text))) numberCells.push(c);
    else if (numberCells.length === 0) nameCells.push(c);
  }
  // Numbers glued to the end of the name cell ("RELIANCE INDUSTRIES 1,412.000").
  const last = nameCells[nameCells.length - 1];
  if (last) {
    const tokens = last.text.split(/\s+/);
    const glued: string[] = [];
    while (tokens.length > 1 && /[.,)]/.test(tokens[tokens.length - 1]) && parseNumber(tokens[tokens.length - 1]) !== null) glued.unshift(tokens.pop() as string);
    if (glued.length) {
      last.text = tokens.join(' ');
      numberCells.unshift({ x: last.x, text: glued.join(' ') });
    }
  }
  // Name printed before the ISIN (CDSL mutual-fund units table), or after it.
  const textBefore = before.filter((c) => !splitNumberTokens(c.text));
  let names = textBefore.length ? textBefore : nameCells;
  if (!textBefore.length && dropFirstNameCell && nameCells.length > 1) names = nameCells.slice(1);
  // Single-token codes (UCC "MFHDFC0001", ARN) and folio numbers sit in their own columns.
  const folioCell = [...nameCells, ...before].find((c) => FOLIO_CELL.test(c.text));
  names = names.filter((c) => c !== folioCell && !isCode(c.text));
  return {
    isin,
    folio: folioCell ? folioCell.text.replace(/\s+/g, ' ') : null,
    name: names.map((c) => c.text).join(' ').replace(/\s+/g, ' ').trim(),
    nameX: names[0]?.x ?? line.cells[0].x,
    numbers: numericCells(numberCells).map((n) => n.value),
  };
}

/**
 * Text starting in the name column, with at most short codes left of it. A number counts as name
 * text only where it starts exactly at the column's left edge ("50 BEES"): figures are right-aligned
 * in columns of their own.
 */
function isNameLine(line: TextLine, column: number): boolean {
  const nameCells = line.cells.filter((c) => c.x >= column - 12);
  const leftCells = line.cells.filter((c) => c.x < column - 12);
  if (!nameCells.length || nameCells[0].x > column + 12 || !leftCells.every((c) => /^[A-Z0-9&.\-]{1,15}$/.test(c.text))) return false;
  return nameCells.every((c) => !splitNumberTokens(c.text) || Math.abs(c.x - column) <= 3);
}

/** A column-header row of a holdings table ("ISIN  Security  Current Bal  …  Value"). */
function isHoldingsHeader(text: string): boolean {
  return /\bISIN\b/i.test(text) && /Value|Price|NAV|Bal(?:ance)?\b|Shares|Units/i.test(text) && !findIsin(text);
}

/** Headings of transaction sections, whose ISIN lines are not holdings. */
const TRANSACTIONS_HEADING = /STATEMENT\s+OF\s+TRANSACTIONS|TRANSACTION\s+(?:DETAILS|STATEMENT|PARTICULARS)/i;
const HOLDINGS_HEADING = /HOLDING\s+STATEMENT|HOLDINGS?\s+AS\s+ON|UNITS\s+HELD|Equities\s*\(E\)|Mutual\s+Funds?\s*\(M\)|Mutual\s+Fund\s+Folios|Mutual\s+Fund\s+Units\s+held|Corporate\s+Bonds|Government\s+Securities/i;

const MF_FOLIOS_HEADING = /Mutual\s+Fund\s+Folios/i;
const FOLIOS_TOTAL = /^(?:Sub\s*)?Total\b(?!\s+Value)/i;

/**
 * An investor's total printed over their demat accounts leaves out the folios held with the
 * registrars; with the folio section's own total it covers every holding read for them. Without an
 * account total the investor has none to reconcile.
 */
function withFolioTotals(entities: Entity[], folioTotals: Map<string | null, number>): Entity[] {
  for (const e of entities) {
    const folios = folioTotals.get(e.pan);
    if (e.stated_total !== null && folios !== undefined) e.stated_total = Math.round((e.stated_total + folios) * 100) / 100;
  }
  return entities;
}

/** Lines that open a demat account's section (or the statement's mutual-fund folios). */
const ACCOUNT_HEADING = /Demat\s+Account|\bBO\s*ID\b|Mutual\s+Fund\s+Folios|UNITS\s+HELD/i;

export function parseDematStatement(input: TextLine[], layout: DematLayout): ExtractionDraft {
  const period = findPeriod(input);
  const lines = dropPageFurniture(input);
  // Rows are holdings only inside holdings tables, when the statement marks them (it nearly always does).
  const marked = lines.some((l) => isHoldingsHeader(l.text) || HOLDINGS_HEADING.test(l.text));
  const book = new EntityBook();
  const grand: Array<number | null> = layout.grandTotals.map(() => null);
  const groupTotals: StatedGroupTotal[] = [];
  let account: string | null = null;
  let pan: string | null = null;
  let holder: string | null = null;
  let previous: TextLine | null = null;
  const names = new TableNames();
  // The name column, from the table header (read before page furniture goes: a repeated header is furniture).
  const headerNameX = (line: TextLine | undefined): number | null => line?.cells.find((c) => /Security|Description|Scheme|Name/i.test(c.text) && !/^ISIN$/i.test(c.text.trim()))?.x ?? null;
  let nameX: number | null = headerNameX(input.find((l) => isHoldingsHeader(l.text)));
  let symbolColumn = false;
  let inHoldings = !marked;
  let panLocked = false;
  /** Inside the folios held with the registrars, and their printed totals by investor (PAN). */
  let inFolios = false;
  const folioTotals = new Map<string | null, number>();

  for (const line of lines) {
    const text = line.text.trim();
    if (isHoldingsHeader(text)) {
      symbolColumn = /Symbol/i.test(text);
      inHoldings = true;
      nameX = headerNameX(line);
      names.break();
      previous = line;
      continue;
    }
    if (HOLDINGS_HEADING.test(text) && !findIsin(text)) inHoldings = true;
    if (TRANSACTIONS_HEADING.test(text) && !findIsin(text)) inHoldings = false;
    const isin = inHoldings ? findIsin(text) : null;
    if (isin) {
      const row = readRow(line, isin, symbolColumn);
      const qpv = row ? quantityPriceValue(row.numbers) : null;
      if (row && qpv) {
        const holding = newHolding({
          isin,
          page: line.page,
          scheme_name: row.name,
          units: qpv.units,
          nav: qpv.price,
          market_value: qpv.value,
          account_id: account,
          folio: row.folio,
          nav_date: period.to,
        });
        book.add(pan, holder, holding);
        panLocked = false;
        nameX ??= row.nameX;
        names.anchor(line, row.name, (name) => (holding.scheme_name = name));
        previous = line;
        continue;
      }
    }
    const acct = layout.account(text);
    if (acct) {
      account = acct;
      inFolios = false;
    } else if (MF_FOLIOS_HEADING.test(text) && !findIsin(text)) {
      // Folios held with the registrars are in no demat account.
      account = null;
      inFolios = true;
    }
    // A new account section: its first holder (the first PAN that follows) owns its holdings.
    if (ACCOUNT_HEADING.test(text)) panLocked = false;
    const linePan = findPan(text);
    if (linePan) {
      const name = holderName(line, previous) ?? '';
      book.learnName(linePan, name || null);
      if (!panLocked) {
        pan = linePan;
        holder = name || book.nameOf(pan);
        panLocked = true;
      }
    }
    const totalIndex = layout.grandTotals.findIndex((re) => re.test(text));
    const nameLine = inHoldings && nameX !== null && !linePan && !/\bTotal\b/i.test(text) && isNameLine(line, nameX);
    const nums = nameLine ? [] : numericCells(line.cells);
    if (totalIndex >= 0 && nums.length) {
      grand[totalIndex] = nums[nums.length - 1].value;
      names.break();
    } else if (inFolios && FOLIOS_TOTAL.test(text) && nums.length) {
      folioTotals.set(pan, Math.round(((folioTotals.get(pan) ?? 0) + nums[nums.length - 1].value) * 100) / 100);
      names.break();
    } else if (layout.accountTotal.test(text) && nums.length) {
      book.addStatedTotal(pan, holder, nums[nums.length - 1].value);
      if (account) groupTotals.push({ kind: 'account', name: account, market_value: nums[nums.length - 1].value });
      names.break();
    } else if (nameLine) {
      // A line of a wrapped security name: text starting in the name column; only a short code (a
      // ticker under the ISIN) may sit left of it.
      names.fragment(line, line.cells.filter((c) => c.x >= nameX! - 12).map((c) => c.text).join(' '));
    } else {
      names.break();
    }
    previous = line;
  }
  names.resolve();

  return {
    classification: layout.classification,
    period,
    entities: withFolioTotals(book.result(), folioTotals),
    stated_total: grand.find((v) => v !== null) ?? null,
    stated_group_totals: groupTotals,
    currency: 'INR',
  };
}
