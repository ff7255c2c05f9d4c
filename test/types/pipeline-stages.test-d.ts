/**
 * Compile-time checks of the typed pipeline, run by `npm run typecheck` (never executed): every
 * `@ts-expect-error` line must fail to compile, or the typecheck fails ("unused directive").
 */
import type { EnrichedDraft } from '../../src/modules/extraction/enricher.js';
import type { Classification, ExtractionDraft } from '../../src/modules/extraction/types.js';
import { PipelineStage, StageFailure, type StageContext } from '../../src/modules/nexus/pipeline/pipeline-stage.js';
import type { FinalOutput, StageName, StageOutputs } from '../../src/modules/nexus/pipeline/stage-registry.js';
import type { CalculationOutput } from '../../src/modules/nexus/pipeline/stages/calculation.stage.js';
import type { CompletionOutput } from '../../src/modules/nexus/pipeline/stages/completion.stage.js';
import type { UploadOutput } from '../../src/modules/nexus/pipeline/stages/upload.stage.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const equal = <A, B>(proof: Equal<A, B>) => proof;

// Each stage's output type comes from its class, by name, through the registry.
equal<StageOutputs['enrichment'], EnrichedDraft>(true);
equal<StageOutputs['calculation'], CalculationOutput>(true);
equal<StageOutputs['classification'], Classification>(true);
equal<FinalOutput, CompletionOutput>(true);
// @ts-expect-error enrichment produces an enriched draft, not the bare extraction draft
equal<StageOutputs['enrichment'], ExtractionDraft>(true);
// @ts-expect-error there is no such stage
type _NoSuchStage = StageOutputs['ocr'];

export async function reads(ctx: StageContext<'enrichment' | 'parsing'>) {
  // Read without a type argument: the type is the stage's declared output.
  const draft: EnrichedDraft = await ctx.output('enrichment');
  const pages: number | undefined = await ctx.outputKey('parsing', 'page_count');

  // @ts-expect-error reading a stage's output as another type does not compile
  const wrong: CalculationOutput = await ctx.output('enrichment');
  // @ts-expect-error a stage reads only the stages it declares
  await ctx.output('calculation');
  // @ts-expect-error a key its output does not have
  await ctx.outputKey('parsing', 'pages_count');
  // @ts-expect-error `page_count` is a number (or absent), not a string
  const count: string = await ctx.outputKey('parsing', 'page_count');
  // @ts-expect-error the old stringly form is gone: no type argument restates the output
  await ctx.output<CalculationOutput>('enrichment');
  return { draft, pages, wrong, count };
}

export class ReadsNothing extends PipelineStage<UploadOutput> {
  async run(ctx: StageContext) {
    // @ts-expect-error a stage that declares no reads reads nothing
    await ctx.output('upload');
    return { output: { sha256: 'ab', size_bytes: 2 } };
  }
}

export class ProducesTheWrongShape extends PipelineStage<UploadOutput> {
  // @ts-expect-error the output must be what the stage declares
  async run() {
    return { output: { sha256: 'ab', size: 2 } };
  }
}

export const failures = [
  new StageFailure('NO_TEXT_LAYER', 'no text'),
  // @ts-expect-error a failure's code comes from the catalogue's pipeline failure codes
  new StageFailure('NO_TEXT', 'no text'),
  // @ts-expect-error a catalogue code that is not a pipeline failure
  new StageFailure('NOT_FOUND', 'gone'),
];

export const stage: StageName = 'summary';
// @ts-expect-error stage names come from the registry
export const unknownStage: StageName = 'ocr';
