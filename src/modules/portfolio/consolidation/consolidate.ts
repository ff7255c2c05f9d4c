/**
 * One portfolio from many statements (docs/portfolio.md): each position as the most recent
 * statement on or before the date shows it, its history merged from every statement that prints
 * it, and the figures computed by extraction's own calculator over the positions.
 */
import { calculatePortfolio, holdingCashFlows, holdingXirr, knownFigures, type Holding, type HoldingFlows } from '../../extraction/index.js';
import { groupCopies, statementDate, countedStatements, type PositionCopies, type PositionCopy } from './copies.js';
import { compareText } from './dates.js';
import { rebuildHistory, type RebuiltHistory } from './history.js';
import type {
  Consolidation,
  ConsolidationOptions,
  HouseholdConsolidation,
  HouseholdMemberInput,
  MergedTransaction,
  PortfolioTotals,
  Position,
  PositionFlag,
  SourceRef,
  StatementSource,
} from './types.js';

const ref = (s: StatementSource): SourceRef => ({ document_id: s.document_id, document_type: s.document_type, statement_date: statementDate(s) });

/** How each figure is compared: in the units it is printed in (thousandths of a unit, 1/10000 of NAV, paise). */
const FIGURES = [
  ['units', 1000],
  ['nav', 10000],
  ['market_value', 100],
  ['cost_value', 100],
] as const;

/** Figures two statements of one date both print and print differently. */
function disagreeingFields(a: Holding, b: Holding): string[] {
  return FIGURES.filter(([field, scale]) => {
    const x = a[field];
    const y = b[field];
    return x !== null && y !== null && Math.round(x * scale) !== Math.round(y * scale);
  }).map(([field]) => field);
}

function disagreement(group: PositionCopies): PositionFlag | null {
  const [chosen, ...rest] = group.copies;
  const date = statementDate(chosen.source);
  if (date === null) return null;
  const sameDate = rest.filter((c) => statementDate(c.source) === date);
  const fields = new Set<string>();
  for (const c of sameDate) for (const f of disagreeingFields(chosen.holding, c.holding)) fields.add(f);
  if (!fields.size) return null;
  const documentIds = [...new Set([chosen, ...sameDate].map((c) => c.source.document_id))];
  return {
    code: 'SOURCES_DISAGREE',
    message: `Statements dated ${date} disagree on ${[...fields].join(', ')}; the figures are those of document ${chosen.source.document_id}`,
    fields: [...fields],
    document_ids: documentIds,
  };
}

function missingFigures(h: Holding): PositionFlag | null {
  const fields = (['units', 'nav', 'market_value'] as const).filter((f) => h[f] === null);
  return fields.length ? { code: 'FIGURE_MISSING', message: `The statement does not print ${fields.join(', ')}`, fields: [...fields] } : null;
}

/**
 * The holding the figures are computed over: the chosen statement's figures, with the merged rows
 * of the covered range that reaches its balance (the rows are what XIRR needs), else none.
 */
function consolidatedHolding(chosen: PositionCopy, history: RebuiltHistory): { holding: Holding; flows: HoldingFlows } {
  const seg = history.lastSegment;
  const holding: Holding = seg
    ? {
        ...chosen.holding,
        opening_units: seg.openingUnits,
        // A printed opening valuation is for its own statement's start only.
        opening_value: seg.from === chosen.source.period.from ? chosen.holding.opening_value : undefined,
        transactions: seg.rows.map((r) => r.tx),
      }
    : { ...chosen.holding, opening_units: null, opening_value: undefined, transactions: [] };
  const flows = holdingCashFlows(holding, { asOf: statementDate(chosen.source), periodFrom: seg?.from ?? null });
  return { holding, flows };
}

interface Built {
  position: Position;
  holding: Holding;
  flows: HoldingFlows;
  transactions: MergedTransaction[];
}

function buildPosition(group: PositionCopies): Built {
  const chosen = group.copies[0];
  const h = chosen.holding;
  const history = rebuildHistory(group.copies, h.units, statementDate(chosen.source));
  const { holding, flows } = consolidatedHolding(chosen, history);
  const figure = holdingXirr(holding, {}, () => flows);
  const flags = [disagreement(group), missingFigures(h), ...history.gaps].filter((f): f is PositionFlag => f !== null);
  const seen = new Map<string, SourceRef>();
  for (const c of group.copies) if (!seen.has(c.source.document_id)) seen.set(c.source.document_id, ref(c.source));
  const position: Position = {
    id: group.id,
    kind: group.kind,
    investor: { name: chosen.entity.entity_name, pan: chosen.entity.pan },
    folio: h.folio,
    account_id: h.account_id ?? null,
    isin: h.isin,
    scheme_name: h.scheme_name,
    amc: h.amc,
    asset_class: h.asset_class,
    units: h.units,
    nav: h.nav,
    market_value: h.market_value,
    cost_value: h.cost_value,
    xirr: figure.xirr,
    xirr_reason: figure.xirr_reason,
    source: { ...ref(chosen.source), valuation_date: h.nav_date ?? statementDate(chosen.source) },
    seen_in: [...seen.values()],
    history: { status: history.status, covered_from: history.coveredFrom, covered_to: history.coveredTo, transactions: history.rows.length, rebuilt_units: history.rebuiltUnits },
    flags,
  };
  const transactions = history.rows.map((r) => ({
    ...r.tx,
    position_id: group.id,
    folio: h.folio,
    account_id: h.account_id ?? null,
    isin: h.isin,
    scheme_name: h.scheme_name,
    investor_pan: chosen.entity.pan,
    document_ids: r.documentIds,
  }));
  return { position, holding, flows, transactions };
}

/** Portfolio figures over positions, each holding's cash flows as its own history gives them. */
function figuresOf(built: readonly Built[]): PortfolioTotals {
  const flows = new Map(built.map((b) => [b.holding, b.flows]));
  const holdings = built.map((b) => b.holding);
  const flowsOf = (h: Holding) => flows.get(h)!;
  return { ...calculatePortfolio([{ entity_name: null, pan: null, holdings, stated_total: null }], {}, flowsOf), known: knownFigures(holdings, {}, flowsOf) };
}

const byPosition = (a: Built, b: Built) => compareText(a.position.id, b.position.id);

function assemble(built: Built[], statements: readonly StatementSource[], options: ConsolidationOptions): Consolidation {
  const documents = countedStatements(statements, options)
    .filter(({ source }) => built.some((b) => b.position.seen_in.some((s) => s.document_id === source.document_id)))
    .sort((a, b) => compareText(statementDate(b.source) ?? '', statementDate(a.source) ?? '') || b.order - a.order)
    .map(({ source }) => ref(source));
  const unique = [...new Map(documents.map((d) => [d.document_id, d])).values()];
  return {
    as_of: options.asOf ?? null,
    statement_date: unique.find((d) => d.statement_date)?.statement_date ?? null,
    positions: built.map((b) => b.position),
    figures: figuresOf(built),
    documents: unique,
    transactions: built.flatMap((b) => b.transactions).sort((a, b) => compareText(a.date, b.date) || compareText(a.position_id, b.position_id)),
  };
}

/** One investor's (or several's) portfolio from their statements, in the order they were received. */
export function consolidate(statements: readonly StatementSource[], options: ConsolidationOptions = {}): Consolidation {
  const built = groupCopies(statements, options).map(buildPosition).sort(byPosition);
  return assemble(built, statements, options);
}

/**
 * A household: each member's portfolio (their own PANs' holdings), the positions of all members
 * together, and the figures per member and overall. A position two members both hold (a joint
 * statement read for each) counts once.
 */
export function consolidateHousehold(members: readonly HouseholdMemberInput[], options: ConsolidationOptions = {}): HouseholdConsolidation {
  const all = new Map<string, Built>();
  const perMember = members.map((m) => {
    const built = groupCopies(m.statements, { ...options, pans: m.pans ?? options.pans }).map(buildPosition);
    for (const b of built) if (!all.has(b.position.id)) all.set(b.position.id, b);
    return { client_id: m.client_id, name: m.name, figures: figuresOf(built), positions: built.length };
  });
  const statements = [...new Map(members.flatMap((m) => m.statements).map((s) => [s.document_id, s])).values()];
  return { ...assemble([...all.values()].sort(byPosition), statements, options), members: perMember };
}
