import { AppException } from '../../common/errors/app.exception.js';
import { RETRY_AFTER_SECONDS } from '../../common/errors/error-codes.js';
/**
 * Why a model call failed; `retryable` says whether trying again later may succeed. The message
 * names the failure (timeout, HTTP status), never the upstream body or the key. In a request it
 * answers 503 LLM_UNAVAILABLE with Retry-After, or 502 LLM_REQUEST_REJECTED.
 */
export class LlmError extends AppException {
    constructor(code, message, retryable) {
        super(code, message, { message, headers: retryable ? { 'Retry-After': RETRY_AFTER_SECONDS } : {} });
        this.retryable = retryable;
    }
}
/**
 * What the pipeline's summary stage and chat ask of a language model. `local` is Foliodesk's own
 * deterministic engine (no network); `openai` speaks to any OpenAI-compatible endpoint.
 */
export class LlmProvider {
}
//# sourceMappingURL=llm-provider.js.map