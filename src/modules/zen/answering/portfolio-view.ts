import type { Holding, PortfolioFigures, Transaction } from '../../extraction/index.js';
import type { CompletedExtraction } from '../../nexus/index.js';
import { consolidate, positionIdentity, type Consolidation, type StatementSource } from '../../portfolio/index.js';

/** One completed document's extraction (its stored result, read by nexus), as the chat reads it. */
export type SourceDocument = CompletedExtraction;

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

/** The statement date: the end of its period ('' when not printed, so any dated statement is newer). */
const periodEnd = (doc: SourceDocument) => doc.result.period.to ?? '';

const asStatement = (doc: SourceDocument): StatementSource => ({
  document_id: doc.doc_id,
  document_type: doc.result.document_type,
  period: doc.result.period,
  entities: doc.result.entities,
});

/**
 * The holdings of a session's documents, with the figures computed over all of them together, by
 * the product's one consolidation (the portfolio module, docs/portfolio.md): a holding found in
 * several statements counts once, as the newest statement shows it; `asOf` is the newest date among
 * the statements counted; transactions are the merged history of every statement.
 */
export class PortfolioView {
  readonly holdings: HoldingRef[];
  /** The holdings whose market value is unknown (null: not read from the statement); `figures` leaves them out. */
  readonly unvalued: HoldingRef[];
  readonly figures: PortfolioFigures;
  readonly asOf: string | null;
  readonly currency: string;
  private readonly consolidation: Consolidation;
  /** Each position's holding in each document that shows it: `position id → doc id → ref`. */
  private readonly copies = new Map<string, Map<string, HoldingRef>>();

  constructor(readonly docs: SourceDocument[]) {
    this.consolidation = consolidate(docs.map(asStatement));
    // `docs` come in upload order; listed newest statement (then the last upload) first, as they are read.
    const newestFirst = docs.map((doc, i) => ({ doc, i })).sort((a, b) => periodEnd(b.doc).localeCompare(periodEnd(a.doc)) || b.i - a.i);
    for (const { doc } of newestFirst) {
      for (const e of doc.result.entities) {
        for (const holding of e.holdings) {
          const id = positionIdentity(e, holding).id;
          const byDoc = this.copies.get(id) ?? new Map<string, HoldingRef>();
          if (!byDoc.has(doc.doc_id)) byDoc.set(doc.doc_id, { holding, entity: e.entity_name, doc });
          this.copies.set(id, byDoc);
        }
      }
    }
    const chosen = new Map(this.consolidation.positions.map((p) => [p.id, this.copies.get(p.id)!.get(p.source.document_id)!]));
    const order = [...this.copies.keys()];
    this.holdings = order.filter((id) => chosen.has(id)).map((id) => chosen.get(id)!);
    this.unvalued = this.holdings.filter((r) => r.holding.market_value === null);
    this.figures = this.consolidation.figures;
    this.asOf = this.consolidation.statement_date;
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
   * Transactions dated in the range, from the merged history: a row several statements print is
   * listed once, cited from the newest of them.
   */
  transactionsBetween(from: string | null, to: string | null): Array<{ ref: HoldingRef; tx: Transaction }> {
    return this.consolidation.transactions
      .filter((t) => (!from || t.date >= from) && (!to || t.date <= to))
      .map((t) => {
        const { position_id, folio: _f, account_id: _a, isin: _i, scheme_name: _n, investor_pan: _p, document_ids, ...tx } = t;
        return { ref: this.copies.get(position_id)!.get(document_ids[0])!, tx };
      });
  }
}

const STOP = new Set(
  'what is are the of my in a an how many much units unit nav value worth do i have hold holding fund funds scheme plan growth direct regular option for and me tell show give current latest please'.split(' '),
);

const tokens = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1);
