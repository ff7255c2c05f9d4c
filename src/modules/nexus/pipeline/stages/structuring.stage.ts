import { Injectable } from '@nestjs/common';
import { buildLines } from '../../extraction/line-builder.js';
import type { TextLine } from '../../extraction/types.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';
import type { ParsingOutput } from './parsing.stage.js';

export interface StructuringOutput {
  lines: TextLine[];
}

/** Stage 4: positioned text becomes lines with column cells. */
@Injectable()
export class StructuringStage extends PipelineStage<StructuringOutput> {
  readonly name = 'structuring' as const;

  async run(ctx: StageContext) {
    const { pages } = await ctx.output<ParsingOutput>('parsing');
    return { output: { lines: buildLines(pages) } };
  }
}
