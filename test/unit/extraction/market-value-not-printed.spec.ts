import { describe, expect, it } from '@jest/globals';
import type { ExtractionDraft, Holding } from '../../../src/modules/extraction/types.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import { makeHolding } from '../../support/holding.js';

const holding = (over: Partial<Holding> = {}): Holding =>
  makeHolding({
    scheme_name: 'HDFC Flexi Cap Fund - Regular Plan - Growth',
    isin: 'INF179K01608',
    units: 26299.244,
    nav: 42.8653,
    market_value: 1127324.98,
    asset_class: 'Equity',
    folio: '1234567 / 89',
    amc: 'HDFC Mutual Fund',
    plan: 'Regular',
    option: 'Growth',
    page: 2,
    ...over,
  });

const draft = (h: Holding): ExtractionDraft => ({
  classification: 'CAMS_DETAILED_CAS',
  period: { from: '2025-04-01', to: '2025-09-30' },
  entities: [{ entity_name: 'Asha Rao', pan: 'ABCPR1234F', holdings: [h], stated_total: null }],
  stated_total: null,
  currency: 'INR',
});

describe('a market value the statement did not print', () => {
  it('is flagged, never passed off as read', () => {
    const v = validateExtraction(draft(holding({ market_value_source: 'computed' })));
    expect(v.flags).toEqual([expect.objectContaining({ code: 'MARKET_VALUE_NOT_PRINTED', isin: 'INF179K01608', entity: 'Asha Rao', page: 2 })]);
    expect(v.confidence_score).toBeLessThan(validateExtraction(draft(holding())).confidence_score);
  });

  it('raises nothing when the value was printed', () => {
    expect(validateExtraction(draft(holding({ market_value_source: 'printed' }))).flags).toEqual([]);
    expect(validateExtraction(draft(holding())).flags).toEqual([]);
  });
});
