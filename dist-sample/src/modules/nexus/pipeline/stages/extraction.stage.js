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
import { LlmError, LlmProvider } from '../../../llm/llm-provider.js';
import { PriceTable } from '../../../llm/price-table.js';
import { extractStatementWithModel } from '../../../extraction/index.js';
import { PipelineStage, StageFailure } from '../pipeline-stage.js';
/**
 * Stage 5: investors, holdings and transactions, by the statement family's parser; an unknown layout
 * is read by the configured language model, whose tokens are costed as the summary stage's are.
 */
let ExtractionStage = class ExtractionStage extends PipelineStage {
    constructor(llm, prices) {
        super();
        this.llm = llm;
        this.prices = prices;
    }
    async run(ctx) {
        const [classification, { lines }] = await Promise.all([
            ctx.output('classification'),
            ctx.output('structuring'),
        ]);
        const { draft, completion } = await extractStatementWithModel(lines, classification, this.llm).catch((error) => {
            throw error instanceof LlmError ? new StageFailure(error.code, error.message, error.retryable) : error;
        });
        if (!completion)
            return { output: draft };
        return {
            output: draft,
            usage: {
                model: completion.model,
                inputTokens: completion.inputTokens,
                outputTokens: completion.outputTokens,
                costInr: this.prices.cost(completion.model, completion.inputTokens, completion.outputTokens),
            },
        };
    }
};
ExtractionStage = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [LlmProvider,
        PriceTable])
], ExtractionStage);
export { ExtractionStage };
//# sourceMappingURL=extraction.stage.js.map