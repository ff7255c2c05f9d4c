/**
 * Misprints and misreadings, made on purpose in the positioned text a reader sees: whatever the family
 * or layout, the text items that print one holding's closing units, NAV and market value are found by
 * their printed strings (`printedValues`), and their text is changed. The holding's three figures are the
 * occurrences closest together on one page (its row, or its closing block), so a running balance
 * or a summary line that happens to print the same string is left alone.
 */
import type { PdfPageText, PdfTextItem } from '../../../src/modules/extraction/types.js';
import { formatMoney, formatUnits, printedValues, type SeededRandom, type StatementModel } from '../../fixtures/generator/index.js';

type ModelHolding = StatementModel['holdings'][number];
type Figure = 'units' | 'nav' | 'market_value';
const FIGURES: Figure[] = ['units', 'nav', 'market_value'];

export const CORRUPTIONS = ['rotate', 'neighbour', 'truncate', 'exchange', 'scaled_row'] as const;
export type CorruptionKind = (typeof CORRUPTIONS)[number];

export interface Corruption {
  kind: CorruptionKind;
  holding: ModelHolding;
  /** What was done, for the failure message. */
  description: string;
  pages: PdfPageText[];
}

interface Spot {
  page: number;
  item: number;
  y: number;
  x: number;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The printed string as a whole number in an item's text (not inside a longer number). */
const tokenPattern = (printed: string): RegExp => new RegExp(`(?<![\\d.,])${escape(printed)}(?![\\d,]|\\.\\d)`);

function spotsOf(pages: PdfPageText[], printed: string): Spot[] {
  const pattern = tokenPattern(printed);
  const spots: Spot[] = [];
  for (const p of pages) p.items.forEach((it, i) => pattern.test(it.str) && spots.push({ page: p.page, item: i, y: it.y, x: it.x }));
  return spots;
}

/** The occurrences of the three figures closest together on one page: the holding's own. */
function holdingSpots(pages: PdfPageText[], printed: Record<Figure, string>): Record<Figure, Spot> | null {
  const [units, navs, values] = FIGURES.map((f) => spotsOf(pages, printed[f]));
  let best: { spots: Record<Figure, Spot>; spread: number } | null = null;
  for (const u of units)
    for (const n of navs) {
      if (n.page !== u.page) continue;
      for (const v of values) {
        if (v.page !== u.page) continue;
        const ys = [u.y, n.y, v.y];
        const spread = (Math.max(...ys) - Math.min(...ys)) * 1000 + Math.abs(u.x - n.x) + Math.abs(n.x - v.x);
        if (!best || spread < best.spread) best = { spots: { units: u, nav: n, market_value: v }, spread };
      }
    }
  return best?.spots ?? null;
}

/**
 * "5,299.780" → "299.780" (a leading digit group dropped; printed without grouping, "5299.780" →
 * "299.780" alike), else "63.7532" → "63" (the decimals dropped); null when neither changes it.
 */
export function truncated(printed: string): string | null {
  const m = /^(\D*?)(\d+),(\d[\d,]*)(\.\d+)?(\D*)$/.exec(printed);
  if (m) return `${m[1]}${m[3]}${m[4] ?? ''}${m[5]}`;
  const ungrouped = /^(\D*?)(\d+)(\d{3})(\.\d+)?(\D*)$/.exec(printed);
  if (ungrouped) return `${ungrouped[1]}${ungrouped[3]}${ungrouped[4] ?? ''}${ungrouped[5]}`;
  const d = /^(\D*?)(\d+)\.(\d+)(\D*)$/.exec(printed);
  if (d && d[2] !== '0' && /[1-9]/.test(d[3])) return `${d[1]}${d[2]}${d[4]}`;
  return null;
}

interface Edit {
  spot: Spot;
  from: string;
  to: string;
}

/** The item with each edit's figure replaced at once; a number alone in its item stays right-aligned, as columns of figures are. */
function rewrite(item: PdfTextItem, edits: Edit[]): PdfTextItem {
  const all = new RegExp(edits.map((e) => tokenPattern(e.from).source).join('|'), 'g');
  const str = item.str.replace(all, (m) => edits.find((e) => e.from === m)!.to);
  const width = (item.width * str.length) / Math.max(1, item.str.length);
  const alone = edits.some((e) => item.str.trim() === e.from);
  return { ...item, str, width, x: alone ? item.x + item.width - width : item.x };
}

/** Pages with each figure's text replaced on the holding's own line(s) (every occurrence there: CDSL prints the units twice). */
function replaced(pages: PdfPageText[], spots: Record<Figure, Spot>, printed: Record<Figure, string>, to: Partial<Record<Figure, string>>): PdfPageText[] {
  const edits: Edit[] = (Object.keys(to) as Figure[]).map((f) => ({ spot: spots[f], from: printed[f], to: to[f] as string }));
  return pages.map((p) => {
    const mine = edits.filter((e) => e.spot.page === p.page);
    if (!mine.length) return p;
    return {
      ...p,
      items: p.items.map((it) => {
        const here = mine.filter((e) => Math.abs(it.y - e.spot.y) < 0.5 && tokenPattern(e.from).test(it.str));
        return here.length ? rewrite(it, here) : it;
      }),
    };
  });
}

/** Another holding of the statement prints the same ISIN at the same NAV: the evidence an exchange of units and NAV can be told by. */
export const hasTwin = (model: StatementModel, h: ModelHolding): boolean => model.holdings.some((o) => o !== h && o.isin === h.isin && o.nav === h.nav && o.nav_date === h.nav_date);

/**
 * The corruption of `kind` applied to one holding drawn by `rng` (one whose figures print distinct
 * strings, with a value above 0); null when no holding of the statement allows it.
 * - rotate: units, NAV and value each printed in another's place;
 * - neighbour: one of them printed with another column's figure of the row (cost included);
 * - truncate: one of them with its leading digit group, or its decimals, dropped;
 * - exchange: units and NAV exchanged, on a holding with transactions or with the same ISIN elsewhere;
 * - scaled_row: units and value printed ten times over (a decimal point one place off): the row still
 *   holds together, only the printed totals disagree.
 */
export function corruptStatement(model: StatementModel, pages: PdfPageText[], kind: CorruptionKind, rng: SeededRandom): Corruption | null {
  for (const h of rng.shuffle(model.holdings)) {
    const values = printedValues(h, model.format);
    const printed: Record<Figure, string> = { units: values.units, nav: values.nav, market_value: values.market_value };
    const strings = [printed.units, printed.nav, printed.market_value, values.cost_value].filter((s): s is string => s !== null);
    if (h.market_value <= 0 || new Set(strings).size !== strings.length) continue;
    const spots = holdingSpots(pages, printed);
    if (!spots) continue;
    let to: Partial<Record<Figure, string>> | null = null;
    let description = '';
    if (kind === 'rotate') {
      const forward = rng.chance(0.5);
      to = forward ? { units: printed.market_value, nav: printed.units, market_value: printed.nav } : { units: printed.nav, nav: printed.market_value, market_value: printed.units };
      description = forward ? 'units ← value, NAV ← units, value ← NAV' : 'units ← NAV, NAV ← value, value ← units';
    } else if (kind === 'neighbour') {
      const target = rng.pick(FIGURES);
      const sources = [...FIGURES.filter((f) => f !== target).map((f) => ({ name: f as string, text: printed[f] })), ...(values.cost_value ? [{ name: 'cost', text: values.cost_value }] : [])];
      const source = rng.pick(sources);
      to = { [target]: source.text };
      description = `${target} printed as the ${source.name} ${source.text}`;
    } else if (kind === 'truncate') {
      const target = rng.shuffle(FIGURES).find((f) => truncated(printed[f]) !== null);
      if (!target) continue;
      to = { [target]: truncated(printed[target])! };
      description = `${target} ${printed[target]} truncated to ${to[target]}`;
    } else if (kind === 'exchange') {
      if (!h.transactions.length && !hasTwin(model, h)) continue;
      to = { units: printed.nav, nav: printed.units };
      description = `units and NAV exchanged (${h.transactions.length ? 'the holding has transactions' : 'the ISIN is printed elsewhere'})`;
    } else {
      to = { units: formatUnits((Math.round(h.units * 1000) * 10) / 1000, model.format), market_value: formatMoney((Math.round(h.market_value * 100) * 10) / 100, model.format) };
      description = `units ${printed.units} → ${to.units} and value ${printed.market_value} → ${to.market_value}`;
    }
    return { kind, holding: h, description: `${kind}: ${description} on ${h.isin} (${h.folio ?? h.account_id}) page ${spots.units.page}`, pages: replaced(pages, spots, printed, to) };
  }
  return null;
}
