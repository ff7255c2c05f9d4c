import type { QuestionKind } from './question-kinds.js';
import type { Citation, PortfolioView } from './portfolio-view.js';

export interface DraftAnswer {
  text: string;
  citations: Citation[];
}

export const inr = (n: number) => `INR ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const pct = (n: number) => `${n.toFixed(2)}%`;
const units = (n: number) => n.toLocaleString('en-IN', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const nav = (n: number) => n.toLocaleString('en-IN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

const MONTHS: Record<string, string> = { jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06', jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12' };

/** Dates named in a question (`01-Apr-2025`, `2025-04-01`, `01/04/2025`), as ISO strings. */
export function datesIn(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) out.push(`${m[1]}-${m[2]}-${m[3]}`);
  for (const m of query.matchAll(/\b(\d{1,2})[-\s]([A-Za-z]{3})[a-z]*[-\s](\d{4})\b/g)) {
    const mm = MONTHS[m[2].toLowerCase()];
    if (mm) out.push(`${m[3]}-${mm}-${m[1].padStart(2, '0')}`);
  }
  for (const m of query.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)) out.push(`${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`);
  return out.sort();
}

/**
 * Deterministic answers computed from the structured extraction. Every figure comes from the
 * statements; nothing is estimated.
 */
export function answerFromPortfolio(kind: QuestionKind, query: string, view: PortfolioView): DraftAnswer | null {
  const f = view.figures;
  const asOf = view.asOf ? ` as of ${view.asOf}` : '';
  switch (kind) {
    case 'total_value':
      return {
        text: `The portfolio is worth ${inr(f.total_market_value)}${asOf}, across ${view.holdings.length} holding(s) in ${view.docs.length} statement(s).`,
        citations: view.citations(),
      };
    case 'allocation':
    case 'concentration': {
      const a = f.asset_allocation;
      const top = [...view.holdings].sort((x, y) => y.holding.market_value - x.holding.market_value)[0];
      const topShare = top && f.total_market_value > 0 ? (top.holding.market_value * 100) / f.total_market_value : 0;
      const text =
        `Asset allocation by market value${asOf}: equity ${pct(a.equity)}, debt ${pct(a.debt)}, hybrid ${pct(a.hybrid)}, other ${pct(a.other)} ` +
        `(total ${inr(f.total_market_value)}).` +
        (kind === 'concentration' && top ? ` The largest single holding, ${top.holding.scheme_name}, is ${pct(topShare)} of the portfolio.` : '');
      return { text, citations: view.citations() };
    }
    case 'largest_holdings': {
      const n = Math.min(Number(/\btop\s*(\d{1,2})\b/i.exec(query)?.[1] ?? 3), view.holdings.length);
      const top = [...view.holdings].sort((x, y) => y.holding.market_value - x.holding.market_value).slice(0, n);
      const lines = top.map((r, i) => `${i + 1}. ${r.holding.scheme_name} (${r.holding.isin}): ${inr(r.holding.market_value)}`);
      return { text: `The ${top.length} largest holding(s)${asOf}:\n${lines.join('\n')}`, citations: view.citations(top) };
    }
    case 'scheme_detail': {
      const matches = view.matchHoldings(query);
      if (matches.length === 0) return null;
      const lines = matches.map(
        (r) =>
          `${r.holding.scheme_name} (${r.holding.isin}${r.holding.folio ? `, folio ${r.holding.folio}` : ''}): ${units(r.holding.units)} units at a NAV of ${nav(r.holding.nav)}, ` +
          `worth ${inr(r.holding.market_value)}.`,
      );
      return { text: lines.join('\n'), citations: view.citations(matches) };
    }
    case 'gains': {
      if (f.total_cost_value === null || f.gain === null) {
        return { text: `The statements do not print the cost of every holding, so the gain cannot be computed; the current value is ${inr(f.total_market_value)}${asOf}.`, citations: view.citations() };
      }
      return {
        text: `Cost ${inr(f.total_cost_value)}, current value ${inr(f.total_market_value)}${asOf}: a gain of ${inr(f.gain)}${f.gain_pct !== null ? ` (${pct(f.gain_pct)})` : ''}.`,
        citations: view.citations(),
      };
    }
    case 'changes': {
      const [from, to] = ((d) => (d.length >= 2 ? [d[0], d[d.length - 1]] : d.length === 1 ? [d[0], null] : [null, null]))(datesIn(query));
      const txs = view.transactionsBetween(from, to).filter(({ tx }) => tx.units !== null && tx.units !== 0);
      if (txs.length === 0) return { text: `No purchases or redemptions are recorded${from ? ` between ${from} and ${to ?? 'the statement date'}` : ' in the statements'}.`, citations: view.citations() };
      const lines = txs.map(({ ref, tx }) => `${tx.date}: ${tx.description} — ${ref.holding.scheme_name}, ${units(tx.units!)} units${tx.amount !== null ? `, ${inr(tx.amount)}` : ''}`);
      return {
        text: `${txs.length} transaction(s)${from ? ` between ${from} and ${to ?? 'the statement date'}` : ''}:\n${lines.join('\n')}`,
        citations: view.citations(txs.map((t) => t.ref)),
      };
    }
    case 'open':
      return null;
  }
}
