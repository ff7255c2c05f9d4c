import { Global, Module } from '@nestjs/common';
import { LlmProvider } from './llm-provider.js';
import { LocalLlmProvider } from './local-llm.provider.js';

@Global()
@Module({ providers: [{ provide: LlmProvider, useClass: LocalLlmProvider }], exports: [LlmProvider] })
export class LlmModule {}
