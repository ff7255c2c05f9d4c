import { Injectable } from '@nestjs/common';
import { calculatePortfolio, flowsOnce, holdingXirr, type CalculationOptions, type XirrFigure } from '../../../extraction/index.js';
import type { ExtractionDraft, PortfolioFigures } from '../../../extraction/index.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';

export interface CalculationOutput {
  overall: PortfolioFigures;
  entities: PortfolioFigures[];
  /**
   * XIRR of each holding, `holdings[i][j]` for `draft.entities[i].holdings[j]`; absent from outputs
   * saved before it existed (completion then computes it).
   */
  holdings?: XirrFigure[][];
}

/** The statement's period: opening units are valued at its start, holdings without a NAV date at its end. */
export const periodOptions = (draft: ExtractionDraft): CalculationOptions => ({ asOf: draft.period.to, periodFrom: draft.period.from });

/** Stage 8: totals, gains, asset allocation and XIRR per holding, per investor and overall. */
@Injectable()
export class CalculationStage extends PipelineStage<CalculationOutput> {
  async run(ctx: StageContext<'enrichment'>) {
    const draft = await ctx.output('enrichment');
    const options = periodOptions(draft);
    const flowsOf = flowsOnce(options);
    const overall = calculatePortfolio(draft.entities, options, flowsOf);
    return {
      output: {
        overall,
        // A statement of one investor: that investor's figures are the statement's.
        entities: draft.entities.length === 1 ? [overall] : draft.entities.map((e) => calculatePortfolio([e], options, flowsOf)),
        holdings: draft.entities.map((e) => e.holdings.map((h) => holdingXirr(h, options, flowsOf))),
      },
    };
  }
}
