import { Injectable } from '@nestjs/common';
import { calculatePortfolio } from '../../extraction/calculator.js';
import type { ExtractionDraft, PortfolioFigures } from '../../extraction/types.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';

export interface CalculationOutput {
  overall: PortfolioFigures;
  entities: PortfolioFigures[];
}

/** Stage 8: totals, gains and asset allocation per investor and overall. */
@Injectable()
export class CalculationStage extends PipelineStage<CalculationOutput> {
  readonly name = 'calculation' as const;

  async run(ctx: StageContext) {
    const draft = await ctx.output<ExtractionDraft>('enrichment');
    return { output: { overall: calculatePortfolio(draft.entities), entities: draft.entities.map((e) => calculatePortfolio([e])) } };
  }
}
