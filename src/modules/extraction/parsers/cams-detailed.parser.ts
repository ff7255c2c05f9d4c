/**
 * Detailed Consolidated Account Statement of the mutual-fund registrars (CAMS, and KFintech with
 * its own wording). The format, as both registrars print it:
 *
 *   <AMC name ending "Mutual Fund"/"MF">
 *   Folio No: 1234567 / 89   PAN: ABCPD1234E   KYC: OK  PAN: OK     (KFintech: "Folio No : …")
 *   <holder name>                                                    (KFintech: "Name : …")
 *   <code>-<scheme name> (Non-Demat) - ISIN: INF…(Advisor: ARN-…) Registrar : CAMS
 *       (the name may wrap; ISIN, advisor and registrar may each sit on their own line)
 *   Opening Unit Balance: 1,234.567                                  (KFintech: "Opening Balance :")
 *   <date> <description> <amount> <units> <price> <unit balance>     (KFintech: amount, NAV, units, balance)
 *   …rows: "*** Stamp Duty ***" (amount only), "*** SIP Registered … ***" (0 units), wrapped descriptions
 *   Closing Unit Balance: x  NAV on <date>: INR y  Total Cost Value: z  Market Value on <date>: INR v
 *       (the market value, "Valuation on …" at KFintech, may sit on the next line)
 *
 * Numbers use Indian or western grouping, negatives in parentheses or with a minus, values below one
 * may print ".196"; dates are dd-Mmm-yyyy or dd/mm/yyyy. Column positions come from the table
 * header when present; otherwise the numbers of a row are assigned by their arithmetic
 * (units × price ≈ amount, previous balance + units = balance).
 */
import { findIsin } from '../identifiers.js';
import { DATE_PATTERN, findDate, parseDate, parseNumber } from '../numbers.js';
import type { ExtractionDraft, Holding, StatedGroupTotal, StatementClass, TextLine, Transaction } from '../types.js';
import {
  cleanName,
  dropPageFurniture,
  EntityBook,
  findPeriod,
  isAmcLine,
  labelValue,
  nameBeforePan,
  newHolding,
  numericCells,
  splitNumberTokens,
  type Cell,
  type NumberCell,
} from './common.js';
import { findPan } from '../identifiers.js';
import { classifyTransaction } from '../transaction-types.js';

type Field = 'amount' | 'units' | 'nav' | 'balance';

interface Columns {
  date: number | null;
  description: number | null;
  /** Right edges of the numeric columns. */
  right: Partial<Record<Field, number>>;
  /** Print order of the numeric columns, left to right. */
  order: Field[];
}

const DATE = DATE_PATTERN.source;
const DATE_AT_START = new RegExp(String.raw`^(?<date>${DATE})\s*(?<rest>.*)$`);
const OPENING = /Opening\s+(?:Unit\s+)?Balance/i;
const CLOSING = /Closing\s+(?:Unit\s+)?Balance/i;
const MARKET_VALUE = new RegExp(String.raw`(?:Market\s+Value|Valuation|Current\s+Value)\s+(?:as\s+)?on\s+(?:${DATE})\s*:?`, 'i');
const NAV_ON = new RegExp(String.raw`NAV\s+(?:as\s+)?on\s+(?:${DATE})\s*:?`, 'i');
const COST = /(?:Total\s+)?Cost\s+Value\s*:?/i;
const FOLIO = /\bFolio\s*(?:No|Number|#)\.?\s*:?\s*([0-9][0-9A-Z]*(?:\s*\/\s*[0-9A-Z]+)?)/i;
/** A registrar product code before a scheme name ("B205RG-", "128TSGPG - "); never a date. */
const SCHEME_CODE = new RegExp(String.raw`^\s*(?!${DATE})([A-Z0-9]*\d[A-Z0-9]*)\s*-\s*(?=\S)`);

/**
 * The line a scheme starts on: its product code (letters and digits), followed by a dash or alone
 * when the name wraps right after it. A later line of a wrapped name may start "1 - 8.25% …".
 */
const SCHEME_START = /^\s*(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d)[A-Z0-9]+\s*(?:-\s*\S|-?\s*$)/;
/** "Scheme :" / "Scheme Name :" printed before a scheme's name. */
const SCHEME_LABEL = /^\s*Scheme(?:\s+Name)?\s*(?::\s*|$)/i;
/** A line saying that the rows above continue here: "(continued) Folio No : …", "<scheme> (contd.)". */
const CONTINUED = /\(\s*cont(?:inued|d)\.?\s*\)|^\s*cont(?:inued|d)\.?\b/i;

/** The default column order when a statement prints no header we can read. */
const DEFAULT_ORDER: Record<'cams' | 'kfintech', Field[]> = {
  cams: ['amount', 'units', 'nav', 'balance'],
  kfintech: ['amount', 'nav', 'units', 'balance'],
};

function isTransactionHeader(line: TextLine): boolean {
  return /^\s*Date\b/i.test(line.text) && /Amount/i.test(line.text) && /Units|Balance/i.test(line.text);
}

function readColumns(line: TextLine, fallback: Field[]): Columns {
  const cols: Columns = { date: null, description: null, right: {}, order: [] };
  for (const c of line.cells) {
    // A cell may hold several labels when they sit close together: split on known words.
    const t = c.text;
    if (/^Date\b/i.test(t)) cols.date = c.x;
    if (/Transaction|Description|Particulars/i.test(t) && cols.description === null) cols.description = /^Date\b/i.test(t) ? null : c.x;
    const edge = c.x_end;
    if (edge === undefined) continue;
    const last = t.split(/\s{2,}/).pop() ?? t;
    let field: Field | null = null;
    if (/Balance|Bal\.?$/i.test(last)) field = 'balance';
    else if (/Units?\b/i.test(last)) field = 'units';
    else if (/Price|NAV|Rate/i.test(last)) field = 'nav';
    else if (/Amount/i.test(last)) field = 'amount';
    // "Units … Unit" (with "Balance" on the header's second line) is the balance column.
    if (field === 'units' && cols.right.units !== undefined && /^Unit$/i.test(last.trim())) field = 'balance';
    if (field && cols.right[field] === undefined) {
      cols.right[field] = edge;
      cols.order.push(field);
    }
  }
  if (cols.order.length < 4) cols.order = fallback;
  return cols;
}

/** The second line of a column header ("(INR)  (INR)  Balance"). */
function isHeaderFragment(line: TextLine): boolean {
  return line.cells.every((c) => /^(?:\(?(?:INR|Rs\.?|₹)\)?|Balance|Units?|Price|NAV|Amount|Date|Value|Description)$/i.test(c.text.trim()));
}

/** Scheme name from the scheme header lines: label, code, ISIN, advisor, registrar and "(Non-Demat)" removed. */
function schemeNameFrom(text: string): string {
  let name = text.replace(SCHEME_LABEL, '');
  const cut = /\(\s*(?:Non\s*-?\s*Demat|Demat)\s*\)|\s-\s*ISIN\b|\bISIN\s*:|\(\s*Advisor\b|\bAdvisor\s*:|\bRegistrar\s*:|\bUCC\s*:/i.exec(name);
  if (cut) name = name.slice(0, cut.index);
  name = name.replace(SCHEME_CODE, '');
  return name.replace(/\s+/g, ' ').replace(/[\s\-–:]+$/, '').trim();
}

/** A trailing run of numbers printed with decimals inside a text cell ("Purchase 1,000.00"). */
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

const near = (a: number, b: number, tolerance: number): boolean => Math.abs(a - b) <= tolerance;

/** Assigns the numbers of a row to fields by header columns (right edges). */
function assignByColumns(nums: NumberCell[], cols: Columns): Partial<Record<Field, number>> | null {
  const fields = Object.entries(cols.right) as [Field, number][];
  if (fields.length < 3 || nums.some((n) => n.x_end === null)) return null;
  const out: Partial<Record<Field, number>> = {};
  for (const n of nums) {
    let best: Field | null = null;
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

/** Assigns the numbers of a row by arithmetic when no column positions are known. */
function assignByArithmetic(values: number[], order: Field[], previousBalance: number | null, description: string): Partial<Record<Field, number>> {
  const fits = (units: number, balance: number): boolean => previousBalance !== null && near(previousBalance + units, balance, 0.0015);
  if (values.length >= 4) {
    const v = values.slice(-4);
    const candidates = [order, DEFAULT_ORDER.cams, DEFAULT_ORDER.kfintech];
    let best: Partial<Record<Field, number>> = {};
    let bestScore = Infinity;
    for (const o of candidates) {
      const r: Partial<Record<Field, number>> = {};
      o.forEach((f, i) => (r[f] = v[i]));
      const amount = Math.abs(r.amount ?? 0);
      const product = Math.abs((r.units ?? 0) * (r.nav ?? 0));
      let score = amount ? Math.abs(product - amount) / amount : 1;
      if (previousBalance !== null) score += fits(r.units ?? 0, r.balance ?? 0) ? 0 : 1;
      if (score < bestScore) {
        bestScore = score;
        best = r;
      }
    }
    return best;
  }
  if (values.length === 3) {
    const [a, b, c] = values;
    if (fits(b, c)) return { amount: a, units: b, balance: c };
    if (fits(a, c)) return { units: a, nav: b, balance: c };
    return { amount: a, units: b, balance: c };
  }
  if (values.length === 2) {
    const [a, b] = values;
    if (fits(a, b) || (a === 0 && /regist|nominee|address|mandate/i.test(description))) return { units: a, balance: b };
    return { amount: a, balance: b };
  }
  if (values.length === 1) return { amount: values[0] };
  return {};
}

interface Pending {
  holding: Holding;
  pan: string | null;
  name: string | null;
  marketValueSeen: boolean;
}

export function parseDetailedCas(input: TextLine[], classification: StatementClass): ExtractionDraft {
  const wording: 'cams' | 'kfintech' = classification === 'KFINTECH_DETAILED_CAS' ? 'kfintech' : 'cams';
  const period = findPeriod(input);
  const lines = dropPageFurniture(input);
  const book = new EntityBook();
  let statedTotal: number | null = null;
  const groupTotals: StatedGroupTotal[] = [];

  // Columns from the first transaction header, read before page furniture goes (a header repeated
  // at the top of every page is furniture).
  const firstHeader = input.find(isTransactionHeader);
  let cols: Columns = firstHeader ? readColumns(firstHeader, DEFAULT_ORDER[wording]) : { date: null, description: null, right: {}, order: DEFAULT_ORDER[wording] };
  let amc: string | null = null;
  let folio: string | null = null;
  let pan: string | null = null;
  let holder: string | null = null;
  let expectHolder = false;
  let header: TextLine[] = [];
  let pending: Pending | null = null;
  let phase: 'idle' | 'scheme' | 'transactions' | 'closing' = 'idle';
  let seenFolio = false;
  let previousHeaderLine: TextLine | null = null;
  let lastRow: TextLine | null = null;

  const finish = (): void => {
    if (pending) {
      const h = pending.holding;
      if (!pending.marketValueSeen && h.units !== null && h.nav !== null) {
        // Not printed: computed, and marked so the validator reports it rather than passing it off as read.
        h.market_value = Math.round(h.units * h.nav * 100) / 100;
        h.market_value_source = 'computed';
      }
      book.add(pending.pan, pending.name, h);
    }
    pending = null;
  };

  const startHolding = (line: TextLine, opening: number | null): void => {
    // Header lines before the line that starts the scheme (its label or product code) are not part of it.
    let start = header.findIndex((l) => SCHEME_LABEL.test(l.text) || SCHEME_START.test(l.text));
    if (start < 0) start = 0;
    const block = header.slice(start);
    const text = block.map((l) => l.text).join(' ');
    const isin = findIsin(text);
    header = [];
    if (!isin) return;
    const holding = newHolding({
      isin,
      page: block[0]?.page ?? line.page,
      scheme_name: schemeNameFrom(text),
      folio,
      amc,
      opening_units: opening,
      nav_date: null,
    });
    pending = { holding, pan, name: holder, marketValueSeen: false };
  };

  const readClosingFields = (text: string, h: Holding, p: Pending): void => {
    const nav = labelValue(text, NAV_ON);
    if (nav !== null) {
      h.nav = nav;
      const m = NAV_ON.exec(text);
      h.nav_date = m ? findDate(m[0]) : h.nav_date;
    }
    const cost = labelValue(text, COST);
    if (cost !== null) h.cost_value = cost;
    const mv = labelValue(text, MARKET_VALUE);
    if (mv !== null) {
      h.market_value = mv;
      p.marketValueSeen = true;
    }
  };

  for (const line of lines) {
    const text = line.text.trim();

    if (isTransactionHeader(line)) {
      cols = readColumns(line, DEFAULT_ORDER[wording]);
      continue;
    }
    // The scheme goes on after a page break: nothing to read, and nothing ends.
    if (seenFolio && CONTINUED.test(text) && !findIsin(text)) continue;

    // Before the first folio: investor names next to PANs, and the portfolio total.
    if (!seenFolio && !FOLIO.test(text)) {
      const p = findPan(text);
      if (p) {
        const before = nameBeforePan(line);
        if (before) book.learnName(p, before);
        else if (previousHeaderLine && /Name\s*:/i.test(previousHeaderLine.text)) book.learnName(p, previousHeaderLine.text);
      }
      if (/^(?:Grand\s+)?Total\b/i.test(text)) {
        const nums = numericCells(line.cells);
        if (nums.length) statedTotal = nums[nums.length - 1].value;
      }
      const amcTotal = amcSummaryRow(line);
      if (amcTotal) groupTotals.push(amcTotal);
      previousHeaderLine = line;
      if (!isAmcLine(line)) continue;
    }

    if (isAmcLine(line)) {
      finish();
      amc = text.replace(/\s+/g, ' ');
      phase = 'idle';
      header = [];
      continue;
    }

    const folioMatch = FOLIO.exec(text);
    if (folioMatch) {
      finish();
      seenFolio = true;
      folio = folioMatch[1].replace(/\s+/g, ' ').trim();
      pan = findPan(text);
      holder = book.nameOf(pan);
      expectHolder = true;
      phase = 'scheme';
      header = [];
      continue;
    }

    if (expectHolder) {
      // The PAN (or KYC status) may sit on its own line under the folio.
      const linePan = findPan(text);
      if (linePan || /^(?:KYC|PAN)\s*:/i.test(text)) {
        pan = pan ?? linePan;
        holder = holder ?? book.nameOf(pan);
        continue;
      }
      expectHolder = false;
      const looksLikeScheme = SCHEME_CODE.test(text) || /ISIN|Non-Demat|Advisor|Registrar|\bFund\b|\bPlan\b/i.test(text);
      if (!looksLikeScheme && !OPENING.test(text) && !/\d{3,}/.test(text)) {
        holder = cleanName(text);
        book.learnName(pan, holder);
        continue;
      }
    }

    if (OPENING.test(text)) {
      finish();
      startHolding(line, labelValue(text, OPENING));
      phase = pending ? 'transactions' : 'idle';
      continue;
    }

    const current = pending as Pending | null;
    if (current && CLOSING.test(text)) {
      const units = labelValue(text, CLOSING);
      if (units !== null) current.holding.units = units;
      readClosingFields(text, current.holding, current);
      phase = 'closing';
      continue;
    }

    if (current && phase === 'closing') {
      if ((MARKET_VALUE.test(text) || NAV_ON.test(text) || COST.test(text)) && !findIsin(text)) {
        readClosingFields(text, current.holding, current);
        continue;
      }
      finish();
      phase = 'scheme';
    }

    if (current && phase === 'transactions') {
      const tx = parseTransaction(line, cols, lastBalance(current.holding));
      if (tx) {
        current.holding.transactions.push(tx);
        lastRow = line;
        continue;
      }
      if (/no\s+transactions?/i.test(text) || isHeaderFragment(line)) continue;
      // A wrapped description: text only, in the description column, right under its row.
      const last = current.holding.transactions[current.holding.transactions.length - 1];
      const close = lastRow !== null && lastRow.page === line.page && line.y - lastRow.y < 16;
      if (last && close && !line.cells.some((c) => splitNumberTokens(c.text)) && (cols.description === null || line.cells[0].x >= cols.description - 5)) {
        last.description = `${last.description} ${text}`.trim();
        lastRow = line;
      }
      continue;
    }

    if (phase === 'scheme' || (phase === 'idle' && folio)) {
      // Rows of a scheme that could not be read (no ISIN) are not part of the next scheme's header.
      if (/^Nominee|^KYC|^Joint/i.test(text) || DATE_AT_START.test(text) || CLOSING.test(text) || isHeaderFragment(line)) continue;
      header.push(line);
      phase = 'scheme';
    }
  }
  finish();

  return {
    classification,
    period,
    entities: book.result(),
    stated_total: statedTotal,
    stated_group_totals: groupTotals,
    currency: 'INR',
  };
}

/** A row of the portfolio summary: an AMC's name, then its cost and market value (the last number). */
function amcSummaryRow(line: TextLine): StatedGroupTotal | null {
  const name = line.cells[0]?.text.trim() ?? '';
  if (!/(?:Mutual\s*Fund|\bMF)(?:\s*\([^)]*\))?$/i.test(name) || /Total/i.test(name)) return null;
  const nums = numericCells(line.cells.slice(1));
  return nums.length ? { kind: 'amc', name: name.replace(/\s+/g, ' '), market_value: nums[nums.length - 1].value } : null;
}

function lastBalance(h: Holding): number | null {
  for (let i = h.transactions.length - 1; i >= 0; i--) {
    const b = h.transactions[i].balance_units;
    if (b !== null) return b;
  }
  return h.opening_units;
}

/** One transaction row, or null when the line does not start with a date in the date column. */
function parseTransaction(line: TextLine, cols: Columns, previousBalance: number | null): Transaction | null {
  const m = DATE_AT_START.exec(line.text.trim());
  if (!m) return null;
  const date = parseDate(m.groups?.date);
  if (!date) return null;
  const firstCell = line.cells[0];
  if (cols.description !== null && cols.date !== null && firstCell.x > cols.date + (cols.description - cols.date) / 2) return null;

  // Cells after the date: description text, then numbers.
  const cells: Cell[] = [];
  const rest = firstCell.text.trim().replace(DATE_AT_START, '$<rest>').trim();
  if (rest) cells.push({ x: firstCell.x, text: rest });
  cells.push(...line.cells.slice(1));
  const descriptionParts: string[] = [];
  const numberCells: Cell[] = [];
  for (const c of cells) {
    if (splitNumberTokens(c.text) && (descriptionParts.length > 0 || numberCells.length > 0 || !/^\d+$/.test(c.text))) {
      numberCells.push(c);
      continue;
    }
    if (numberCells.length) {
      // Text after numbers (rare): keep it in the description.
      descriptionParts.push(c.text);
      continue;
    }
    const { head, numbers } = splitTrailingNumbers(c.text);
    descriptionParts.push(head);
    if (numbers.length) numberCells.push({ x: c.x, text: numbers.join(' '), x_end: c.x_end });
  }
  const nums = numericCells(numberCells);
  const description = descriptionParts.join(' ').replace(/\s+/g, ' ').trim();
  const byArithmetic = assignByArithmetic(
    nums.map((n) => n.value),
    cols.order,
    previousBalance,
    description,
  );
  const byColumns = assignByColumns(nums, cols);
  // Column positions win, unless they break the running balance and the arithmetic keeps it.
  const keepsBalance = (a: Partial<Record<Field, number>>): boolean =>
    previousBalance !== null && a.units !== undefined && a.balance !== undefined && near(previousBalance + a.units, a.balance, 0.0015);
  const assigned = byColumns && (keepsBalance(byColumns) || !keepsBalance(byArithmetic)) ? byColumns : byArithmetic;
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
