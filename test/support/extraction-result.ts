import { calculatePortfolio } from '../../src/modules/extraction/calculator.js';
import type { ExtractionResult } from '../../src/modules/extraction/result.js';
import type { Entity, StatementClass } from '../../src/modules/extraction/types.js';

export interface StoredResultParts {
  /** Investors as the parsers give them. */
  entities: Entity[];
  period?: ExtractionResult['period'];
  document_type?: StatementClass;
  currency?: string;
}

/**
 * A stored extraction result in the shape the completion stage writes, for tests of its readers:
 * the given investors with their figures (calculatePortfolio), no flags, an empty summary.
 */
export function storedResult({ entities, period = { from: null, to: null }, document_type = 'CAMS_DETAILED_CAS', currency = 'INR' }: StoredResultParts): ExtractionResult {
  const options = { asOf: period.to, periodFrom: period.from };
  return {
    doc_id: '00000000-0000-4000-8000-000000000000',
    document_type,
    classification_confidence: 100,
    holdings_statement: entities.some((e) => e.holdings.length > 0),
    period,
    currency,
    entities: entities.map((e) => {
      const totals = calculatePortfolio([e], options);
      return { entity_name: e.entity_name, pan: e.pan, ...(e.guardian ? { guardian: e.guardian } : {}), holdings: e.holdings, asset_allocation: totals.asset_allocation, totals };
    }),
    totals: calculatePortfolio(entities, options),
    validation: [],
    confidence_score: 100,
    summary: '',
  };
}
