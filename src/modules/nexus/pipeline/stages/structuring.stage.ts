import { Injectable } from '@nestjs/common';
import { buildLines } from '../../../pdf/index.js';
import type { TextLine } from '../../../extraction/index.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';

export interface StructuringOutput {
  lines: TextLine[];
}

/** Stage 4: positioned text becomes lines with column cells. */
@Injectable()
export class StructuringStage extends PipelineStage<StructuringOutput> {
  async run(ctx: StageContext<'parsing'>) {
    const { pages } = await ctx.output('parsing');
    return { output: { lines: buildLines(pages) } };
  }
}
