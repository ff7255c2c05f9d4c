/**
 * Default prices, INR per million tokens (input, output) by model. `LLM_PRICE_TABLE` overrides or
 * adds models; unknown models cost 0 and are flagged in the logs.
 */
export const DEFAULT_PRICE_TABLE_INR_PER_MTOK = Object.freeze({
    'foliodesk-local-1': { input: 0, output: 0 },
    'gpt-4o-mini': { input: 12.75, output: 51 },
    'gpt-4o': { input: 212.5, output: 850 },
    'gpt-4.1-mini': { input: 34, output: 136 },
});
/** Cost in INR of a call, to 4 decimals (the precision of `token_usage.cost_inr`). */
export function costInr(price, inputTokens, outputTokens) {
    return Math.round(((inputTokens * price.input + outputTokens * price.output) / 1_000_000) * 10_000) / 10_000;
}
//# sourceMappingURL=pricing.js.map