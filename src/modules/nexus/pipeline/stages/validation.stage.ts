import { Injectable } from '@nestjs/common';
import type { ExtractionDraft, Validation } from '../../extraction/types.js';
import { validateExtraction } from '../../extraction/validator.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';

/** Stage 6: the statement checked against itself; failures become flags, never corrections. */
@Injectable()
export class ValidationStage extends PipelineStage<Validation> {
  readonly name = 'validation' as const;

  async run(ctx: StageContext) {
    return { output: validateExtraction(await ctx.output<ExtractionDraft>('extraction')) };
  }
}
