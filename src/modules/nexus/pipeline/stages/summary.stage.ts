import { Injectable } from '@nestjs/common';
import { LlmError, LlmProvider } from '../../../llm/llm-provider.js';
import type { KnownIdentifier } from '../../../llm/pii-masker.js';
import { PriceTable } from '../../../llm/price-table.js';
import type { Classification, ExtractionDraft } from '../../extraction/types.js';
import { PipelineStage, StageFailure, type StageContext } from '../pipeline-stage.js';
import type { CalculationOutput } from './calculation.stage.js';

export interface SummaryOutput {
  text: string;
  model: string;
}

const inr = (n: number) => `INR ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The figures as a few plain sentences: the facts every summary must rest on. */
export function portfolioFacts(classification: Classification, draft: ExtractionDraft, calc: CalculationOutput): string {
  const holdings = draft.entities.flatMap((e) => e.holdings);
  // Holdings come from a statement class that holds them, or from the model reading an unknown layout.
  if (holdings.length === 0) {
    return `This document (${classification.code}) is not a statement of holdings; no holdings were extracted.`;
  }
  const { overall } = calc;
  const a = overall.asset_allocation;
  const largest = [...holdings].sort((x, y) => y.market_value - x.market_value).slice(0, 3);
  const parts = [
    `${draft.entities.length} investor(s) hold ${holdings.length} holding(s) worth ${inr(overall.total_market_value)}` +
      (draft.period.to ? ` as of ${draft.period.to}.` : '.'),
    `Allocation: equity ${a.equity.toFixed(2)}%, debt ${a.debt.toFixed(2)}%, hybrid ${a.hybrid.toFixed(2)}%, other ${a.other.toFixed(2)}%.`,
    `Largest: ${largest.map((h) => `${h.scheme_name} (${inr(h.market_value)})`).join('; ')}.`,
  ];
  if (overall.total_cost_value !== null && overall.gain !== null) {
    parts.push(`Cost ${inr(overall.total_cost_value)}, gain ${inr(overall.gain)}${overall.gain_pct !== null ? ` (${overall.gain_pct.toFixed(2)}%)` : ''}.`);
  }
  return parts.join(' ');
}

/** The document's own personal identifiers, for the provider to mask wherever they appear. */
function documentIdentifiers(draft: ExtractionDraft): KnownIdentifier[] {
  const out: KnownIdentifier[] = [];
  for (const e of draft.entities) {
    if (e.pan) out.push({ kind: 'PAN', value: e.pan });
    for (const h of e.holdings) {
      if (h.folio) out.push({ kind: 'FOLIO', value: h.folio });
      if (h.account_id) out.push({ kind: 'DEMAT_ACCOUNT', value: h.account_id });
    }
  }
  return out;
}

/** Stage 9: a short written summary through the configured language model; its tokens are costed. */
@Injectable()
export class SummaryStage extends PipelineStage<SummaryOutput> {
  readonly name = 'summary' as const;

  constructor(
    private readonly llm: LlmProvider,
    private readonly prices: PriceTable,
  ) {
    super();
  }

  async run(ctx: StageContext) {
    const [classification, draft, calc] = await Promise.all([
      ctx.output<Classification>('classification'),
      ctx.output<ExtractionDraft>('enrichment'),
      ctx.output<CalculationOutput>('calculation'),
    ]);
    const facts = portfolioFacts(classification, draft, calc);
    const completion = await this.llm
      .complete(
        [
          { role: 'system', content: 'You summarise Indian investment statements for wealth managers in three sentences, using only the figures given.' },
          { role: 'user', content: facts },
        ],
        { kind: 'portfolio_summary', text: facts, identifiers: documentIdentifiers(draft) },
      )
      .catch((error: unknown) => {
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
}
