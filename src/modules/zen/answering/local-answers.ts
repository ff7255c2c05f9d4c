import type { Holding } from '../../extraction/index.js';
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

/** Said instead of a figure the statement's extraction holds as null: never a number, never 0. */
export const NOT_READ = 'not read from the statement';
const valueOf = (h: Holding) => (h.market_value === null ? `value ${NOT_READ}` : inr(h.market_value));

/** A holding's units, NAV and value as a phrase, each unknown one said as such. */
function figuresOf(h: Holding): string {
  const u = h.units === null ? `units ${NOT_READ}` : `${units(h.units)} units`;
  const n = h.nav === null ? `NAV ${NOT_READ}` : `a NAV of ${nav(h.nav)}`;
  const v = h.market_value === null ? `value ${NOT_READ}` : `worth ${inr(h.market_value)}`;
  return h.units !== null && h.nav !== null ? `${u} at ${n}, ${v}` : `${u}; ${n}; ${v}`;
}

/** The holdings whose value is unknown, by name (five at most, then how many more). */
function unvaluedNames(view: PortfolioView): string {
  const names = view.unvalued.slice(0, 5).map((r) => r.holding.scheme_name || r.holding.isin);
  const more = view.unvalued.length - names.length;
  return `${names.join('; ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** What a total leaves out: "" when every value is known. */
const leftOut = (view: PortfolioView): string =>
  view.unvalued.length ? ` The total leaves out ${view.unvalued.length} holding(s) whose value was ${NOT_READ}: ${unvaluedNames(view)}.` : '';

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
 * statements; nothing is estimated. A holding whose value is unknown is named as such, never valued
 * at 0: totals and allocation count the known values and say what they leave out.
 */
export function answerFromPortfolio(kind: QuestionKind, query: string, view: PortfolioView): DraftAnswer | null {
  const f = view.figures;
  const asOf = view.asOf ? ` as of ${view.asOf}` : '';
  const valued = view.holdings.length - view.unvalued.length;
  const partial = view.unvalued.length > 0;
  if (valued === 0 && (kind === 'total_value' || kind === 'allocation' || kind === 'concentration' || kind === 'gains')) {
    return {
      text: `No holding's value was read from the statement${asOf} (${view.holdings.length} holding(s): ${unvaluedNames(view)}), so the portfolio has no known total, allocation or gain.`,
      citations: view.citations(),
    };
  }
  switch (kind) {
    case 'total_value':
      return {
        text: partial
          ? `The ${valued} holding(s) whose value is known are worth ${inr(f.total_market_value)}${asOf}, of ${view.holdings.length} holding(s) in ${view.docs.length} statement(s).${leftOut(view)}`
          : `The portfolio is worth ${inr(f.total_market_value)}${asOf}, across ${view.holdings.length} holding(s) in ${view.docs.length} statement(s).`,
        citations: view.citations(),
      };
    case 'allocation':
    case 'concentration': {
      const a = f.asset_allocation;
      const top = view.byValue()[0];
      // Some value is known (above), so the first holding by value has one.
      const topShare = f.total_market_value > 0 ? ((top.holding.market_value as number) * 100) / f.total_market_value : 0;
      const text =
        `Asset allocation by market value${partial ? ' of the holdings whose value is known' : ''}${asOf}: equity ${pct(a.equity)}, debt ${pct(a.debt)}, hybrid ${pct(a.hybrid)}, other ${pct(a.other)} ` +
        `(total ${inr(f.total_market_value)}).` +
        (kind === 'concentration' ? ` The largest single holding, ${top.holding.scheme_name}, is ${pct(topShare)} of the ${partial ? 'known value' : 'portfolio'}.` : '') +
        leftOut(view);
      return { text, citations: view.citations() };
    }
    case 'largest_holdings': {
      const n = Math.min(Number(/\btop\s*(\d{1,2})\b/i.exec(query)?.[1] ?? 3), view.holdings.length);
      const top = view.byValue().slice(0, n);
      const lines = top.map((r, i) => `${i + 1}. ${r.holding.scheme_name} (${r.holding.isin}): ${valueOf(r.holding)}`);
      return { text: `The ${top.length} largest holding(s)${asOf}:\n${lines.join('\n')}`, citations: view.citations(top) };
    }
    case 'scheme_detail': {
      const matches = view.matchHoldings(query);
      if (matches.length === 0) return null;
      const lines = matches.map((r) => `${r.holding.scheme_name} (${r.holding.isin}${r.holding.folio ? `, folio ${r.holding.folio}` : ''}): ${figuresOf(r.holding)}.`);
      return { text: lines.join('\n'), citations: view.citations(matches) };
    }
    case 'gains': {
      if (partial) {
        return {
          text: `The gain cannot be computed: the value of ${view.unvalued.length} holding(s) was ${NOT_READ}. The holdings whose value is known are worth ${inr(f.total_market_value)}${asOf}.${leftOut(view)}`,
          citations: view.citations(),
        };
      }
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
