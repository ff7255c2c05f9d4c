/**
 * What a client report or a household report prints, worked out from the portfolio as the API answers
 * it (pure: no I/O). Every figure is the API's own or an exact sum of them; an unknown figure stays
 * null and a note says why (docs/reports.md).
 */
import type { PortfolioDto, PortfolioFiguresDto, PositionDto } from '../../portfolio/index.js';
import { difference, sumRupees } from './format.js';

/** A NAV dated more than this many days before the report's date is a stale NAV. */
export const STALE_NAV_AFTER_DAYS = 7;

export const ASSET_CLASSES = ['Equity', 'Debt', 'Hybrid', 'Other'] as const;
export type ReportAssetClass = (typeof ASSET_CLASSES)[number] | 'Unclassified';

/**
 * - `STALE_NAV`: the NAV (or price) a holding is valued at is dated more than STALE_NAV_AFTER_DAYS before the report's date.
 * - `HISTORY_INCOMPLETE`: the holding's transactions do not reach back to a zero balance without a gap, or disagree with its balance.
 * - `SOURCES_DISAGREE`: statements of the same date print different figures for the holding.
 * - `FIGURE_MISSING`: the statement does not print a figure of the holding.
 * - `TAX_CLASS_DEFAULTED`: the scheme's tax class is a default, not fixed by its category.
 * - `COST_UNKNOWN`: a total needs a cost the statements do not print.
 * - `XIRR_UNKNOWN`: the XIRR cannot be computed.
 * - `REALISED_GAINS_UNAVAILABLE`: the period's realised gains are not computed for this report.
 */
export type ReportNoteCode =
  | 'STALE_NAV'
  | 'HISTORY_INCOMPLETE'
  | 'SOURCES_DISAGREE'
  | 'FIGURE_MISSING'
  | 'TAX_CLASS_DEFAULTED'
  | 'COST_UNKNOWN'
  | 'XIRR_UNKNOWN'
  | 'REALISED_GAINS_UNAVAILABLE';

export interface ReportNote {
  /** 1-based, in print order; holdings rows cite it. */
  number: number;
  code: ReportNoteCode;
  title: string;
  /** One line per holding or figure concerned. */
  items: string[];
}

export interface HoldingRow {
  position_id: string;
  scheme: string;
  isin: string;
  /** The folio, or the demat account. */
  folio: string | null;
  units: number | null;
  nav: number | null;
  nav_date: string | null;
  value: number | null;
  cost: number | null;
  /** value − cost when both are known. */
  gain: number | null;
  /** Numbers of the notes that concern the row. */
  notes: number[];
}

export interface ClassFigures {
  value: number;
  /** Null unless every valued holding of the class prints a cost or is valued at 0 (the portfolio's rule for its total). */
  cost: number | null;
  gain: number | null;
}

export interface HoldingsGroup {
  asset_class: ReportAssetClass;
  rows: HoldingRow[];
  subtotal: ClassFigures;
}

/** Realised gains of the period, when the gains computation gives them. */
export interface RealisedGains {
  fy: string;
  /** Over every tax class; null when any lot's gain is unknown. */
  short_term: number | null;
  long_term: number | null;
  total: number | null;
  lots: number;
  /** Lots whose gain is unknown (history incomplete, a figure not on the statements). */
  unknown_lots: number;
  /** Schemes whose tax class was defaulted, as the report names them. */
  defaulted_tax_class: string[];
}

/** A household member as the household report prints it: the API's figures, the member's own holdings and gains. */
export interface ReportMember {
  client_id: string;
  name: string | null;
  pan: string | null;
  relationship: string;
  /** The member's positions, as the household portfolio's `members[].positions` counts them. */
  positions: number;
  totals: PortfolioFiguresDto;
  /** The member's holdings (the household's positions held under the member's PAN), by asset class. */
  groups: HoldingsGroup[];
  /** The member's realised gains of the period; null without a financial year. */
  realised: RealisedGains | null;
}

/** Whom a report is about: one client, or a household and its members. */
export type ReportSubject = { kind: 'client'; name: string | null; pan: string | null } | { kind: 'household'; name: string; members: ReportMember[] };

export interface ClientReportModel {
  firm: string;
  subject: ReportSubject;
  /** The date the report is as of: the `as_of` asked for, else the newest statement's date. */
  as_of: string | null;
  /** The newest statement date counted. */
  statement_date: string | null;
  period: { fy: string; from: string; to: string } | null;
  generated_at: string;
  totals: PortfolioFiguresDto;
  /** Slices of the allocation chart: the API's percentages, non-zero ones only. */
  allocation: Array<{ asset_class: (typeof ASSET_CLASSES)[number]; percent: number }>;
  /** Every holding of the report by asset class (a household's: every member's). */
  groups: HoldingsGroup[];
  unrealised: { by_class: Array<{ asset_class: ReportAssetClass } & ClassFigures>; total: { value: number; cost: number | null; gain: number | null } };
  /** The period's realised gains (a household's: its members' added up). */
  realised: RealisedGains | null;
  notes: ReportNote[];
  documents: number;
}

/** A household member as the report is told of it: the register's PAN and the member's own gains. */
export interface MemberInput {
  client_id: string;
  pan: string | null;
  realised: RealisedGains | null;
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
  subject: { kind: 'client'; name: string | null; pan: string | null } | { kind: 'household'; name: string; members: MemberInput[] };
  /** The client's portfolio, or the household's (with its `members`). */
  portfolio: PortfolioDto & { members?: MemberFigures[] };
  params: { as_of: string | null; fy: string | null };
  generatedAt: Date;
  realised?: RealisedGains | null;
}

/** `2025-26` → 1 April 2025 to 31 March 2026. */
export function financialYearPeriod(fy: string): { fy: string; from: string; to: string } {
  const start = Number(fy.slice(0, 4));
  return { fy, from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

const holding = (p: PositionDto) => `${p.scheme_name}${p.folio ? ` (folio ${p.folio})` : p.account_id ? ` (account ${p.account_id})` : ''}`;

const FIELD_NAMES: Record<string, string> = { units: 'units', nav: 'NAV', market_value: 'value', cost_value: 'cost', valuation_date: 'NAV date' };
const fieldList = (fields: readonly string[] | undefined, none: string) => (fields?.length ? fields.map((f) => FIELD_NAMES[f] ?? f).join(', ') : none);

const INCOMPLETE: Record<string, string> = {
  PARTIAL_HISTORY: 'the transactions shown do not reach back to a zero balance',
  SNAPSHOT_ONLY: 'no statement shows its transactions, only its balance',
  MISMATCH: 'the transactions shown do not add up to the balance',
};

const NOTE_TITLES: Record<ReportNoteCode, string> = {
  STALE_NAV: `Stale NAVs: valued at a NAV dated more than ${STALE_NAV_AFTER_DAYS} days before the report's date`,
  HISTORY_INCOMPLETE: 'Incomplete history: lots held before the statements shown are unknown',
  SOURCES_DISAGREE: 'Statements disagree: the figures of the statement used first are shown',
  FIGURE_MISSING: 'Not on statement: shown as —',
  TAX_CLASS_DEFAULTED: 'Tax class defaulted: the scheme category does not fix it; review it',
  COST_UNKNOWN: 'Cost not on statement: totals that need it are not shown',
  XIRR_UNKNOWN: 'XIRR not computed',
  REALISED_GAINS_UNAVAILABLE: 'Gains of the period',
};

const XIRR_REASONS: Record<string, string> = {
  NO_TRANSACTIONS: 'the statements show no transactions to compute it from',
};

/** Builds what the report prints. */
export function buildReportModel(input: ReportInput): ClientReportModel {
  const { portfolio } = input;
  const household = input.subject.kind === 'household';
  // A household's notes name whose holding it is.
  const where = (p: PositionDto) => (household && p.investor.name ? `${p.investor.name}: ${holding(p)}` : holding(p));
  const asOf = input.params.as_of ?? portfolio.statement_date;
  const notes = new Map<ReportNoteCode, string[]>();
  const rowNotes = new Map<string, Set<ReportNoteCode>>();
  const note = (code: ReportNoteCode, item: string, positionId?: string) => {
    notes.set(code, [...(notes.get(code) ?? []), item]);
    if (positionId) rowNotes.set(positionId, (rowNotes.get(positionId) ?? new Set()).add(code));
  };

  for (const p of portfolio.positions) {
    const date = p.source.valuation_date;
    if (asOf && date && daysBetween(date, asOf) > STALE_NAV_AFTER_DAYS) note('STALE_NAV', `${where(p)}: NAV of ${date}`, p.id);
    const reasons = [
      ...(INCOMPLETE[p.history.status] ? [INCOMPLETE[p.history.status]] : []),
      ...p.flags.filter((f) => f.code === 'HISTORY_GAP').map((f) => `no statement covers ${f.from} to ${f.to}`),
    ];
    if (reasons.length) note('HISTORY_INCOMPLETE', `${where(p)}: ${reasons.join('; ')}`, p.id);
    for (const f of p.flags) {
      if (f.code === 'SOURCES_DISAGREE') note('SOURCES_DISAGREE', `${where(p)}: ${fieldList(f.fields, 'figures')} differ`, p.id);
      if (f.code === 'FIGURE_MISSING') note('FIGURE_MISSING', `${where(p)}: ${fieldList(f.fields, 'a figure')}`, p.id);
    }
    if (p.market_value !== null && p.cost_value === null && !p.flags.some((f) => f.code === 'FIGURE_MISSING' && f.fields?.includes('cost_value'))) {
      note('FIGURE_MISSING', `${where(p)}: cost`, p.id);
    }
  }

  const groups = groupHoldings(portfolio.positions);
  if (portfolio.totals.total_cost_value === null && portfolio.positions.length) {
    note('COST_UNKNOWN', 'The total cost and the unrealised gain need the cost of every valued holding; at least one is not on the statements');
  }
  if (portfolio.totals.xirr === null) {
    const reason = portfolio.totals.xirr_reason;
    note('XIRR_UNKNOWN', reason ? (XIRR_REASONS[reason] ?? reason) : 'no reason given');
  }
  const realised = input.realised ?? null;
  if (realised) {
    for (const scheme of realised.defaulted_tax_class) note('TAX_CLASS_DEFAULTED', scheme);
    if (realised.unknown_lots > 0) {
      note(
        'REALISED_GAINS_UNAVAILABLE',
        `${realised.unknown_lots} of the ${realised.lots} lots sold in FY ${realised.fy} have no computable gain (their purchases are not on the statements, or a figure is missing): the totals they enter are shown as —`,
      );
    }
  } else {
    note(
      'REALISED_GAINS_UNAVAILABLE',
      input.params.fy
        ? `Realised gains of FY ${input.params.fy} are not computed for this report; they are shown as —`
        : 'No financial year was asked for, so no gains of a period are shown',
    );
  }

  const order: ReportNoteCode[] = ['STALE_NAV', 'HISTORY_INCOMPLETE', 'SOURCES_DISAGREE', 'FIGURE_MISSING', 'TAX_CLASS_DEFAULTED', 'COST_UNKNOWN', 'XIRR_UNKNOWN', 'REALISED_GAINS_UNAVAILABLE'];
  const numbered = order.filter((c) => notes.has(c)).map((code, i) => ({ number: i + 1, code, title: NOTE_TITLES[code], items: notes.get(code)! }));
  const numberOf = new Map(numbered.map((n) => [n.code, n.number]));
  const noted = (g: HoldingsGroup[]) => {
    for (const r of g.flatMap((x) => x.rows)) r.notes = [...(rowNotes.get(r.position_id) ?? [])].map((c) => numberOf.get(c)!).sort((x, y) => x - y);
    return g;
  };
  noted(groups);

  const a = portfolio.totals.asset_allocation;
  return {
    firm: input.firm,
    subject: subjectOf(input, (positions) => noted(groupHoldings(positions))),
    as_of: asOf,
    statement_date: portfolio.statement_date,
    period: input.params.fy ? financialYearPeriod(input.params.fy) : null,
    generated_at: input.generatedAt.toISOString(),
    totals: portfolio.totals,
    allocation: ASSET_CLASSES.map((c) => ({ asset_class: c, percent: a[c.toLowerCase() as keyof typeof a] })).filter((s) => s.percent > 0),
    groups,
    unrealised: {
      by_class: groups.map((g) => ({ asset_class: g.asset_class, ...g.subtotal })),
      total: { value: portfolio.totals.total_market_value, cost: portfolio.totals.total_cost_value, gain: portfolio.totals.gain },
    },
    realised,
    notes: numbered,
    documents: portfolio.documents.length,
  };
}

/** The report's subject; a household's members each with their own holdings grouped by `group`. */
function subjectOf(input: ReportInput, group: (positions: readonly PositionDto[]) => HoldingsGroup[]): ReportSubject {
  const { subject, portfolio } = input;
  if (subject.kind === 'client') return subject;
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
      return {
        client_id: m.client_id,
        name: f.name,
        pan: m.pan,
        relationship: f.relationship,
        positions: f.positions,
        totals: f.totals,
        groups: group(holdings),
        realised: m.realised,
      };
    }),
  };
}

function groupHoldings(positions: readonly PositionDto[]): HoldingsGroup[] {
  const classes: ReportAssetClass[] = [...ASSET_CLASSES, 'Unclassified'];
  return classes
    .map((assetClass) => {
      const members = positions.filter((p) => (p.asset_class ?? 'Unclassified') === assetClass);
      const rows: HoldingRow[] = members.map((p) => ({
        position_id: p.id,
        scheme: p.scheme_name,
        isin: p.isin,
        folio: p.folio ?? p.account_id,
        units: p.units,
        nav: p.nav,
        nav_date: p.source.valuation_date,
        value: p.market_value,
        cost: p.cost_value,
        gain: p.market_value !== null && p.cost_value !== null ? difference(p.market_value, p.cost_value) : null,
        notes: [],
      }));
      return { asset_class: assetClass, rows, subtotal: subtotal(members) };
    })
    .filter((g) => g.rows.length > 0);
}

function subtotal(members: readonly PositionDto[]): ClassFigures {
  const valued = members.filter((p) => p.market_value !== null);
  const value = sumRupees(valued.map((p) => p.market_value!));
  // The portfolio total cost's rule (calculatePortfolio): a holding valued at 0 needs no printed cost.
  const costKnown = valued.length > 0 && valued.every((p) => p.cost_value !== null || Math.round(p.market_value! * 100) === 0);
  const cost = costKnown ? sumRupees(valued.map((p) => p.cost_value ?? 0)) : null;
  return { value, cost, gain: cost === null ? null : difference(value, cost) };
}
