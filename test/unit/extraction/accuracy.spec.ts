/**
 * A seeded matrix of generated statements with mixed options (investors, grouping, negatives,
 * currency prefixes, quirk pairs or all quirks, multi-page documents): every holding, transaction,
 * investor and total must come out exactly, with no validation flag. The parsers are fed the
 * statements' text lines; reading drawn and encrypted PDFs is roundtrip.spec.ts's and
 * layout-variation-pdf.spec.ts's subject.
 */
import { describe, expect, it } from '@jest/globals';
import { calculatePortfolio } from '../../../src/modules/extraction/calculator.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import { ALL_QUIRKS, STATEMENT_FAMILIES, type GenerateOptions, type Quirks } from '../../fixtures/generator/index.js';
import { compareWithModel, FAMILY_CLASS, runChain } from './harness.js';

const QUIRKS = Object.keys(ALL_QUIRKS) as (keyof Quirks)[];
const SEEDS = [21, 22, 23, 24, 25, 26];

function optionsFor(seed: number): GenerateOptions {
  return {
    seed,
    investors: 1 + (seed % 3),
    grouping: seed % 2 ? 'indian' : 'western',
    negative: seed % 4 < 2 ? 'parentheses' : 'minus',
    currency: (['INR', 'Rs.', '₹'] as const)[seed % 3],
    quirks: seed % 5 === 0 ? ALL_QUIRKS : { [QUIRKS[seed % QUIRKS.length]]: true, [QUIRKS[(seed * 7) % QUIRKS.length]]: true },
    pages: seed % 6 === 0 ? 8 : undefined,
  };
}

describe.each(STATEMENT_FAMILIES)('%s accuracy matrix', (family) => {
  it.each(SEEDS)('seed %i', (seed) => {
    const run = runChain(family, optionsFor(seed));
    expect(run.classification.code).toBe(FAMILY_CLASS[family]);
    expect(compareWithModel(run.model, run.enriched)).toEqual([]);
    expect(validateExtraction(run.draft).flags).toEqual([]);
    const figures = calculatePortfolio(run.enriched.entities);
    expect(Math.round(figures.total_market_value * 100)).toBe(Math.round(run.model.totals.market_value * 100));
    const allocation = figures.asset_allocation;
    const sum = Math.round((allocation.equity + allocation.debt + allocation.hybrid + allocation.other) * 100);
    expect(sum).toBe(run.model.holdings.some((h) => h.market_value > 0) ? 10000 : 0);
  });
});
