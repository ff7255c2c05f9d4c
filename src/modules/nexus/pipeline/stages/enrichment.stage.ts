import { Injectable } from '@nestjs/common';
import { enrichExtraction } from '../../extraction/enricher.js';
import type { ExtractionDraft } from '../../extraction/types.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';

/** Stage 7: asset class, plan and option, normalised AMC names. */
@Injectable()
export class EnrichmentStage extends PipelineStage<ExtractionDraft> {
  readonly name = 'enrichment' as const;

  async run(ctx: StageContext) {
    return { output: enrichExtraction(await ctx.output<ExtractionDraft>('extraction')) };
  }
}
