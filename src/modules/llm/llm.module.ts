import { Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { LlmProvider } from './llm-provider.js';
import { LocalLlmProvider } from './local-llm.provider.js';
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
      inject: [AppConfig, PiiMasker, LOGGER],
      useFactory: (config: AppConfig, masker: PiiMasker, logger: Logger): LlmProvider =>
        config.llm.provider === 'openai' ? new OpenAiLlmProvider(config, masker, logger) : new LocalLlmProvider(),
    },
  ],
  exports: [LlmProvider, PriceTable, PiiMasker],
})
export class LlmModule {}
