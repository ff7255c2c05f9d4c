/**
 * What a client report or a household report prints, worked out from the portfolio and the gains as
 * the API answers them (pure: no I/O). Two audiences:
 *
 * - the client's pages: every known figure, and every total the sum of what is known with how many
 *   holdings it covers ("₹18,39,066 for 14 of 20 holdings"), never a dash because one holding lacks a
 *   figure; invested amounts from the purchase lots the statements show wherever they are all known,
 *   else from the cost the statement prints, saying which; one short note when anything is not known;
 * - the adviser's page (the `adviser` copy): what is missing, refuted, stale or assumed, grouped by
 *   kind with counts, each holding once, in words (no codes).
 *
 * An unknown figure stays null (printed "—"), never 0 (docs/reports.md).
 */
import type { PortfolioDto, PortfolioFiguresDto, PositionDto } from '../../portfolio/index.js';
import type { RealisedLot, SchemeTaxClass, Section112AExemption, UnrealisedLot } from '../../gains/index.js';
import { largestRemainder } from '../../extraction/index.js';
import { date, difference, sumRupees } from './format.js';

/** A NAV dated more than this many days before the report's date is a stale NAV. */
export const STALE_NAV_AFTER_DAYS = 7;

export const ASSET_CLASSES = ['Equity', 'Debt', 'Hybrid', 'Other'] as const;
export type ReportAssetClass = (typeof ASSET_CLASSES)[number] | 'Unclassified';

/** Who a copy is for: the client's pages only, or with the adviser's page of data notes after them. */
export type ReportAudience = 'client' | 'adviser';

/** A sum over the holdings (or sales) where the figure is known, and how many those are of all. */
export interface KnownSum {
  amount: number;
  /** Holdings (or sales) the amount covers. */
  counted: number;
  /** Holdings (or sales) it could have covered. */
  of: number;
}

/** Where a holding's invested amount comes from. */
export type CostBasis = 'lots' | 'statement';

export interface HoldingRow {
  position_id: string;
  /** The scheme or security, as printed. */
  scheme: string;
  isin: string;
  /** The folio, or the demat account. */
  folio: string | null;
  /** Whose holding it is (a household report's rows); null in a client report. */
  investor: string | null;
  units: number | null;
  nav: number | null;
  nav_date: string | null;
  value: number | null;
  /** Invested: the open lots' cost when every lot is known, else the printed cost; null when neither. */
  cost: number | null;
  cost_basis: CostBasis | null;
  /** value − cost when both are known. */
  gain: number | null;
  xirr: number | null;
  /** Valued at the NAV source's NAV (dated after its statement's, on or before the report's date), not the statement's. */
  revalued: boolean;
}

export interface ClassFigures {
  /** The valued holdings' value, over every holding. */
  value: KnownSum;
  cost: KnownSum;
  gain: KnownSum;
}

export interface HoldingsGroup {
  asset_class: ReportAssetClass;
  rows: HoldingRow[];
  subtotal: ClassFigures;
}

/** The portfolio's headline figures, each the sum of what is known. */
export interface SummaryFigures {
  /** Market value of the valued holdings; `value.of` counts every holding. */
  value: KnownSum;
  /** Invested amount and gain over the valued holdings whose invested amount is known. */
  invested: KnownSum;
  gain: KnownSum;
  /** gain / invested over those holdings, percent; null when nothing is invested. */
  gain_pct: number | null;
  /** Holdings whose invested amount comes from each basis. */
  cost_bases: Record<CostBasis, number>;
  /** XIRR, percent, of the holdings whose cash flows are known, and how many those are of the holdings taking part. */
  xirr: { rate: number | null; counted: number; of: number };
}

/** One sale (or switch-out, SWP) of the year: its lots added up. */
export interface SaleRow {
  date: string;
  scheme: string;
  folio: string | null;
  investor: string | null;
  units: number;
  /** Proceeds and gain: null when any lot's is unknown. */
  proceeds: number | null;
  gain: number | null;
  /** `short`, `long`, `mixed` (lots of both), or null when a lot's term is unknown. */
  term: 'short' | 'long' | 'mixed' | null;
}

/** The year's realised gains of one tax class, in words the client reads. */
export interface RealisedClassRow {
  tax_class: 'equity_oriented' | 'specified_mutual_fund' | 'other';
  label: string;
  short_term: number;
  long_term: number;
}

/** The year's realised gains: the known sales' gains by tax class, and the sales whose gain is unknown, counted once each. */
export interface RealisedGains {
  fy: string;
  by_class: RealisedClassRow[];
  short_term: number;
  long_term: number;
  total: number;
  /** Sales of the year, and those whose gain is unknown (listed in `sales` with a dash). */
  sales: number;
  unknown_sales: number;
  /** s.112A exemption of the year (a client report only: each investor has their own); null when none applies. */
  exemption_112a: { limit: number; used: number | null; remaining: number | null } | null;
}

/** A kind of data note on the adviser's page: a title in words and each item once. */
export interface AdviserNote {
  kind: AdviserNoteKind;
  title: string;
  items: string[];
}

export type AdviserNoteKind =
  | 'stale_nav'
  | 'figure_missing'
  | 'cost_missing'
  | 'history_incomplete'
  | 'sources_disagree'
  | 'xirr_unknown'
  | 'sale_gain_unknown'
  | 'tax_class_assumed';

/** A household member as the household report prints it. */
export interface ReportMember {
  client_id: string;
  name: string | null;
  pan: string | null;
  relationship: string;
  positions: number;
  summary: SummaryFigures;
  groups: HoldingsGroup[];
  realised: RealisedGains | null;
}

export type ReportSubject = { kind: 'client'; name: string | null; pan: string | null } | { kind: 'household'; name: string; members: ReportMember[] };

export interface AllocationSlice {
  label: string;
  /** Percent of the valued holdings' value; the slices add up to 100. */
  percent: number;
  value: number;
}

export interface ClientReportModel {
  audience: ReportAudience;
  /** Who prepared it: the firm (the tenant) and the adviser who asked for it. */
  prepared_by: { firm: string; adviser: string | null };
  subject: ReportSubject;
  /** The date the report is as of: the `as_of` asked for, else the newest statement's date. */
  as_of: string | null;
  /** The newest statement date counted. */
  statement_date: string | null;
  /** The financial year whose sales and realised gains are shown. */
  period: { fy: string; from: string; to: string } | null;
  generated_at: string;
  summary: SummaryFigures;
  /** By asset class (the allocation chart's slices, non-zero ones) and by fund house. */
  allocation: Array<{ asset_class: (typeof ASSET_CLASSES)[number]; percent: number }>;
  allocation_by_amc: AllocationSlice[];
  /** Holdings valued at the NAV source's NAV rather than their statement's, and the newest such NAV's date; null when none. */
  revalued: { holdings: number; date: string } | null;
  /** Every holding of the report by asset class. */
  groups: HoldingsGroup[];
  sales: SaleRow[];
  realised: RealisedGains | null;
  /** The one note the client reads, when anything is not known; null when every figure is. */
  client_note: string | null;
  /** The adviser's page (printed only in the `adviser` copy). */
  adviser_notes: AdviserNote[];
  documents: number;
}

/** What the report reads of the gains API's answer for one investor (`GET /clients/{id}/gains?fy=`). */
export interface ReportGains {
  fy: string;
  realised: { lots: readonly RealisedLot[]; exemption_112a: Section112AExemption | null };
  unrealised: { lots: readonly UnrealisedLot[] };
  holdings: ReadonlyArray<{
    position_id: string;
    scheme_name: string;
    folio: string | null;
    isin: string;
    tax_class: SchemeTaxClass;
    /** The NAV open lots are valued at: the statement's, or the NAV source's when newer. */
    valuation?: { nav: number; date: string; source: 'statement' | 'nav_source' } | null;
  }>;
}

/** A household member as the report is told of it: the register's PAN and the member's own gains. */
export interface MemberInput {
  client_id: string;
  pan: string | null;
  gains: ReportGains | null;
}

/** The household portfolio's per-member figures (`GET /households/{id}/portfolio`'s `members`). */
export interface MemberFigures {
  client_id: string;
  name: string | null;
  relationship: string;
  positions: number;
  totals: PortfolioFiguresDto;
}

export interface ReportInput {
  firm: string;
  adviser?: string | null;
  audience?: ReportAudience;
  subject: { kind: 'client'; name: string | null; pan: string | null; gains: ReportGains | null } | { kind: 'household'; name: string; members: MemberInput[] };
  /** The client's portfolio, or the household's (with its `members`). */
  portfolio: PortfolioDto & { members?: MemberFigures[] };
  /** `as_of` and `fy` as asked for; `fy` is the year the gains were computed for when none was asked. */
  params: { as_of: string | null; fy: string | null };
  generatedAt: Date;
}

/** `2025-26` → 1 April 2025 to 31 March 2026. */
export function financialYearPeriod(fy: string): { fy: string; from: string; to: string } {
  const start = Number(fy.slice(0, 4));
  return { fy, from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** The financial year a date falls in: `2025-09-30` → `2025-26`. */
export function financialYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Units are equal to the statements' precision (three decimals, four on some). */
const sameUnits = (a: number, b: number) => Math.abs(a - b) < 0.0006;

const FIELD_NAMES: Record<string, string> = { units: 'units', nav: 'NAV', market_value: 'value', cost_value: 'cost', valuation_date: 'NAV date' };
const fieldList = (fields: readonly string[] | undefined, none: string) => (fields?.length ? fields.map((f) => FIELD_NAMES[f] ?? f).join(', ') : none);

const INCOMPLETE: Record<string, string> = {
  PARTIAL_HISTORY: 'the statements start from an opening balance whose purchases they do not show',
  SNAPSHOT_ONLY: 'the statements show its balance only, no transactions',
  MISMATCH: 'its transactions do not add up to its balance',
};

/** Why an XIRR is not computed, in words. */
const XIRR_REASONS: Record<string, string> = {
  NO_TRANSACTIONS: 'the statements show its balance only, no transactions',
  OPENING_UNITS_UNKNOWN: 'the units held before its first transaction are not known',
  OPENING_VALUE_UNKNOWN: 'the value of its opening balance is not known',
  TRANSACTION_VALUE_UNKNOWN: 'a transaction’s amount is not on the statements',
  VALUE_UNKNOWN: 'its value is not on the statements',
  NO_VALUATION_DATE: 'its NAV date is not on the statements',
  NO_CASH_FLOWS: 'no money went in or out',
  NO_SOLUTION: 'its cash flows give no rate',
};

const NOTE_TITLES: Record<AdviserNoteKind, (n: number) => string> = {
  stale_nav: (n) => `Valued at a NAV more than ${STALE_NAV_AFTER_DAYS} days older than the report's date (${n})`,
  figure_missing: (n) => `Figures not on the statements, shown as — (${n})`,
  cost_missing: (n) => `No invested amount: no cost printed and no complete purchase history (${n})`,
  history_incomplete: (n) => `Purchases before the statements are not shown: gains on those units cannot be worked out (${n})`,
  sources_disagree: (n) => `Statements of the same date disagree: the newest statement's figures are shown (${n})`,
  xirr_unknown: (n) => `XIRR not worked out (${n})`,
  sale_gain_unknown: (n) => `Sales whose gain is not known, shown as — (${n})`,
  tax_class_assumed: (n) => `Tax class taken from the asset class: the scheme's category does not fix it; check before filing (${n})`,
};
const NOTE_ORDER: AdviserNoteKind[] = ['cost_missing', 'history_incomplete', 'sale_gain_unknown', 'figure_missing', 'xirr_unknown', 'stale_nav', 'sources_disagree', 'tax_class_assumed'];

const CLASS_LABELS: Record<RealisedClassRow['tax_class'], string> = {
  equity_oriented: 'Equity funds and shares',
  specified_mutual_fund: 'Debt funds (taxed at your slab rate)',
  other: 'Other funds, bonds and gold',
};

/** The holding as a note names it: the scheme and its folio or account (and whose, in a household). */
function holdingName(p: Pick<PositionDto, 'scheme_name' | 'folio' | 'account_id'> & { investor?: { name: string | null } }, household: boolean): string {
  const where = p.folio ? ` (folio ${p.folio})` : p.account_id ? ` (demat account ${p.account_id})` : '';
  const whose = household && p.investor?.name ? `${p.investor.name}: ` : '';
  return `${whose}${p.scheme_name}${where}`;
}

/** The open lots' cost of a position when every lot is known and they add up to its units; else null. */
function lotsCost(p: PositionDto, lots: readonly UnrealisedLot[]): number | null {
  if (!lots.length || p.units === null) return null;
  if (lots.some((l) => l.units === null || l.cost === null)) return null;
  const units = lots.reduce((s, l) => s + l.units!, 0);
  if (!sameUnits(units, p.units)) return null;
  return sumRupees(lots.map((l) => l.cost!));
}

/** The printed cost, unless a valued holding prints 0 (a statement's blank, never a real cost of units bought). */
const printedCost = (p: PositionDto): number | null => (p.cost_value === null || (p.cost_value === 0 && (p.market_value ?? 0) > 0) ? null : p.cost_value);

type Valuation = NonNullable<ReportGains['holdings'][number]['valuation']>;

/**
 * The NAV source's valuation of a position when it may replace the statement's: a NAV dated after the
 * statement's and on or before the report's date, for printed units. Else null (the statement's stands).
 */
function revaluation(p: PositionDto, valuation: Valuation | null | undefined, asOf: string | null): { nav: number; date: string; value: number } | null {
  if (!valuation || valuation.source !== 'nav_source' || !asOf || valuation.date > asOf || p.units === null) return null;
  if (p.source.valuation_date !== null && valuation.date <= p.source.valuation_date) return null;
  return { nav: valuation.nav, date: valuation.date, value: Math.round(p.units * valuation.nav * 100) / 100 };
}

function holdingRow(p: PositionDto, lots: readonly UnrealisedLot[], household: boolean, valued: { nav: number; date: string; value: number } | null): HoldingRow {
  const fromLots = lotsCost(p, lots);
  const printed = printedCost(p);
  const cost = fromLots ?? printed;
  const value = valued?.value ?? p.market_value;
  return {
    position_id: p.id,
    scheme: p.scheme_name,
    isin: p.isin,
    folio: p.folio ?? p.account_id,
    investor: household ? p.investor.name : null,
    units: p.units,
    nav: valued?.nav ?? p.nav,
    nav_date: valued?.date ?? p.source.valuation_date,
    value,
    cost,
    cost_basis: fromLots !== null ? 'lots' : printed !== null ? 'statement' : null,
    gain: value !== null && cost !== null ? difference(value, cost) : null,
    xirr: p.xirr,
    revalued: valued !== null,
  };
}

const known = (values: ReadonlyArray<number | null>, of = values.length): KnownSum => {
  const present = values.filter((v): v is number => v !== null);
  return { amount: sumRupees(present), counted: present.length, of };
};

function figuresOf(rows: readonly HoldingRow[]): ClassFigures {
  const valued = rows.filter((r) => r.value !== null);
  return {
    value: known(rows.map((r) => r.value)),
    cost: known(valued.map((r) => r.cost), valued.length),
    gain: known(valued.map((r) => r.gain), valued.length),
  };
}

function summaryOf(rows: readonly HoldingRow[], totals: PortfolioFiguresDto): SummaryFigures {
  const f = figuresOf(rows);
  const bases = { lots: 0, statement: 0 };
  for (const r of rows) if (r.value !== null && r.cost_basis) bases[r.cost_basis]++;
  // The holdings an XIRR takes part in, as the portfolio counted them (at least one where it has a rate).
  const xirrOf = Math.max(totals.known.xirr_holdings_of, totals.xirr !== null ? 1 : 0);
  return {
    value: f.value,
    invested: f.cost,
    gain: f.gain,
    gain_pct: f.cost.amount > 0 ? Math.round((f.gain.amount / f.cost.amount) * 10_000) / 100 : null,
    cost_bases: bases,
    // The portfolio's XIRR over every holding when it is known; else over those whose cash flows are.
    xirr: totals.xirr !== null ? { rate: totals.xirr, counted: xirrOf, of: xirrOf } : { rate: totals.known.xirr, counted: totals.known.xirr_holdings, of: xirrOf },
  };
}

function groupHoldings(rows: readonly HoldingRow[], classOf: Map<string, ReportAssetClass>): HoldingsGroup[] {
  const classes: ReportAssetClass[] = [...ASSET_CLASSES, 'Unclassified'];
  return classes
    .map((assetClass) => {
      const members = rows.filter((r) => classOf.get(r.position_id) === assetClass);
      return { asset_class: assetClass, rows: members, subtotal: figuresOf(members) };
    })
    .filter((g) => g.rows.length > 0);
}

/** Percent shares adding up to exactly 100.00: extraction's largest-remainder split, in hundredths of paise-exact values. */
const shares = (values: readonly number[]): number[] => largestRemainder(values.map((v) => Math.round(v * 100)), 10_000).map((v) => v / 100);

/** Allocation by fund house; demat securities without a fund house are one slice. */
function byFundHouse(positions: readonly PositionDto[], valueOf: (p: PositionDto) => number | null): AllocationSlice[] {
  const values = new Map<string, number>();
  for (const p of positions) {
    const value = valueOf(p);
    if (value === null || value <= 0) continue;
    const label = p.amc ?? (p.kind === 'demat' ? 'Shares and bonds (demat)' : 'Other');
    values.set(label, sumRupees([values.get(label) ?? 0, value]));
  }
  const entries = [...values.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const pct = shares(entries.map(([, v]) => v));
  return entries.map(([label, value], i) => ({ label, value, percent: pct[i] }));
}

/** Items by key, in their order. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The year's sales from the realised lots: one row per sale (a position's closing transaction of a day). */
function salesOf(lots: readonly RealisedLot[], investorOf: (l: RealisedLot) => string | null): SaleRow[] {
  return [...groupBy(lots, (l) => `${l.position_id}|${l.sale_date}|${l.transaction_type}`).values()]
    .map((ls): SaleRow => {
      const terms = new Set(ls.map((l) => l.rule.term));
      const term: SaleRow['term'] = terms.has(null) ? null : terms.size > 1 ? 'mixed' : ([...terms][0] as 'short' | 'long');
      return {
        date: ls[0].sale_date,
        scheme: ls[0].scheme_name,
        folio: ls[0].folio,
        investor: investorOf(ls[0]),
        units: Math.round(ls.reduce((s, l) => s + l.units, 0) * 10_000) / 10_000,
        proceeds: ls.some((l) => l.sale_value === null) ? null : sumRupees(ls.map((l) => l.sale_value!)),
        gain: ls.some((l) => l.gain === null) ? null : sumRupees(ls.map((l) => l.gain!)),
        term,
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.scheme.localeCompare(b.scheme));
}

function realisedOf(fy: string, lots: readonly RealisedLot[], sales: readonly SaleRow[], exemption: Section112AExemption | null): RealisedGains {
  const classes: RealisedClassRow['tax_class'][] = ['equity_oriented', 'specified_mutual_fund', 'other'];
  const byClass = classes
    .map((c) => {
      const mine = lots.filter((l) => l.rule.tax_class === c && l.gain !== null && l.rule.term !== null);
      return {
        tax_class: c,
        label: CLASS_LABELS[c],
        present: lots.some((l) => l.rule.tax_class === c),
        short_term: sumRupees(mine.filter((l) => l.rule.term === 'short').map((l) => l.gain!)),
        long_term: sumRupees(mine.filter((l) => l.rule.term === 'long').map((l) => l.gain!)),
      };
    })
    .filter((c) => c.present)
    .map(({ present: _present, ...row }) => row);
  const short = sumRupees(byClass.map((c) => c.short_term));
  const long = sumRupees(byClass.map((c) => c.long_term));
  return {
    fy,
    by_class: byClass,
    short_term: short,
    long_term: long,
    total: sumRupees([short, long]),
    sales: sales.length,
    unknown_sales: sales.filter((s) => s.gain === null).length,
    exemption_112a: exemption && exemption.limit !== null ? { limit: exemption.limit, used: exemption.applied, remaining: exemption.remaining } : null,
  };
}

/** Collects the adviser's notes: each item once per kind. */
class Notes {
  private readonly byKind = new Map<AdviserNoteKind, Set<string>>();
  add(kind: AdviserNoteKind, item: string) {
    const items = this.byKind.get(kind) ?? new Set<string>();
    items.add(item);
    this.byKind.set(kind, items);
  }
  get any(): boolean {
    return this.byKind.size > 0;
  }
  list(): AdviserNote[] {
    return NOTE_ORDER.filter((k) => this.byKind.has(k)).map((kind) => {
      const items = [...this.byKind.get(kind)!];
      return { kind, title: NOTE_TITLES[kind](items.length), items };
    });
  }
}

function noteHoldings(notes: Notes, positions: readonly PositionDto[], rows: Map<string, HoldingRow>, asOf: string | null, household: boolean) {
  for (const p of positions) {
    const name = holdingName(p, household);
    const row = rows.get(p.id)!;
    const navDate = row.nav_date;
    if (asOf && navDate && daysBetween(navDate, asOf) > STALE_NAV_AFTER_DAYS) notes.add('stale_nav', `${name}: NAV of ${date(navDate)}`);
    const incomplete = [
      ...(INCOMPLETE[p.history.status] ? [INCOMPLETE[p.history.status]] : []),
      ...p.flags.filter((f) => f.code === 'HISTORY_GAP').map((f) => `no statement covers ${date(f.from ?? null)} to ${date(f.to ?? null)}`),
    ];
    if (incomplete.length && row.cost_basis !== 'lots') notes.add('history_incomplete', `${name}: ${incomplete.join('; ')}`);
    for (const f of p.flags) {
      if (f.code === 'SOURCES_DISAGREE') notes.add('sources_disagree', `${name}: ${fieldList(f.fields, 'figures')} differ`);
      if (f.code === 'FIGURE_MISSING') {
        const fields = (f.fields ?? []).filter((x) => x !== 'cost_value');
        if (fields.length || !f.fields?.length) notes.add('figure_missing', `${name}: ${fieldList(fields, 'a figure')}`);
      }
    }
    if (p.market_value !== null && row.cost === null && p.market_value > 0) {
      notes.add('cost_missing', p.cost_value === 0 ? `${name}: cost printed as 0.00` : name);
    }
    if (p.xirr === null && (p.market_value !== 0 || p.history.transactions > 0)) {
      notes.add('xirr_unknown', `${name}: ${p.xirr_reason ? (XIRR_REASONS[p.xirr_reason] ?? 'its cash flows are not all known') : 'its cash flows are not all known'}`);
    }
  }
}

function noteGains(notes: Notes, gains: ReportGains, sales: readonly SaleRow[], whose: string | null) {
  const prefix = whose ? `${whose}: ` : '';
  for (const s of sales) {
    if (s.gain === null) notes.add('sale_gain_unknown', `${prefix}${s.scheme}${s.folio ? ` (folio ${s.folio})` : ''}, sold ${date(s.date)}: its purchase is not on the statements`);
  }
  for (const h of gains.holdings) {
    if (h.tax_class.defaulted) notes.add('tax_class_assumed', `${prefix}${h.scheme_name}${h.folio ? ` (folio ${h.folio})` : ''}`);
  }
}

/** The one note the client reads. */
function clientNote(rows: readonly HoldingRow[], realised: RealisedGains | null): string | null {
  const missing = rows.some((r) => r.value === null || (r.value !== 0 && (r.cost === null || r.xirr === null)) || r.units === null || r.nav === null) || (realised?.unknown_sales ?? 0) > 0;
  return missing ? 'Some figures were not on your statements and are shown as —. Totals add up the figures that are known and say how many holdings they cover.' : null;
}

/** Builds what the report prints. */
export function buildReportModel(input: ReportInput): ClientReportModel {
  const { portfolio } = input;
  const household = input.subject.kind === 'household';
  const asOf = input.params.as_of ?? portfolio.statement_date;
  const memberGains = input.subject.kind === 'household' ? input.subject.members.map((m) => m.gains).filter((g): g is ReportGains => g !== null) : input.subject.gains ? [input.subject.gains] : [];
  const openLots = memberGains.flatMap((g) => g.unrealised.lots);
  const lotsOf = groupBy(openLots, (l) => l.position_id);
  const valuations = new Map(memberGains.flatMap((g) => g.holdings).map((h) => [h.position_id, h.valuation]));
  const rows = portfolio.positions.map((p) => holdingRow(p, lotsOf.get(p.id) ?? [], household, revaluation(p, valuations.get(p.id), asOf)));
  const rowOf = new Map(rows.map((r) => [r.position_id, r]));
  const classOf = new Map(portfolio.positions.map((p) => [p.id, (p.asset_class ?? 'Unclassified') as ReportAssetClass]));
  const investorOfPosition = new Map(portfolio.positions.map((p) => [p.id, p.investor.name]));
  const investorOf = (l: RealisedLot) => (household ? (investorOfPosition.get(l.position_id) ?? null) : null);

  const fy = input.params.fy ?? memberGains[0]?.fy ?? null;
  const realisedLots = memberGains.flatMap((g) => g.realised.lots);
  const sales = memberGains.length ? salesOf(realisedLots, investorOf) : [];
  const realised = fy && memberGains.length ? realisedOf(fy, realisedLots, sales, household ? null : (memberGains[0]?.realised.exemption_112a ?? null)) : null;

  const notes = new Notes();
  noteHoldings(notes, portfolio.positions, rowOf, asOf, household);
  if (input.subject.kind === 'household') {
    const figures = new Map((portfolio.members ?? []).map((m) => [m.client_id, m]));
    for (const m of input.subject.members) {
      if (!m.gains) continue;
      const mine = salesOf(m.gains.realised.lots, investorOf);
      noteGains(notes, m.gains, mine, figures.get(m.client_id)?.name ?? null);
    }
  } else if (input.subject.gains) {
    noteGains(notes, input.subject.gains, sales, null);
  }

  const a = portfolio.totals.asset_allocation;
  const revalued = rows.filter((r) => r.revalued);
  // Revalued holdings move the shares: worked out from the rows' values, classes without one as Other (the portfolio's rule).
  const allocation = revalued.length
    ? (() => {
        const by = ASSET_CLASSES.map((c) => sumRupees(rows.filter((r) => r.value !== null && (classOf.get(r.position_id) === c || (c === 'Other' && classOf.get(r.position_id) === 'Unclassified'))).map((r) => r.value!)));
        const pct = shares(by);
        return ASSET_CLASSES.map((c, i) => ({ asset_class: c, percent: pct[i] })).filter((x) => x.percent > 0);
      })()
    : ASSET_CLASSES.map((c) => ({ asset_class: c, percent: a[c.toLowerCase() as keyof typeof a] })).filter((x) => x.percent > 0);
  return {
    audience: input.audience ?? 'client',
    prepared_by: { firm: input.firm, adviser: input.adviser ?? null },
    subject: subjectOf(input, rows, classOf, investorOf),
    as_of: asOf,
    statement_date: portfolio.statement_date,
    period: fy ? financialYearPeriod(fy) : null,
    generated_at: input.generatedAt.toISOString(),
    summary: summaryOf(rows, portfolio.totals),
    allocation,
    allocation_by_amc: byFundHouse(portfolio.positions, (p) => rowOf.get(p.id)!.value),
    revalued: revalued.length ? { holdings: revalued.length, date: revalued.map((r) => r.nav_date!).sort().at(-1)! } : null,
    groups: groupHoldings(rows, classOf),
    sales,
    realised,
    client_note: clientNote(rows, realised),
    adviser_notes: notes.list(),
    documents: portfolio.documents.length,
  };
}

/** The report's subject; a household's members each with their own holdings, summary and gains. */
function subjectOf(input: ReportInput, rows: readonly HoldingRow[], classOf: Map<string, ReportAssetClass>, investorOf: (l: RealisedLot) => string | null): ReportSubject {
  const { subject, portfolio } = input;
  if (subject.kind === 'client') return { kind: 'client', name: subject.name, pan: subject.pan };
  const figures = new Map((portfolio.members ?? []).map((m) => [m.client_id, m]));
  return {
    kind: 'household',
    name: subject.name,
    members: subject.members.map((m) => {
      const f = figures.get(m.client_id);
      if (!f) throw new Error(`the household portfolio has no figures for member ${m.client_id}`);
      const pan = m.pan?.toUpperCase() ?? null;
      const holdings = portfolio.positions.filter((p) => pan !== null && p.investor.pan?.toUpperCase() === pan);
      // The member's section must show the holdings its row counts: any disagreement is an error (the
      // job retries), never a member printed without them.
      if (holdings.length !== f.positions) throw new Error(`the household portfolio counts ${f.positions} holdings for member ${m.client_id}, ${holdings.length} are under its PAN`);
      const ids = new Set(holdings.map((p) => p.id));
      const mine = rows.filter((r) => ids.has(r.position_id));
      const fy = input.params.fy ?? m.gains?.fy ?? null;
      return {
        client_id: m.client_id,
        name: f.name,
        pan: m.pan,
        relationship: f.relationship,
        positions: f.positions,
        summary: summaryOf(mine, f.totals),
        groups: groupHoldings(mine, classOf),
        realised: fy && m.gains ? realisedOf(fy, m.gains.realised.lots, salesOf(m.gains.realised.lots, investorOf), m.gains.realised.exemption_112a) : null,
      };
    }),
  };
}
