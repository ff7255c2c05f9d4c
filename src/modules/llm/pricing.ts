/** INR per million tokens (input, output) by model; unknown models cost 0 and are flagged in logs. */
export const PRICE_TABLE_INR_PER_MTOK: Record<string, { input: number; output: number }> = {
  'foliodesk-local-1': { input: 0, output: 0 },
  'gpt-4o-mini': { input: 12.75, output: 51 },
  'gpt-4o': { input: 212.5, output: 850 },
  'gpt-4.1-mini': { input: 34, output: 136 },
};

export function costInr(model: string, inputTokens: number, outputTokens: number): number {
  const price = PRICE_TABLE_INR_PER_MTOK[model] ?? { input: 0, output: 0 };
  return Math.round(((inputTokens * price.input + outputTokens * price.output) / 1_000_000) * 10_000) / 10_000;
}
