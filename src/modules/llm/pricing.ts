export interface ModelPrice {
  /** INR per million input (prompt) tokens. */
  input: number;
  /** INR per million output (completion) tokens. */
  output: number;
}

export type PriceTableEntries = Record<string, ModelPrice>;

/**
 * Default prices, INR per million tokens (input, output) by model. `LLM_PRICE_TABLE` overrides or
 * adds models; unknown models cost 0 and are flagged in the logs.
 */
export const DEFAULT_PRICE_TABLE_INR_PER_MTOK: Readonly<PriceTableEntries> = Object.freeze({
  'foliodesk-local-1': { input: 0, output: 0 },
  'gpt-4o-mini': { input: 12.75, output: 51 },
  'gpt-4o': { input: 212.5, output: 850 },
  'gpt-4.1-mini': { input: 34, output: 136 },
});

/** Cost in INR of a call, to 4 decimals (the precision of `token_usage.cost_inr`). */
export function costInr(price: ModelPrice, inputTokens: number, outputTokens: number): number {
  return Math.round(((inputTokens * price.input + outputTokens * price.output) / 1_000_000) * 10_000) / 10_000;
}

/**
 * Parses `LLM_PRICE_TABLE`: a JSON object `{"<model>": {"input": <INR/Mtok>, "output": <INR/Mtok>}}`.
 * Answers the entries, or every problem found (so the boot message names them all).
 */
export function parsePriceTable(json: string): { entries: PriceTableEntries; problems: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { entries: {}, problems: ['must be a JSON object like {"gpt-4o-mini":{"input":12.75,"output":51}}'] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { entries: {}, problems: ['must be a JSON object of model names to {input, output} prices'] };
  }
  const entries: PriceTableEntries = {};
  const problems: string[] = [];
  for (const [model, value] of Object.entries(parsed)) {
    if (!model.trim()) {
      problems.push('model names must not be empty');
      continue;
    }
    const price = value as Partial<Record<string, unknown>> | null;
    const keys = typeof price === 'object' && price !== null && !Array.isArray(price) ? Object.keys(price) : null;
    const valid = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
    if (!keys || !valid(price?.input) || !valid(price?.output) || keys.some((k) => k !== 'input' && k !== 'output')) {
      problems.push(`"${model}" must be {"input": <INR per million tokens>, "output": <INR per million tokens>}, both numbers ≥ 0`);
      continue;
    }
    entries[model] = { input: price.input, output: price.output };
  }
  return { entries, problems };
}
