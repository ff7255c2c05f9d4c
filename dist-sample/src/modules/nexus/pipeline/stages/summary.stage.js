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
import { extractionIdentifiers } from '../../../llm/pii-masker.js';
import { PriceTable } from '../../../llm/price-table.js';
import { noHoldingsReason } from '../../../extraction/index.js';
import { PipelineStage, StageFailure } from '../pipeline-stage.js';
const inr = (n) => `INR ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/**
 * The figures as a few plain sentences: the facts every summary must rest on. Totals, allocation and
 * gain count only the holdings whose market value is known; the others are named, and the total says
 * how many it leaves out.
 */
export function portfolioFacts(classification, draft, calc) {
    const holdings = draft.entities.flatMap((e) => e.holdings);
    // Holdings come from a statement class that holds them, or from the model reading an unknown layout;
    // a statement of holdings that yields none says its tables could not be read.
    if (holdings.length === 0)
        return noHoldingsReason(classification);
    const { overall } = calc;
    const a = overall.asset_allocation;
    const valued = holdings.filter((h) => h.market_value !== null);
    const unvalued = holdings.filter((h) => h.market_value === null);
    const asOf = draft.period.to ? ` as of ${draft.period.to}` : '';
    const held = `${draft.entities.length} investor(s) hold ${holdings.length} holding(s)`;
    if (valued.length === 0) {
        return `${held}${asOf}; the value of none of them is known (not read from the statement), so there is no total, allocation or gain. ${unvaluedSentence(unvalued)}`;
    }
    const largest = [...valued].sort((x, y) => y.market_value - x.market_value).slice(0, 3);
    const parts = [
        unvalued.length === 0
            ? `${held} worth ${inr(overall.total_market_value)}${asOf}.`
            : `${held}; the ${valued.length} whose value is known are worth ${inr(overall.total_market_value)}${asOf}. ` +
                `This total leaves out ${unvalued.length} holding(s) whose value is unknown.`,
        `Allocation${unvalued.length ? ' of the known value' : ''}: equity ${a.equity.toFixed(2)}%, debt ${a.debt.toFixed(2)}%, hybrid ${a.hybrid.toFixed(2)}%, other ${a.other.toFixed(2)}%.`,
        `Largest: ${largest.map((h) => `${h.scheme_name} (${inr(h.market_value)})`).join('; ')}.`,
    ];
    if (unvalued.length)
        parts.push(unvaluedSentence(unvalued));
    if (overall.total_cost_value !== null && overall.gain !== null) {
        parts.push(`Cost ${inr(overall.total_cost_value)}, gain ${inr(overall.gain)}${overall.gain_pct !== null ? ` (${overall.gain_pct.toFixed(2)}%)` : ''}.`);
    }
    return parts.join(' ');
}
/** The holdings without a value, by name (at most five, then how many more). */
function unvaluedSentence(unvalued) {
    const named = unvalued.slice(0, 5).map((h) => h.scheme_name || h.isin);
    const more = unvalued.length > named.length ? ` and ${unvalued.length - named.length} more` : '';
    return `Value unknown (not read from the statement): ${named.join('; ')}${more}.`;
}
/** Stage 9: a short written summary through the configured language model; its tokens are costed. */
let SummaryStage = class SummaryStage extends PipelineStage {
    constructor(llm, prices) {
        super();
        this.llm = llm;
        this.prices = prices;
    }
    async run(ctx) {
        const [classification, draft, calc] = await Promise.all([
            ctx.output('classification'),
            ctx.output('enrichment'),
            ctx.output('calculation'),
        ]);
        const facts = portfolioFacts(classification, draft, calc);
        const completion = await this.llm
            .complete([
            { role: 'system', content: 'You summarise Indian investment statements for wealth managers in three sentences, using only the figures given.' },
            { role: 'user', content: facts },
        ], { kind: 'portfolio_summary', text: facts, identifiers: extractionIdentifiers(draft.entities) })
            .catch((error) => {
            throw error instanceof LlmError ? new StageFailure(error.code, error.message, error.retryable) : error;
        });
        return {
            output: { text: completion.text, model: completion.model },
            usage: {
                model: completion.model,
                inputTokens: completion.inputTokens,
                outputTokens: completion.outputTokens,
                costInr: this.prices.cost(completion.model, completion.inputTokens, completion.outputTokens),
            },
        };
    }
};
SummaryStage = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [LlmProvider,
        PriceTable])
], SummaryStage);
export { SummaryStage };
//# sourceMappingURL=summary.stage.js.map