import { calculatePortfolio } from '../../nexus/extraction/calculator.js';
import type { Entity, Holding, PortfolioFigures, Transaction } from '../../nexus/extraction/types.js';

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
  entity: string;
  doc: SourceDocument;
}

/** The holdings of a session's documents, with the figures computed over all of them together. */
export class PortfolioView {
  readonly holdings: HoldingRef[];
  readonly figures: PortfolioFigures;
  readonly asOf: string | null;
  readonly currency: string;

  constructor(readonly docs: SourceDocument[]) {
    this.holdings = docs.flatMap((doc) => (doc.result.entities ?? []).flatMap((e) => e.holdings.map((holding) => ({ holding, entity: e.entity_name, doc }))));
    this.figures = calculatePortfolio(docs.flatMap((d) => d.result.entities ?? []));
    this.asOf = docs.map((d) => d.result.period?.to ?? null).filter((d): d is string => !!d).sort().at(-1) ?? null;
    this.currency = docs.find((d) => d.result.currency)?.result.currency ?? 'INR';
  }

  get empty(): boolean {
    return this.holdings.length === 0;
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

  transactionsBetween(from: string | null, to: string | null): Array<{ ref: HoldingRef; tx: Transaction }> {
    return this.holdings
      .flatMap((ref) => ref.holding.transactions.map((tx) => ({ ref, tx })))
      .filter(({ tx }) => (!from || tx.date >= from) && (!to || tx.date <= to))
      .sort((a, b) => a.tx.date.localeCompare(b.tx.date));
  }
}

const STOP = new Set(
  'what is are the of my in a an how many much units unit nav value worth do i have hold holding fund funds scheme plan growth direct regular option for and me tell show give current latest please'.split(' '),
);

const tokens = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1);
