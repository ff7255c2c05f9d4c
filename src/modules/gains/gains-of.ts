/**
 * One investor's gains of a financial year from their consolidation (pure): the scheme facts and the
 * valuation NAV of each position, the engine's result (FMV of 31 January 2018 from `fmv`), and each
 * holding's facts beside its status.
 */
import type { Consolidation, Position } from '../portfolio/index.js';
import { computeGains } from './compute/compute-gains.js';
import { holdingsFromConsolidation } from './compute/from-consolidation.js';
import type { FinancialYear } from './financial-year.js';
import type { FmvLookup, GainsResult, HoldingGainsStatus } from './gains.types.js';
import type { SchemeTaxClass } from './rules/index.js';
import { schemeOf, valuationOf, type NavLookup, type Valuation } from './scheme-facts.js';

/** A holding's status with what the gains were computed from: its category, tax class and valuation. */
export interface HoldingGains extends HoldingGainsStatus {
  category: string | null;
  tax_class: SchemeTaxClass;
  /** The NAV open lots are valued at, its date and where it comes from; null when none is known. */
  valuation: Valuation | null;
}

export interface InvestorGains extends Omit<GainsResult, 'holdings'> {
  period: { from: string; to: string };
  /** The newest statement counted. */
  statement_date: string | null;
  holdings: HoldingGains[];
}

export function gainsOf(consolidation: Consolidation, fy: FinancialYear, lookup: NavLookup | null, fmv: FmvLookup): InvestorGains {
  const facts = new Map(consolidation.positions.map((p) => [p.id, { scheme: schemeOf(p, lookup), valuation: valuationOf(p, lookup) }]));
  const holdings = holdingsFromConsolidation(
    consolidation,
    (p) => facts.get(p.id)!.scheme,
    (p) => {
      const v = facts.get(p.id)!.valuation;
      return v ? { nav: v.nav, date: v.date } : null;
    },
  );
  const result = computeGains({ holdings }, { fy: fy.fy, fmv });
  const withFacts = (h: HoldingGainsStatus): HoldingGains => {
    const f = facts.get(h.position_id)!;
    return { ...h, category: f.scheme.category, tax_class: f.scheme.tax_class, valuation: f.valuation };
  };
  const computed = new Set(result.holdings.map((h) => h.position_id));
  const unseen = consolidation.positions.filter((p) => !computed.has(p.id) && p.units !== 0).map(withoutHistory);
  const flags = unseen.length && !result.flags.some((f) => f.code === 'HISTORY_INCOMPLETE') ? [...result.flags, INCOMPLETE] : result.flags;
  // Units no statement shows the purchase of are the oldest of their holding: what selling an
  // equity-oriented one would realise is not known, so neither is the harvestable gain.
  const equityUnseen = unseen.some((h) => {
    const c = facts.get(h.position_id)!.scheme.tax_class;
    return c.untilFy2025 === 'equity_oriented' || c.fromFy2026 === 'equity_oriented';
  });
  return {
    ...result,
    unrealised: equityUnseen ? { ...result.unrealised, harvestable_ltcg: null } : result.unrealised,
    period: { from: fy.from, to: fy.to },
    statement_date: consolidation.statement_date,
    holdings: [...result.holdings, ...unseen].map(withFacts),
    flags,
  };
}

const INCOMPLETE = { code: 'HISTORY_INCOMPLETE', message: 'Some holdings have units whose purchases the statements do not show; their gains are not computed' } as const;

/**
 * A position no statement prints transactions for (a summary or demat statement only): every unit is
 * unseen, so nothing of it is realised or valued here, and it says so.
 */
function withoutHistory(p: Position): HoldingGainsStatus {
  const where = p.folio ? `Folio ${p.folio}` : `Account ${p.account_id ?? ''}`.trim();
  return {
    position_id: p.id,
    folio: p.folio,
    isin: p.isin,
    scheme_name: p.scheme_name,
    units_open: p.units,
    units_unseen: p.units,
    flags: [{ code: 'HISTORY_INCOMPLETE', message: `${where}, ${p.isin}: the statements print no transactions for these units; their gains are not computed` }],
  };
}
