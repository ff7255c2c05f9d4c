import { Injectable } from '@nestjs/common';
import { enrichExtraction } from '../../extraction/enricher.js';
import type { ExtractionDraft } from '../../extraction/types.js';
import { MarketDataService } from '../../market-data/market-data.service.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';

/** Stage 7: asset class, plan and option, normalised AMC names; latest NAVs when market data is on. */
@Injectable()
export class EnrichmentStage extends PipelineStage<ExtractionDraft> {
  readonly name = 'enrichment' as const;

  constructor(private readonly marketData: MarketDataService) {
    super();
  }

  async run(ctx: StageContext) {
    const enriched = enrichExtraction(await ctx.output<ExtractionDraft>('extraction'));
    return { output: await this.marketData.addLatestNavs(enriched) };
  }
}
