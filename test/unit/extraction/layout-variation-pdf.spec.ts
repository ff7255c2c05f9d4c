/**
 * Random layout variants through real PDFs: the smaller set beside layout-variation.spec.ts. For every
 * holdings family a few seeded variants are drawn with pdfkit (every other one encrypted with the
 * family's usual password), read back with pdf.js and must read exactly, with no validation flag.
 * The first few of them also check the fast path that the property test relies on: the generator's
 * positioned text (`generateText`) makes the same lines as the drawn PDF.
 * `FOLIODESK_PDF_VARIANTS` sets how many per family (default 8) and `FOLIODESK_SAME_LINES` how many of
 * them compare lines (default 3); a failure prints its seed, `FOLIODESK_VARIANT_BASE` replays a set and
 * `FOLIODESK_VARIANT_SEED` one variant.
 */
import { describe, expect, it } from '@jest/globals';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { calculatePortfolio } from '../../../src/modules/extraction/calculator.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import type { TextLine } from '../../../src/modules/extraction/types.js';
import { generateText, STATEMENT_FAMILIES, type GenerateOptions, type StatementFamily } from '../../fixtures/generator/index.js';
import { compareWithModel, FAMILY_CLASS, runPdfChain, type PdfRun } from './harness.js';
import { randomOptions } from './variation-harness.js';
import { runSeed } from '../../support/run-seed.js';

const FAMILIES = STATEMENT_FAMILIES.filter((f) => f !== 'bank_statement');
const COUNT = Number(process.env.FOLIODESK_PDF_VARIANTS ?? 8);
/** How many of each family's variants also compare the generator's text with the drawn PDF's. */
const SAME_LINES = Number(process.env.FOLIODESK_SAME_LINES ?? 3);
const BASE = runSeed('layout-variation-pdf', process.env.FOLIODESK_VARIANT_BASE);
const seeds = process.env.FOLIODESK_VARIANT_SEED ? [Number(process.env.FOLIODESK_VARIANT_SEED)] : Array.from({ length: COUNT }, (_, i) => BASE + i);

/** Positions closer than this (points) are the same position. */
const X_TOLERANCE = 0.5;

/** The property test's options, every other variant encrypted and every fourth printing ₹ (drawn in an embedded font). */
const optionsOf = (seed: number): GenerateOptions => ({ ...randomOptions(seed), encrypt: seed % 2 === 0, ...(seed % 4 === 1 ? { currency: '₹' as const } : {}) });

const rendered = new Map<string, Promise<PdfRun>>();
/** Each variant is drawn and read once, for both tests. */
const render = (family: StatementFamily, seed: number): Promise<PdfRun> => {
  const key = `${family}:${seed}`;
  if (!rendered.has(key)) rendered.set(key, runPdfChain(family, optionsOf(seed)));
  return rendered.get(key)!;
};

/** Every difference between two line lists (page, baseline, text, each cell's text and left and right edges), one entry each. */
function lineDifferences(text: TextLine[], pdf: TextLine[]): string[] {
  const diffs: string[] = [];
  const show = (l: TextLine | undefined) => (l ? `p${l.page} y${l.y} "${l.text}" [${l.cells.map((c) => `${c.x}-${c.x_end}:${c.text}`).join(' | ')}]` : '(none)');
  for (let i = 0; i < Math.max(text.length, pdf.length); i++) {
    const a = text[i];
    const b = pdf[i];
    const same =
      a &&
      b &&
      a.page === b.page &&
      Math.abs(a.y - b.y) <= X_TOLERANCE &&
      a.text === b.text &&
      a.cells.length === b.cells.length &&
      a.cells.every((c, k) => c.text === b.cells[k].text && Math.abs(c.x - b.cells[k].x) <= X_TOLERANCE && Math.abs((c.x_end ?? c.x) - (b.cells[k].x_end ?? b.cells[k].x)) <= X_TOLERANCE);
    if (!same) diffs.push(`line ${i}: text path ${show(a)} / pdf ${show(b)}`);
  }
  return diffs;
}

describe.each(FAMILIES)('%s: random layout variants as rendered PDFs', (family) => {
  it(`${seeds.length} variants from seed ${seeds[0]} (even seeds encrypted, every fourth in ₹) read exactly`, async () => {
    const failures: string[] = [];
    for (const seed of seeds) {
      const run = await render(family, seed);
      const { model } = run.statement;
      const problems: string[] = [];
      if ((model.password !== null) !== (seed % 2 === 0)) problems.push(`password ${model.password}`);
      if (run.classification.code !== FAMILY_CLASS[family]) problems.push(`classified ${run.classification.code}`);
      problems.push(...compareWithModel(model, run.enriched));
      problems.push(...validateExtraction(run.draft).flags.map((f) => `flag ${f.code}: ${f.message}`));
      const figures = calculatePortfolio(run.enriched.entities);
      if (Math.round(figures.total_market_value * 100) !== Math.round(model.totals.market_value * 100)) problems.push(`total ${figures.total_market_value} != ${model.totals.market_value}`);
      if (problems.length) failures.push(`seed ${seed} (FOLIODESK_VARIANT_SEED=${seed}): ${problems.slice(0, 6).join(' | ')}`);
    }
    expect(failures).toEqual([]);
  });

  it(`the generator's positioned text gives the drawn PDF's lines (first ${Math.min(SAME_LINES, seeds.length)} variants)`, async () => {
    const failures: string[] = [];
    for (const seed of seeds.slice(0, SAME_LINES)) {
      const run = await render(family, seed);
      const diffs = lineDifferences(buildLines(generateText(family, optionsOf(seed)).pages), run.lines);
      if (diffs.length) failures.push(`seed ${seed} (FOLIODESK_VARIANT_SEED=${seed}): ${diffs.length} lines differ: ${diffs.slice(0, 4).join(' || ')}`);
    }
    expect(failures).toEqual([]);
  });
});
