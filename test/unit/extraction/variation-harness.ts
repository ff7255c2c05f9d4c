/**
 * Random statements for the property tests: a seed decides the options (investors, grouping,
 * negatives, currency, quirks) and the layout variation, and the chain reads the generator's
 * positioned text directly (no PDF is drawn).
 */
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { enrichExtraction } from '../../../src/modules/extraction/enricher.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import type { Classification, ExtractionDraft } from '../../../src/modules/extraction/types.js';
import { ALL_QUIRKS, DATE_STYLES, generateText, randomVariation, SeededRandom, type GenerateOptions, type Quirks, type StatementFamily, type StatementModel } from '../../fixtures/generator/index.js';

/** Quirks drawn in turn from the options' stream; those added later draw from their own (`laterQuirks`), so each seed keeps the options it had. */
const LATER_QUIRKS: (keyof Quirks)[] = ['dematEtfs'];
const QUIRKS = (Object.keys(ALL_QUIRKS) as (keyof Quirks)[]).filter((q) => !LATER_QUIRKS.includes(q));

/** The options of random statement number `seed`. */
export function randomOptions(seed: number): GenerateOptions {
  const rng = new SeededRandom(seed).fork('options');
  const quirks: Partial<Quirks> = {};
  for (const q of QUIRKS) if (rng.chance(0.3)) quirks[q] = true;
  const later = new SeededRandom(seed).fork('later quirks');
  for (const q of LATER_QUIRKS) if (later.chance(0.3)) quirks[q] = true;
  return {
    seed,
    investors: rng.int(1, 3),
    amcs: rng.int(1, 5),
    folios: rng.int(1, 6),
    transactionsPerScheme: rng.int(0, 8),
    holdingsPerAccount: rng.int(1, 10),
    grouping: rng.pick(['indian', 'western'] as const),
    negative: rng.pick(['parentheses', 'minus'] as const),
    currency: rng.pick(['INR', 'Rs.'] as const),
    quirks,
    layout: randomVariation(seed),
    // Drawn after the rest, so a seed keeps the options above it had before these styles existed.
    ...printStyles(rng),
    // Drawn last, so that the draws above stay as they were.
    unitDecimals: rng.pick([3, 3, 4] as const),
    // From their own stream, so that the options above stay as each seed drew them.
    holders: folioHolders(seed),
  };
}

/**
 * Joint holders and nominees under the folios or accounts (each in about half the statements), a minor
 * with a guardian, investors living abroad, and a statement of one holding pattern (its joint holders
 * in the top block; drawn last, so that the draws above stay as they were).
 */
function folioHolders(seed: number): GenerateOptions['holders'] {
  const rng = new SeededRandom(seed).fork('folio holders');
  return { joint: rng.chance(0.5), nominees: rng.chance(0.5), minor: rng.chance(0.3), nriAddress: rng.chance(0.3), statementJoint: rng.chance(0.3) };
}

/**
 * How figures and dates are printed: grouping (or none), negatives (brackets, a leading or trailing
 * minus, a Dr suffix), and the date styles; the reference styles stay the most frequent.
 */
function printStyles(rng: SeededRandom): Pick<GenerateOptions, 'grouping' | 'negative' | 'transactionDates' | 'dates'> {
  const styles: Pick<GenerateOptions, 'grouping' | 'negative' | 'transactionDates' | 'dates'> = {};
  if (rng.chance(0.25)) styles.grouping = 'none';
  if (rng.chance(0.4)) styles.negative = rng.pick(['trailing-minus', 'cr-dr'] as const);
  if (rng.chance(0.5)) styles.transactionDates = rng.pick(DATE_STYLES);
  if (rng.chance(0.4)) styles.dates = rng.pick(DATE_STYLES);
  return styles;
}

export interface TextRun {
  model: StatementModel;
  classification: Classification;
  draft: ExtractionDraft;
  enriched: ExtractionDraft;
}

export function runText(family: StatementFamily, options: GenerateOptions): TextRun {
  const { model, pages } = generateText(family, options);
  const classification = classifyStatement(pages.slice(0, 3));
  const draft = extractStatement(buildLines(pages), classification);
  return { model, classification, draft, enriched: enrichExtraction(draft) };
}
