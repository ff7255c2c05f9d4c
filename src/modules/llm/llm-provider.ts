import { AppException } from '../../common/errors/app.exception.js';
import { RETRY_AFTER_SECONDS } from '../../common/errors/error-codes.js';
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

/**
 * Why a model call failed; `retryable` says whether trying again later may succeed. The message
 * names the failure (timeout, HTTP status), never the upstream body or the key. In a request it
 * answers 503 LLM_UNAVAILABLE with Retry-After, or 502 LLM_REQUEST_REJECTED.
 */
export class LlmError extends AppException {
  declare readonly code: 'LLM_UNAVAILABLE' | 'LLM_REQUEST_REJECTED';

  constructor(
    code: 'LLM_UNAVAILABLE' | 'LLM_REQUEST_REJECTED',
    message: string,
    readonly retryable: boolean,
  ) {
    super(code, message, { message, headers: retryable ? { 'Retry-After': RETRY_AFTER_SECONDS } : {} });
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
