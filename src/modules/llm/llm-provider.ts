import type { KnownIdentifier } from './pii-masker.js';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmCompletion {
  text: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export interface LlmFacts {
  kind: string;
  text: string;
  /**
   * Personal identifiers the caller knows from the document (PANs, folios, demat accounts, …). A
   * provider that sends text out of the service masks them wherever they appear, on top of the
   * patterns it recognises by itself.
   */
  identifiers?: KnownIdentifier[];
}

/** Why a model call failed; `retryable` says whether trying again later may succeed. */
export class LlmError extends Error {
  constructor(
    readonly code: 'LLM_UNAVAILABLE' | 'LLM_REQUEST_REJECTED',
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * What the pipeline's summary stage and chat ask of a language model. `local` is Foliodesk's own
 * deterministic engine (no network); `openai` speaks to any OpenAI-compatible endpoint.
 */
export abstract class LlmProvider {
  abstract readonly name: string;
  /**
   * `facts` is the structured, already-computed material the answer must rest on; the local engine
   * writes from it directly, a model receives it inside the prompt. Fails with an LlmError.
   */
  abstract complete(messages: LlmMessage[], facts: LlmFacts): Promise<LlmCompletion>;
}
