import { Injectable } from '@nestjs/common';
import { LlmProvider, type LlmCompletion, type LlmFacts, type LlmMessage } from './llm-provider.js';
import { countTokens } from './tokenizer.js';

export const LOCAL_MODEL = 'foliodesk-local-1';

/**
 * The built-in engine: its answer is the facts it was given, already written as prose by the caller,
 * so it is deterministic, needs no network and cannot invent numbers. Token counts are real
 * (cl100k_base) counts of what it read and wrote.
 */
@Injectable()
export class LocalLlmProvider extends LlmProvider {
  readonly name = 'local';

  async complete(messages: LlmMessage[], facts: LlmFacts): Promise<LlmCompletion> {
    const input = messages.map((m) => m.content).join('\n');
    return { text: facts.text, model: LOCAL_MODEL, inputTokens: countTokens(input), outputTokens: countTokens(facts.text) };
  }
}
