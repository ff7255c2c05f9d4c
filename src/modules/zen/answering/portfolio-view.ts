import { calculatePortfolio, type Entity, type Holding, type PortfolioFigures, type Transaction } from '../../nexus/index.js';

/** One completed document's extraction, as the chat reads it. */
export interface SourceDocument {
  doc_id: string;
  file_name: string;
  result: {
    document_type?: string;
    period?: { from: string | null; to: string | null };
    currency?: string;
    entities?: Entity[];
  };
}

export interface Citation {
  doc_id: string;
  file_name: string;
  source: 'extraction' | 'document_text' | 'web';
  page?: number | null;
  snippet?: string;
  url?: string;
}

export interface HoldingRef {
  holding: Holding;
  /** The investor's name; null when the statement printed none that could be read. */
  entity: string | null;
  doc: SourceDocument;
}

/**
 * What identifies a holding across statements: the investor (PAN, else name), the folio or demat
 * account, and the ISIN. Two statements of the same period, or overlapping periods, repeat it.
 */
const holdingKey = (pan: string | null, entity: string | null, h: Holding) => [pan ?? (entity ?? '').trim().toUpperCase(), h.folio ?? h.account_id ?? '', h.isin].join('|');

/** The statement date: the end of its period ('' when not printed, so any dated statement is newer). */
const periodEnd = (doc: SourceDocument) => doc.result.period?.to ?? '';

/**
 * The holdings of a session's documents, with the figures computed over all of them together.
 * A holding found in several statements counts once, as the newest statement (latest period end;
 * of equals, the last uploaded) shows it; `asOf` is the newest date among the statements counted.
 */
export class PortfolioView {
  readonly holdings: HoldingRef[];
  /** The holdings whose market value is unknown (null: not read from the statement); `figures` leaves them out. */
  readonly unvalued: HoldingRef[];
  readonly figures: PortfolioFigures;
  readonly asOf: string | null;
  readonly currency: string;
  /** Every copy of every holding, newest statement first, for the transactions of all periods. */
  private readonly copies: Array<HoldingRef & { key: string }>;

  constructor(readonly docs: SourceDocument[]) {
    // `docs` come in upload order; a stable sort puts the newest statement (then the last upload) first.
    const newestFirst = docs.map((doc, i) => ({ doc, i })).sort((a, b) => periodEnd(b.doc).localeCompare(periodEnd(a.doc)) || b.i - a.i);
    this.copies = newestFirst.flatMap(({ doc }) =>
      (doc.result.entities ?? []).flatMap((e) => e.holdings.map((holding) => ({ holding, entity: e.entity_name, doc, key: holdingKey(e.pan, e.entity_name, holding) }))),
    );
    const newest = new Map<string, SourceDocument>();
    for (const { key, doc } of this.copies) if (!newest.has(key)) newest.set(key, doc);
    this.holdings = this.copies.filter(({ key, doc }) => newest.get(key) === doc).map(({ key: _key, ...ref }) => ref);
    this.unvalued = this.holdings.filter((r) => r.holding.market_value === null);
    this.figures = calculatePortfolio([{ entity_name: '', pan: null, holdings: this.holdings.map((r) => r.holding), stated_total: null }]);
    this.asOf = this.holdings.map((r) => periodEnd(r.doc)).filter(Boolean).sort().at(-1) ?? null;
    this.currency = docs.find((d) => d.result.currency)?.result.currency ?? 'INR';
  }

  get empty(): boolean {
    return this.holdings.length === 0;
  }

  /** The holdings by market value, largest first; those whose value is unknown come last, in statement order. */
  byValue(): HoldingRef[] {
    const value = (r: HoldingRef) => r.holding.market_value ?? Number.NEGATIVE_INFINITY;
    return [...this.holdings].sort((x, y) => (value(x) === value(y) ? 0 : value(y) > value(x) ? 1 : -1));
  }

  citations(refs: HoldingRef[] = this.holdings): Citation[] {
    const seen = new Map<string, Citation>();
    for (const r of refs) if (!seen.has(r.doc.doc_id)) seen.set(r.doc.doc_id, { doc_id: r.doc.doc_id, file_name: r.doc.file_name, source: 'extraction' });
    return [...seen.values()];
  }

  /** Holdings whose ISIN is in the question, or whose scheme name best matches its words. */
  matchHoldings(query: string): HoldingRef[] {
    const isins = query.toUpperCase().match(/\b[A-Z]{2}[A-Z0-9]{9}\d\b/g);
    if (isins) return this.holdings.filter((h) => isins.includes(h.holding.isin));
    const words = tokens(query).filter((w) => !STOP.has(w));
    if (words.length === 0) return [];
    const scored = this.holdings
      .map((h) => {
        const name = new Set(tokens(h.holding.scheme_name));
        const hits = words.filter((w) => name.has(w)).length;
        return { h, hits, share: hits / name.size };
      })
      .filter((s) => s.hits >= 2 || (s.hits === 1 && words.length === 1));
    const best = Math.max(0, ...scored.map((s) => s.hits));
    return scored.filter((s) => s.hits === best).sort((a, b) => b.share - a.share).map((s) => s.h);
  }

  /**
   * Transactions dated in the range, from every statement: a date covered by several statements of a
   * holding is taken from the newest of them only, so overlapping statements do not repeat it.
   */
  transactionsBetween(from: string | null, to: string | null): Array<{ ref: HoldingRef; tx: Transaction }> {
    const covers = (doc: SourceDocument, date: string) => (doc.result.period?.from ?? '') <= date && date <= (doc.result.period?.to || '9999-12-31');
    return this.copies
      .flatMap((copy, i) =>
        copy.holding.transactions
          .filter((tx) => !this.copies.slice(0, i).some((newer) => newer.key === copy.key && newer.doc !== copy.doc && covers(newer.doc, tx.date)))
          .map((tx) => ({ ref: copy as HoldingRef, tx })),
      )
      .filter(({ tx }) => (!from || tx.date >= from) && (!to || tx.date <= to))
      .sort((a, b) => a.tx.date.localeCompare(b.tx.date));
  }
}

const STOP = new Set(
  'what is are the of my in a an how many much units unit nav value worth do i have hold holding fund funds scheme plan growth direct regular option for and me tell show give current latest please'.split(' '),
);

const tokens = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1);
