import { Injectable } from '@nestjs/common';
import { extractStatement } from '../../extraction/extractor.js';
import type { Classification, ExtractionDraft } from '../../extraction/types.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';
import type { StructuringOutput } from './structuring.stage.js';

/** Stage 5: investors, holdings and transactions, by the statement family's parser. */
@Injectable()
export class ExtractionStage extends PipelineStage<ExtractionDraft> {
  readonly name = 'extraction' as const;

  async run(ctx: StageContext) {
    const [classification, { lines }] = await Promise.all([
      ctx.output<Classification>('classification'),
      ctx.output<StructuringOutput>('structuring'),
    ]);
    return { output: extractStatement(lines, classification) };
  }
}
