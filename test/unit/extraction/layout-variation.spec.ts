/**
 * Statements the parsers have never seen: for every family, several hundred random layout variants
 * (page breaks after any row, headers repeated or not, continuation lines, names wrapped at any word
 * boundary and aligned top, middle or bottom, label spelling, grouping, negatives, quirks anywhere)
 * must read exactly — every field against the generator's truth — with no validation flag.
 * `FOLIODESK_VARIANTS` sets how many per family (default 300); a failure prints its seed, and
 * `FOLIODESK_VARIANT_SEED` replays one.
 */
import { describe, expect, it } from '@jest/globals';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import { calculatePortfolio } from '../../../src/modules/extraction/calculator.js';
import type { StatementFamily } from '../../fixtures/generator/index.js';
import { compareWithModel, FAMILY_CLASS } from './harness.js';
import { randomOptions, runText } from './variation-harness.js';
import { runSeed } from '../../support/run-seed.js';

const FAMILIES: StatementFamily[] = ['cams_detailed', 'cams_summary', 'kfintech_detailed', 'kfintech_summary', 'nsdl_cas', 'cdsl_cas'];
const COUNT = Number(process.env.FOLIODESK_VARIANTS ?? 300);
const BASE = runSeed('layout-variation', process.env.FOLIODESK_VARIANT_BASE);
const seeds = process.env.FOLIODESK_VARIANT_SEED ? [Number(process.env.FOLIODESK_VARIANT_SEED)] : Array.from({ length: COUNT }, (_, i) => BASE + i);

describe.each(FAMILIES)('%s: random layout variants', (family) => {
  it(`${seeds.length} variants from seed ${seeds[0]} read exactly`, () => {
    const failures: string[] = [];
    for (const seed of seeds) {
      const run = runText(family, randomOptions(seed));
      const problems: string[] = [];
      if (run.classification.code !== FAMILY_CLASS[family]) problems.push(`classified ${run.classification.code}`);
      problems.push(...compareWithModel(run.model, run.enriched));
      problems.push(...validateExtraction(run.draft).flags.map((f) => `flag ${f.code}: ${f.message}`));
      const figures = calculatePortfolio(run.enriched.entities);
      if (Math.round(figures.total_market_value * 100) !== Math.round(run.model.totals.market_value * 100)) problems.push(`total ${figures.total_market_value} != ${run.model.totals.market_value}`);
      // A category the statement prints decides the asset class (compareWithModel checks the class itself).
      const printsCategory = (family === 'cams_summary' || family === 'kfintech_summary') && Boolean(run.model.layout?.printedCategory);
      const sources = run.enriched.entities.flatMap((e) => e.holdings.map((h) => h.asset_class_source));
      if (printsCategory !== sources.every((s) => s === 'statement')) problems.push(`asset class sources ${[...new Set(sources)].join(',')} (category printed: ${printsCategory})`);
      if (problems.length) failures.push(`seed ${seed} (FOLIODESK_VARIANT_SEED=${seed}): ${problems.slice(0, 6).join(' | ')}`);
      if (failures.length >= 5) break;
    }
    expect(failures).toEqual([]);
  });
});
