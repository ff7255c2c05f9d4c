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

/**
 * What the pipeline's summary stage and chat ask of a language model. `local` is Foliodesk's own
 * deterministic engine (no network); `openai` speaks to any OpenAI-compatible endpoint.
 */
export abstract class LlmProvider {
  abstract readonly name: string;
  /**
   * `facts` is the structured, already-computed material the answer must rest on; the local engine
   * writes from it directly, a model receives it inside the prompt.
   */
  abstract complete(messages: LlmMessage[], facts: { kind: string; text: string }): Promise<LlmCompletion>;
}
