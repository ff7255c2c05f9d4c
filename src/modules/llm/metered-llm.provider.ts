import type { OperationsMetrics } from '../metrics/operations-metrics.js';
import { LlmProvider, type LlmCompletion, type LlmFacts, type LlmMessage } from './llm-provider.js';
import type { PriceTable } from './price-table.js';

/**
 * The chosen provider, counted: each answer adds its tokens, and its cost when the price table
 * knows the model, to the operator's metrics (by provider and model, never by tenant).
 */
export class MeteredLlmProvider extends LlmProvider {
  readonly name: string;

  constructor(
    private readonly inner: LlmProvider,
    private readonly prices: PriceTable,
    private readonly metrics: OperationsMetrics,
  ) {
    super();
    this.name = inner.name;
  }

  async complete(messages: LlmMessage[], facts: LlmFacts): Promise<LlmCompletion> {
    const answer = await this.inner.complete(messages, facts);
    const cost = this.prices.price(answer.model) ? this.prices.cost(answer.model, answer.inputTokens, answer.outputTokens) : null;
    this.metrics.modelUsed(this.name, answer.model, answer.inputTokens, answer.outputTokens, cost);
    return answer;
  }
}
