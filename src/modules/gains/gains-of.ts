/**
 * One investor's gains of a financial year from their consolidation (pure): the scheme facts and the
 * valuation NAV of each position, the engine's result, and each holding's facts beside its status.
 */
import type { Consolidation } from '../portfolio/index.js';
import { computeGains } from './compute/compute-gains.js';
import { holdingsFromConsolidation } from './compute/from-consolidation.js';
import type { FinancialYear } from './financial-year.js';
import type { GainsResult, HoldingGainsStatus } from './gains.types.js';
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

export function gainsOf(consolidation: Consolidation, fy: FinancialYear, lookup: NavLookup | null): InvestorGains {
  const facts = new Map(consolidation.positions.map((p) => [p.id, { scheme: schemeOf(p, lookup), valuation: valuationOf(p, lookup) }]));
  const holdings = holdingsFromConsolidation(
    consolidation,
    (p) => facts.get(p.id)!.scheme,
    (p) => {
      const v = facts.get(p.id)!.valuation;
      return v ? { nav: v.nav, date: v.date } : null;
    },
  );
  const result = computeGains({ holdings }, { fy: fy.fy });
  return {
    ...result,
    period: { from: fy.from, to: fy.to },
    statement_date: consolidation.statement_date,
    holdings: result.holdings.map((h) => {
      const f = facts.get(h.position_id);
      return { ...h, category: f?.scheme.category ?? null, tax_class: f!.scheme.tax_class, valuation: f?.valuation ?? null };
    }),
  };
}
