import { Injectable } from '@nestjs/common';
import { enrichExtraction, type EnrichedDraft } from '../../../extraction/index.js';
import { withLatestNavs } from '../../market-data/latest-nav.js';
import { MarketDataService } from '../../market-data/market-data.service.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';

/**
 * Stage 7: asset class (with its source), plan and option, normalised AMC names; with market data
 * on, AMFI's category for each ISIN and the latest NAVs. Its `enrichment_flags` (ASSET_CLASS_INFERRED)
 * are reported by completion together with validation's flags.
 */
@Injectable()
export class EnrichmentStage extends PipelineStage<EnrichedDraft> {
  constructor(private readonly marketData: MarketDataService) {
    super();
  }

  async run(ctx: StageContext<'extraction'>) {
    const [draft, lookup] = await Promise.all([ctx.output('extraction'), this.marketData.lookup()]);
    const enriched = enrichExtraction(draft, lookup ? { amfiCategory: (isin) => lookup(isin)?.category } : { marketDataUnavailable: this.marketData.enabled });
    if (!lookup) return { output: enriched };
    return { output: { ...withLatestNavs(enriched, lookup).draft, enrichment_flags: enriched.enrichment_flags } };
  }
}
