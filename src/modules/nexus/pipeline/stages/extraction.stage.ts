import { Injectable } from '@nestjs/common';
import { LlmError, LlmProvider } from '../../../llm/llm-provider.js';
import { PriceTable } from '../../../llm/price-table.js';
import { extractStatementWithModel } from '../../../extraction/index.js';
import type { ExtractionDraft } from '../../../extraction/index.js';
import { PipelineStage, StageFailure, type StageContext } from '../pipeline-stage.js';

/**
 * Stage 5: investors, holdings and transactions, by the statement family's parser; an unknown layout
 * is read by the configured language model, whose tokens are costed as the summary stage's are.
 */
@Injectable()
export class ExtractionStage extends PipelineStage<ExtractionDraft> {
  constructor(
    private readonly llm: LlmProvider,
    private readonly prices: PriceTable,
  ) {
    super();
  }

  async run(ctx: StageContext<'classification' | 'structuring'>) {
    const [classification, { lines }] = await Promise.all([
      ctx.output('classification'),
      ctx.output('structuring'),
    ]);
    const { draft, completion } = await extractStatementWithModel(lines, classification, this.llm).catch((error: unknown) => {
      throw error instanceof LlmError ? new StageFailure(error.code, error.message, error.retryable) : error;
    });
    if (!completion) return { output: draft };
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
}
