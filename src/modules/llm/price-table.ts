import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { costInr, DEFAULT_PRICE_TABLE_INR_PER_MTOK, type ModelPrice, type PriceTableEntries } from './pricing.js';

/** A dated snapshot name ("gpt-4o-mini-2024-07-18") is priced as its model ("gpt-4o-mini"). */
const SNAPSHOT_SUFFIX = /-\d{4}-\d{2}-\d{2}$/;

/**
 * The prices usage rows are costed with: the defaults of pricing.ts, overridden and extended by
 * `LLM_PRICE_TABLE`. A model without a price costs 0 and is logged once, so it gets noticed.
 */
@Injectable()
export class PriceTable {
  private readonly entries: PriceTableEntries;
  private readonly unpriced = new Set<string>();

  constructor(config: AppConfig, @Optional() @Inject(LOGGER) private readonly logger?: Logger) {
    this.entries = { ...DEFAULT_PRICE_TABLE_INR_PER_MTOK, ...config.llm.priceTable };
  }

  price(model: string): ModelPrice | null {
    return this.entries[model] ?? this.entries[model.replace(SNAPSHOT_SUFFIX, '')] ?? null;
  }

  /** Cost in INR of the provider's token counts for a model. */
  cost(model: string, inputTokens: number, outputTokens: number): number {
    const price = this.price(model);
    if (!price) {
      if (!this.unpriced.has(model)) {
        this.unpriced.add(model);
        this.logger?.warn({ model }, 'no price for this model in the price table (LLM_PRICE_TABLE); its usage is costed at 0');
      }
      return 0;
    }
    return costInr(price, inputTokens, outputTokens);
  }
}
