import { describe, expect, it } from '@jest/globals';
import { enrichExtraction } from '../../../src/modules/extraction/enricher.js';
import { holdingFlagCost, withEnrichmentFlags } from '../../../src/modules/extraction/enrichment-flags.js';
import type { ExtractionDraft, Validation, ValidationFlag } from '../../../src/modules/extraction/types.js';
import { makeHolding } from '../../support/holding.js';

const flag = (code: ValidationFlag['code'], isin: string | null = 'INF179K01BE2'): ValidationFlag => ({ code, message: code, isin, entity: 'A', page: 1 });
const draftOf = (names: string[]): ExtractionDraft => ({
  classification: 'CAMS_SUMMARY_CAS',
  period: { from: null, to: null },
  stated_total: null,
  currency: 'INR',
  entities: [{ entity_name: 'A', pan: null, stated_total: null, holdings: names.map((n, i) => makeHolding({ scheme_name: n, isin: `INF179K01B${i}0`, units: 1, nav: 1, market_value: 1 })) }],
});
const validation = (confidence_score: number, flags: ValidationFlag[] = []): Validation => ({ flags, checks_run: 10, confidence_score });

describe('enrichment flags beside validation flags', () => {
  it.each([
    { name: 'no flag', flags: [], cost: 0 },
    { name: 'an inferred asset class', flags: [flag('ASSET_CLASS_INFERRED')], cost: 0.1 },
    { name: 'a failed check', flags: [flag('UNITS_NAV_MISMATCH')], cost: 0.5 },
    { name: 'both', flags: [flag('ASSET_CLASS_INFERRED'), flag('TOTAL_MISMATCH')], cost: 0.6 },
  ] as const)('a holding named by $name loses $flags of its confidence', ({ flags, cost }) => {
    expect(holdingFlagCost([...flags])).toBeCloseTo(cost, 10);
  });

  it.each([
    // names: the holdings; inferred: how many of them the name classed; the score before and after
    { names: ['HDFC Liquid Fund', 'HDFC Flexi Cap Fund'], inferred: 2, before: 99.5, after: 97.5 },
    { names: ['HDFC Liquid Fund', 'Acme Prosperity Scheme'], inferred: 1, before: 99.5, after: 98.5 },
    { names: ['Acme Prosperity Scheme'], inferred: 0, before: 99.5, after: 99.5 },
    { names: ['HDFC Liquid Fund'], inferred: 1, before: 1.2, after: 0 },
  ] as const)('$names, $inferred inferred: confidence_score $before → $after, flags after validation\'s', ({ names, inferred, before, after }) => {
    const draft = enrichExtraction(draftOf([...names]));
    const out = withEnrichmentFlags(validation(before, [flag('TOTAL_MISMATCH', null)]), draft);
    expect(out.confidence_score).toBe(after);
    expect(out.flags.map((f) => f.code)).toEqual(['TOTAL_MISMATCH', ...Array(inferred).fill('ASSET_CLASS_INFERRED')]);
    expect(out.checks_run).toBe(10);
  });

  it('leaves a draft stored without enrichment flags (an older run) as validation had it', () => {
    expect(withEnrichmentFlags(validation(88.8), draftOf(['HDFC Liquid Fund']))).toEqual(validation(88.8));
  });
});
