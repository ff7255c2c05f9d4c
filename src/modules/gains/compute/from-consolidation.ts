import type { Consolidation, Position } from '../../portfolio/index.js';
import type { DatedNav, GainsHolding, GainsScheme } from '../gains.types.js';

/**
 * The gains input of a consolidation: one holding per position that has transactions, its merged
 * history, its opening balance (the rebuilt balance less the transactions' units) and its gaps.
 * `schemeOf` gives each position's scheme facts (category, tax class); `valuationOf` the NAV its
 * unrealised gains are valued at (the position's own NAV and date when absent).
 */
export function holdingsFromConsolidation(
  consolidation: Consolidation,
  schemeOf: (position: Position) => GainsScheme,
  valuationOf?: (position: Position) => DatedNav | null,
): GainsHolding[] {
  void consolidation;
  void schemeOf;
  void valuationOf;
  throw new Error('holdingsFromConsolidation: not implemented yet');
}
