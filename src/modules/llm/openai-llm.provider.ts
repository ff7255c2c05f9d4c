import { Inject, Injectable } from '@nestjs/common';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { LlmError, LlmProvider, type LlmCompletion, type LlmFacts, type LlmMessage } from './llm-provider.js';
import { PiiMasker } from './pii-masker.js';
import { countTokens } from './tokenizer.js';

/** HTTP statuses after which the same request may succeed later (overload, rate limit, outage). */
const TRANSIENT = new Set([408, 409, 425, 429]);

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style gateways, vLLM, Ollama, …),
 * through the official `openai` client. Personal identifiers are masked before a message leaves the
 * service and put back in the answer; token counts are the provider's own `usage`. The client
 * retries transient failures itself (`LLM_MAX_RETRIES`, each attempt limited by `LLM_TIMEOUT_MS`);
 * what still fails becomes an LlmError.
 */
@Injectable()
export class OpenAiLlmProvider extends LlmProvider {
  readonly name = 'openai';
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly timeoutMs: number;

  constructor(
    config: AppConfig,
    private readonly masker: PiiMasker,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    const { openaiBaseUrl, openaiApiKey, model, timeoutMs, maxRetries } = config.llm;
    this.model = model;
    this.timeoutMs = timeoutMs;
    // Every option is given explicitly so the client reads nothing from process.env; without a key
    // (a local server that needs none) no Authorization header is sent.
    this.client = new OpenAI({
      baseURL: openaiBaseUrl,
      apiKey: openaiApiKey ?? 'unused',
      defaultHeaders: openaiApiKey ? undefined : { Authorization: null },
      organization: null,
      project: null,
      adminAPIKey: null,
      webhookSecret: null,
      timeout: timeoutMs,
      maxRetries,
      logLevel: 'off',
    });
  }

  async complete(messages: LlmMessage[], facts: LlmFacts): Promise<LlmCompletion> {
    const masking = this.masker.session(facts.identifiers);
    const outbound = messages.map((m) => ({ role: m.role, content: masking.mask(m.content) }));
    let response: OpenAI.Chat.ChatCompletion;
    try {
      response = await this.client.chat.completions.create({ model: this.model, messages: outbound });
    } catch (error) {
      throw this.toLlmError(error);
    }
    const text = response.choices[0]?.message?.content?.trim();
    if (!text) throw new LlmError('LLM_UNAVAILABLE', 'The language model answered without any text', true);
    const model = response.model || this.model;
    if (!response.usage) {
      // Some compatible servers omit usage; count what was sent and received rather than record 0.
      this.logger.warn({ model }, 'the LLM response carries no usage; tokens counted locally (cl100k_base)');
    }
    return {
      text: masking.unmask(text),
      model,
      inputTokens: response.usage?.prompt_tokens ?? countTokens(outbound.map((m) => m.content).join('\n')),
      outputTokens: response.usage?.completion_tokens ?? countTokens(text),
    };
  }

  private toLlmError(error: unknown): unknown {
    if (!(error instanceof APIError)) return error;
    // Upstream messages are logged, not passed on: they may quote the request or name the endpoint.
    this.logger.warn({ status: error.status ?? null, type: error.constructor.name, requestId: error.requestID ?? null, err: error.message }, 'LLM request failed');
    if (error instanceof APIConnectionTimeoutError) {
      return new LlmError('LLM_UNAVAILABLE', `The language model did not answer within ${this.timeoutMs} ms`, true);
    }
    if (error instanceof APIConnectionError || error.status === undefined) {
      return new LlmError('LLM_UNAVAILABLE', 'The language model could not be reached', true);
    }
    if (TRANSIENT.has(error.status) || error.status >= 500) {
      return new LlmError('LLM_UNAVAILABLE', `The language model is unavailable (HTTP ${error.status}); try again later`, true);
    }
    if (error.status === 401 || error.status === 403) {
      this.logger.error({ status: error.status }, 'the LLM endpoint refused the credentials: check OPENAI_API_KEY');
      return new LlmError('LLM_REQUEST_REJECTED', `The language model refused the service's credentials (HTTP ${error.status})`, false);
    }
    this.logger.error({ status: error.status, model: this.model }, 'the LLM endpoint rejected the request: check LLM_MODEL and OPENAI_BASE_URL');
    return new LlmError('LLM_REQUEST_REJECTED', `The language model rejected the request (HTTP ${error.status})`, false);
  }
}
