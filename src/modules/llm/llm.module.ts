import { Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { OperationsMetrics } from '../metrics/operations-metrics.js';
import { LlmProvider } from './llm-provider.js';
import { LocalLlmProvider } from './local-llm.provider.js';
import { MeteredLlmProvider } from './metered-llm.provider.js';
import { OpenAiLlmProvider } from './openai-llm.provider.js';
import { PiiMasker } from './pii-masker.js';
import { PriceTable } from './price-table.js';

/** The language model chosen by `LLM_PROVIDER` (`local` or `openai`) and the price table its usage is costed with. */
@Global()
@Module({
  providers: [
    PiiMasker,
    PriceTable,
    {
      provide: LlmProvider,
      inject: [AppConfig, PiiMasker, PriceTable, OperationsMetrics, LOGGER],
      useFactory: (config: AppConfig, masker: PiiMasker, prices: PriceTable, metrics: OperationsMetrics, logger: Logger): LlmProvider =>
        new MeteredLlmProvider(config.llm.provider === 'openai' ? new OpenAiLlmProvider(config, masker, logger) : new LocalLlmProvider(), prices, metrics),
    },
  ],
  exports: [LlmProvider, PriceTable, PiiMasker],
})
export class LlmModule {}
