var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Injectable } from '@nestjs/common';
import { calculatePortfolio, flowsOnce, holdingXirr } from '../../../extraction/index.js';
import { PipelineStage } from '../pipeline-stage.js';
/** The statement's period: opening units are valued at its start, holdings without a NAV date at its end. */
export const periodOptions = (draft) => ({ asOf: draft.period.to, periodFrom: draft.period.from });
/** Stage 8: totals, gains, asset allocation and XIRR per holding, per investor and overall. */
let CalculationStage = class CalculationStage extends PipelineStage {
    async run(ctx) {
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
};
CalculationStage = __decorate([
    Injectable()
], CalculationStage);
export { CalculationStage };
//# sourceMappingURL=calculation.stage.js.map