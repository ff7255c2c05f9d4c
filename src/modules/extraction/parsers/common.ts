/** Helpers shared by the statement-family parsers. */
import { findIsin, findPan } from '../identifiers.js';
import { DATE_PATTERN, findDate, findDates, NUMBER_TEXT, numberTokens, parseNumber } from '../numbers.js';
import type { Entity, ExtractionDraft, Holding, StatementClass, TextLine } from '../types.js';

export type Cell = TextLine['cells'][number];

/** A printed amount; use with `labelValue`. */
const AMOUNT = NUMBER_TEXT;

/** The number printed after a label: `labelValue(text, 'Closing Unit Balance')`. */
export function labelValue(text: string, label: string | RegExp): number | null {
  const m = labelPattern(label).exec(text);
  // The amount is the last group (a label may hold groups of its own, a date's).
  return m ? parseNumber(m[m.length - 1]) : null;
}

/** Each label's pattern, made once (the labels are the families' vocabulary: a few dozen). */
const LABEL_PATTERNS = new Map<string, RegExp>();
function labelPattern(label: string | RegExp): RegExp {
  const source = typeof label === 'string' ? label.replace(/\s+/g, String.raw`\s*`) : label.source;
  let re = LABEL_PATTERNS.get(source);
  // Between label and number: separators and a currency prefix ("Balance: INR 1,234.50").
  if (!re) LABEL_PATTERNS.set(source, (re = new RegExp(`${source}\\s*[:\\-]?\\s*(?:INR|Rs\\.?|₹)?\\s*${AMOUNT}`, 'i')));
  return re;
}

/** Numeric cells of a line: each cell whose text is one number (or several, space separated). */
export interface NumberCell {
  value: number;
  text: string;
  x: number;
  x_end: number | null;
}

export function numericCells(cells: Cell[]): NumberCell[] {
  const out: NumberCell[] = [];
  for (const c of cells) {
    const tokens = splitNumberTokens(c.text);
    if (!tokens) continue;
    tokens.forEach((t, i) => {
      const value = parseNumber(t);
      if (value === null) return;
      // Only the last token of a multi-number cell keeps the cell's right edge.
      out.push({ value, text: t, x: c.x, x_end: i === tokens.length - 1 ? (c.x_end ?? null) : null });
    });
  }
  return out;
}

/** Splits a cell into number tokens ("INR 1,234.50" is one); null when any part is not a number. */
export const splitNumberTokens = numberTokens;

/** Two dates joined by `to`, `till` or a dash: a statement's period. */
const PERIOD = new RegExp(String.raw`(?:${DATE_PATTERN.source})\s*(?:to|till|-)\s*:?\s*(?:${DATE_PATTERN.source})`, 'i');

/** The period a statement covers: "dd-Mmm-yyyy to dd-Mmm-yyyy", or "as on dd-Mmm-yyyy". */
export function findPeriod(lines: TextLine[]): { from: string | null; to: string | null } {
  for (const line of lines.slice(0, 60)) {
    const m = PERIOD.exec(line.text);
    if (m) {
      const dates = findDates(m[0]);
      if (dates.length === 2) return { from: dates[0], to: dates[1] };
    }
  }
  for (const line of lines.slice(0, 60)) {
    const m = /\b(?:as\s+on|as\s+of)\s*:?\s*(.+)$/i.exec(line.text);
    const d = m ? findDate(m[1]) : null;
    if (d) return { from: null, to: d };
  }
  return { from: null, to: null };
}

/**
 * Running headers and footers: lines among the first two or last two of a page whose text (page
 * numbers aside) recurs at the same height on every page, or all but one ("Page 2 of 9", repeated column headers,
 * the issuer's footer). Returns the lines without them. Content rarely repeats that exactly, and
 * parsers recognise column headers themselves, so the rule is kept strict.
 */
/** The most points between a table row's line and the next line of its wrapped name. */
const ROW_LINE_GAP = 6.5;

export function dropPageFurniture(lines: TextLine[]): TextLine[] {
  const byPage = new Map<number, TextLine[]>();
  for (const l of lines) {
    const list = byPage.get(l.page);
    if (list) list.push(l);
    else byPage.set(l.page, [l]);
  }
  const key = (l: TextLine): string => l.text.replace(/\bpage\s*\d+(?:\s*(?:of|\/)\s*\d+)?/gi, 'page #').toLowerCase();
  const edge = new Set<TextLine>();
  // Furniture sits outside the page's content: never below its first holding row (an ISIN) at the
  // top, nor above its last one at the bottom (a name line under a row can recur page after page).
  // Only the two edge lines at each end can be furniture, so only they are searched for an ISIN
  // (searching every line cost more than the rest of this function).
  // A line set as close to that row as the row's own lines are is a line of its wrapped name (the same
  // holding can open page after page, one account a page), never furniture.
  for (const list of byPage.values()) {
    const n = list.length;
    let top = Math.min(2, n);
    for (let i = 0; i < top; i++) if (findIsin(list[i].text)) top = i;
    if (top < n && top > 0 && findIsin(list[top].text) && list[top].y - list[top - 1].y <= ROW_LINE_GAP) top--;
    let bottom = Math.max(n - 2, 0);
    for (let i = n - 1; i >= bottom; i--) if (findIsin(list[i].text)) bottom = i + 1;
    if (bottom > 0 && bottom < n && findIsin(list[bottom - 1].text) && list[bottom].y - list[bottom - 1].y <= ROW_LINE_GAP) bottom++;
    for (const l of [...list.slice(0, top), ...list.slice(bottom)]) edge.add(l);
  }
  const seen = new Map<string, TextLine[]>();
  for (const l of edge) seen.set(key(l), [...(seen.get(key(l)) ?? []), l]);
  // Footers recur on every page, running headers on every page but the first.
  // A short document needs the line on every page: two pages of three can repeat content by chance.
  const needed = Math.max(2, byPage.size <= 3 ? byPage.size : byPage.size - 1);
  return lines.filter((l) => {
    if (!edge.has(l)) return true;
    if (/^page\s*\d+\s*(?:of\s*\d+)?$/i.test(l.text.trim())) return false;
    const same = (seen.get(key(l)) ?? []).filter((o) => Math.abs(o.y - l.y) < 2);
    return new Set(same.map((o) => o.page)).size < needed;
  });
}

/** Strips labels around a person's name ("Investor Name :", "Holder :", "(PAN: …)"). */
export function cleanName(text: string): string {
  return text
    .replace(/\(?\s*PAN\s*(?:No\.?)?\s*[:\-]?\s*[A-Z]{5}[0-9]{4}[A-Z]\s*\)?/gi, ' ')
    .replace(/^(?:.*?\b(?:also\s+includes\s+folios\s+of|investor\s+name|account\s+holder|first\s+holder|sole\s+holder|holder|name)\s*[:\-]\s*)/i, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,:;\-–]+|[\s,:;\-–]+$/g, '')
    .trim();
}

/** "First Holder Name : X", "Name : X", "Account Holder : X" anywhere on a line (before or after a PAN). */
const LABELLED_NAME =
  /\b(?:(?:Sole\s*\/\s*)?First\s+Holder(?:'s)?(?:\s+Name)?|Account\s+Holder(?:\s+Name)?|Holder(?:\s+Name)?|Investor(?:\s+Name)?|Name)\s*:\s*([A-Za-z][A-Za-z .'&-]*?)\s*(?=\s{2,}|\(|\bPAN\b|$)/i;

export function labelledName(text: string): string | null {
  const m = LABELLED_NAME.exec(text);
  const name = m ? cleanName(m[1]) : '';
  return name && !/\d/.test(name) ? name : null;
}

/**
 * The holder of a PAN printed on `line`: a labelled name on the line (either side of the PAN), the
 * name printed just before the PAN, or the name on the line above (labelled, or a bare name).
 */
export function holderName(line: TextLine, previous: TextLine | null): string | null {
  const own = labelledName(line.text.replace(/\(?\s*PAN\b[^:]*:\s*[A-Z]{5}[0-9]{4}[A-Z]\s*\)?/gi, '  '));
  if (own) return own;
  const before = nameBeforePan(line);
  if (before) return before;
  if (!previous || findPan(previous.text)) return null;
  const above = labelledName(previous.text);
  if (above) return above;
  // A bare line above is a name only when it reads like one (an address line has digits or commas).
  return /^[A-Za-z][A-Za-z .']*$/.test(previous.text.trim()) ? cleanName(previous.text) || null : null;
}

/** Collects holdings per investor (by PAN, else by name) in order of first appearance. */
export class EntityBook {
  private readonly entities: Entity[] = [];
  private readonly names = new Map<string, string>();
  /** Each printed name cleaned once: a statement repeats its investor's name on every row. */
  private readonly cleaned = new Map<string, string>();

  private clean(name: string): string {
    let clean = this.cleaned.get(name);
    if (clean === undefined) this.cleaned.set(name, (clean = cleanName(name)));
    return clean;
  }

  /** Remembers a PAN's holder name seen anywhere (header, folio line). */
  learnName(pan: string | null, name: string | null): void {
    if (!pan || !name) return;
    const clean = this.clean(name);
    if (clean && !this.names.has(pan)) this.names.set(pan, clean);
  }

  nameOf(pan: string | null): string | null {
    return pan ? (this.names.get(pan) ?? null) : null;
  }

  entity(pan: string | null, name: string | null): Entity {
    const clean = name ? this.clean(name) : '';
    let found = pan ? this.entities.find((e) => e.pan === pan) : this.entities.find((e) => !e.pan && e.entity_name === clean);
    if (!found) {
      found = { entity_name: clean || this.nameOf(pan), pan, holdings: [], stated_total: null };
      this.entities.push(found);
    } else if (clean && found.entity_name === null) {
      found.entity_name = clean;
    }
    if (pan && clean) this.learnName(pan, clean);
    return found;
  }

  add(pan: string | null, name: string | null, holding: Holding): void {
    this.entity(pan, name).holdings.push(holding);
  }

  addStatedTotal(pan: string | null, name: string | null, total: number): void {
    const e = this.entity(pan, name);
    e.stated_total = Math.round(((e.stated_total ?? 0) + total) * 100) / 100;
  }

  /** Entities that hold something (or carry a printed total), names filled in from what was learnt. */
  result(): Entity[] {
    for (const e of this.entities) {
      const learnt = this.nameOf(e.pan);
      if (learnt && e.entity_name === null) e.entity_name = learnt;
    }
    return this.entities.filter((e) => e.holdings.length > 0);
  }
}

export function emptyDraft(classification: StatementClass, period: ExtractionDraft['period'] = { from: null, to: null }): ExtractionDraft {
  return { classification, period, entities: [], stated_total: null, currency: 'INR' };
}

/** A holding with every field that was not read empty: figures are null until read, never 0. */
export function newHolding(fields: Partial<Holding> & Pick<Holding, 'isin' | 'page'>): Holding {
  return {
    scheme_name: '',
    units: null,
    nav: null,
    market_value: null,
    asset_class: null,
    folio: null,
    amc: null,
    cost_value: null,
    opening_units: null,
    plan: null,
    option: null,
    transactions: [],
    ...fields,
  };
}

/** A line that names an AMC (a section heading of mutual-fund statements). */
export function isAmcLine(line: TextLine): boolean {
  const t = line.text.trim();
  if (t.length > 110 || /[:@]|\d{4,}/.test(t)) return false;
  if (/Folio|ISIN|Registrar|Advisor|Total|Summary/i.test(t)) return false;
  if (line.cells.some((c) => splitNumberTokens(c.text))) return false;
  return /(?:Mutual\s*Fund|\bMF)(?:\s*\([^)]*\))?\s*$/i.test(t) || /^Franklin\s+Templeton\s+Investments$/i.test(t);
}

/** Locates an ISIN in a text even when a space splits it; returns its span. */
export function isinSpan(text: string, isin: string): { start: number; end: number } | null {
  // An ISIN's characters are never spaces, so one left-to-right scan finds what /I\s?N\s?E…/ finds;
  // building that pattern per row was the costliest step of reading a demat table.
  if (!/^[A-Z0-9]+$/.test(isin)) {
    const m = new RegExp(isin.split('').join('\\s?')).exec(text);
    return m ? { start: m.index, end: m.index + m[0].length } : null;
  }
  for (let start = text.indexOf(isin[0]); start >= 0; start = text.indexOf(isin[0], start + 1)) {
    let at = start + 1;
    let k = 1;
    for (; k < isin.length; k++) {
      if (text[at] === isin[k]) at++;
      else if (at + 1 < text.length && /\s/.test(text[at]) && text[at + 1] === isin[k]) at += 2;
      else break;
    }
    if (k === isin.length) return { start, end: at };
  }
  return null;
}

/**
 * The holder name printed with a PAN on a line: the text before "PAN" in the PAN's cell, else the
 * text cell just before it ("RAMESH KUMAR  PAN : …"); null when there is none.
 */
export function nameBeforePan(line: TextLine): string | null {
  const at = line.cells.findIndex((c) => /\bPAN\b/i.test(c.text));
  if (at < 0) return null;
  const own = cleanName(line.cells[at].text.replace(/\(?\s*\bPAN\b.*$/i, ''));
  if (own && !/\d/.test(own)) return own;
  const before = at > 0 ? cleanName(line.cells[at - 1].text) : '';
  return before && !/\d|:$/.test(before) && !/\bPAN\b/i.test(before) ? before : null;
}

/**
 * Names that wrap in a table. A row's other cells may sit on the name's first line, its middle or
 * its last line, so the text-only lines of the name column (fragments) around a row are collected
 * first and given to their rows at the end of the table by `TableNames.resolve`.
 */
interface NameAnchor {
  kind: 'anchor';
  page: number;
  y: number;
  /** The name printed on the row's own line ('' when it sits between two name lines). */
  own: string;
  set: (name: string) => void;
}
interface NameFragment {
  kind: 'fragment';
  page: number;
  y: number;
  text: string;
}

export class TableNames {
  private readonly events: Array<NameAnchor | NameFragment | { kind: 'break' }> = [];

  /** A holding row: `set` receives its whole name once the table is read. */
  anchor(line: TextLine, own: string, set: (name: string) => void): void {
    this.events.push({ kind: 'anchor', page: line.page, y: line.y, own, set });
  }

  /** A text-only line in the name column. */
  fragment(line: TextLine, text: string): void {
    this.events.push({ kind: 'fragment', page: line.page, y: line.y, text });
  }

  /** Anything that ends a run of rows: a header, a heading, a total. */
  break(): void {
    if (this.events[this.events.length - 1]?.kind !== 'break') this.events.push({ kind: 'break' });
  }

  /**
   * Gives every fragment to the row it belongs to. A run of fragments between two rows of one
   * block (rows between breaks, on one page) splits where the lines are furthest apart: the lines
   * of one name sit closer together than two rows do. Where no gap is widest (rows spaced like the
   * lines of a name), the document's own evidence decides: a block that opens with a fragment shows
   * names printed above their rows, one that closes with a fragment shows names below them, and
   * without evidence either way the name starts on the row's line, as most statements print it.
   */
  resolve(): void {
    const blocks: Array<Array<NameAnchor | NameFragment>> = [[]];
    let page: number | null = null;
    for (const e of this.events) {
      if (e.kind === 'break' || (page !== null && e.page !== page)) blocks.push([]);
      if (e.kind !== 'break') {
        blocks[blocks.length - 1].push(e);
        page = e.page;
      }
    }
    const nonEmpty = blocks.filter((b) => b.some((e) => e.kind === 'anchor'));
    const below = nonEmpty.some((b) => b[b.length - 1].kind === 'fragment');
    const above = nonEmpty.some((b) => b[0].kind === 'fragment');
    const namesAbove = above && !below;
    const parts = new Map<NameAnchor, { before: string[]; after: string[] }>();
    const give = (owner: NameAnchor, f: NameFragment): void => {
      const p = parts.get(owner) ?? { before: [], after: [] };
      (f.y < owner.y ? p.before : p.after).push(f.text);
      parts.set(owner, p);
    };
    for (const block of nonEmpty) {
      let i = 0;
      while (i < block.length) {
        if (block[i].kind === 'anchor') {
          i++;
          continue;
        }
        const start = i;
        while (i < block.length && block[i].kind === 'fragment') i++;
        const run = block.slice(start, i) as NameFragment[];
        const prev = start > 0 ? (block[start - 1] as NameAnchor) : null;
        const next = i < block.length ? (block[i] as NameAnchor) : null;
        let split = prev ? run.length : 0; // run[0..split) goes to prev, the rest to next
        if (prev && next) {
          const ys = [prev.y, ...run.map((f) => f.y), next.y];
          const gaps = ys.slice(1).map((y, k) => y - ys[k]);
          const widest = Math.max(...gaps);
          const candidates = gaps.map((g, k) => (widest - g <= 0.5 ? k : -1)).filter((k) => k >= 0);
          split = candidates.length === 1 ? candidates[0] : namesAbove ? candidates[0] : candidates[candidates.length - 1];
        }
        run.forEach((f, k) => {
          const owner = k < split ? prev : next;
          if (owner) give(owner, f);
        });
      }
    }
    for (const block of nonEmpty) {
      for (const e of block) {
        if (e.kind !== 'anchor') continue;
        const p = parts.get(e);
        const name = p ? [...p.before, e.own, ...p.after].join(' ') : e.own;
        e.set(name.replace(/\s+/g, ' ').trim());
      }
    }
  }
}
