var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Injectable } from '@nestjs/common';
import { PipelineStage } from '../pipeline-stage.js';
import { holdingFlagCost, withEnrichmentFlags } from '../../../extraction/index.js';
import { holdingXirr, totalsIncompleteFlags } from '../../../extraction/index.js';
import { periodOptions } from './calculation.stage.js';
const round2 = (n) => Math.round(n * 100) / 100;
/** Stage 10: the extraction result as clients read it, assembled from every earlier stage. */
let CompletionStage = class CompletionStage extends PipelineStage {
    async run(ctx) {
        const [classification, pageCount, draft, validation, calc, summary] = await Promise.all([
            ctx.output('classification'),
            ctx.outputKey('parsing', 'page_count'),
            ctx.output('enrichment'),
            ctx.output('validation'),
            ctx.output('calculation'),
            ctx.output('summary'),
        ]);
        // Validation's flags and score, with enrichment's flags (an inferred asset class) and their cost.
        const checked = withEnrichmentFlags(validation, draft);
        const entities = draft.entities.map((e, i) => ({
            entity_name: e.entity_name,
            pan: e.pan,
            ...(e.guardian ? { guardian: e.guardian } : {}),
            // Each holding with its XIRR (`xirr`, `xirr_reason`) beside the figures it was read with.
            holdings: e.holdings.map((h, j) => Object.assign({}, h, calc.holdings?.[i]?.[j] ?? holdingXirr(h, periodOptions(draft)))),
            asset_allocation: calc.entities[i]?.asset_allocation ?? { equity: 0, debt: 0, hybrid: 0, other: 0 },
            totals: calc.entities[i] ?? null,
        }));
        const holdings = draft.entities.flatMap((e) => e.holdings);
        // Per-holding confidence: full for a holding with no flag, reduced for each flag that names it.
        const perHolding = holdings.map((h) => Math.max(0, 1 - holdingFlagCost(checked.flags.filter((f) => f.isin === h.isin))));
        const confidence = {
            average: perHolding.length ? round2((perHolding.reduce((a, b) => a + b, 0) / perHolding.length) * (classification.confidence / 100)) : round2(classification.confidence / 100),
            minimum: perHolding.length ? round2(Math.min(...perHolding) * (classification.confidence / 100)) : round2(classification.confidence / 100),
        };
        const result = {
            doc_id: ctx.document.id,
            document_type: classification.code,
            classification_confidence: classification.confidence,
            // An unknown layout the model read holdings from is a statement of holdings too.
            holdings_statement: classification.holdings_statement || holdings.length > 0,
            period: draft.period,
            currency: draft.currency,
            entities,
            totals: calc.overall,
            validation: [...checked.flags, ...totalsIncompleteFlags(draft.entities)],
            confidence_score: checked.confidence_score,
            summary: summary.text,
        };
        return {
            output: {
                result,
                document_type: classification.code,
                pages: pageCount ?? (await ctx.output('parsing')).pages.length,
                holdings_count: holdings.length,
                total_aum: round2(calc.overall.total_market_value),
                currency: draft.currency,
                confidence_score: checked.confidence_score,
                confidence,
            },
        };
    }
};
CompletionStage = __decorate([
    Injectable()
], CompletionStage);
export { CompletionStage };
//# sourceMappingURL=completion.stage.js.map