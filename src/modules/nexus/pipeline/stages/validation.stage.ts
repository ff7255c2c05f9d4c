import { Injectable } from '@nestjs/common';
import type { Validation } from '../../../extraction/index.js';
import { validateExtraction } from '../../../extraction/index.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';

/** Stage 6: the statement checked against itself; failures become flags, never corrections. */
@Injectable()
export class ValidationStage extends PipelineStage<Validation> {
  async run(ctx: StageContext<'extraction'>) {
    return { output: validateExtraction(await ctx.output('extraction')) };
  }
}
