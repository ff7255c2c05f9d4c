var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import { enrichExtraction } from '../../../extraction/index.js';
import { withLatestNavs } from '../../market-data/latest-nav.js';
import { MarketDataService } from '../../market-data/market-data.service.js';
import { PipelineStage } from '../pipeline-stage.js';
/**
 * Stage 7: asset class (with its source), plan and option, normalised AMC names; with market data
 * on, AMFI's category for each ISIN and the latest NAVs. Its `enrichment_flags` (ASSET_CLASS_INFERRED)
 * are reported by completion together with validation's flags.
 */
let EnrichmentStage = class EnrichmentStage extends PipelineStage {
    constructor(marketData) {
        super();
        this.marketData = marketData;
    }
    async run(ctx) {
        const [draft, lookup] = await Promise.all([ctx.output('extraction'), this.marketData.lookup()]);
        const enriched = enrichExtraction(draft, lookup ? { amfiCategory: (isin) => lookup(isin)?.category } : { marketDataUnavailable: this.marketData.enabled });
        if (!lookup)
            return { output: enriched };
        return { output: { ...withLatestNavs(enriched, lookup).draft, enrichment_flags: enriched.enrichment_flags } };
    }
};
EnrichmentStage = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [MarketDataService])
], EnrichmentStage);
export { EnrichmentStage };
//# sourceMappingURL=enrichment.stage.js.map