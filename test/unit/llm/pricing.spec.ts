import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../../src/config/app-config.js';
import { parsePriceTable } from '../../../src/config/parsers.js';
import { PriceTable } from '../../../src/modules/llm/price-table.js';
import { costInr } from '../../../src/modules/llm/pricing.js';

describe('parsePriceTable (LLM_PRICE_TABLE)', () => {
  it.each([
    ['one model', '{"gpt-4o-mini":{"input":20,"output":80}}', { 'gpt-4o-mini': { input: 20, output: 80 } }],
    ['several models, zero and fractional prices', '{"llama-3.1-8b":{"input":0,"output":0},"gpt-4o":{"input":212.5,"output":850.25}}', { 'llama-3.1-8b': { input: 0, output: 0 }, 'gpt-4o': { input: 212.5, output: 850.25 } }],
    ['an empty object', '{}', {}],
  ])('accepts %s', (_label, json, entries) => {
    expect(parsePriceTable(json)).toEqual({ entries, problems: [] });
  });

  it.each([
    ['text that is not JSON', 'gpt-4o-mini=12.75', /JSON object/],
    ['an array', '[{"input":1,"output":2}]', /JSON object/],
    ['a bare number', '42', /JSON object/],
    ['a price that is a string', '{"gpt-4o-mini":{"input":"12.75","output":51}}', /"gpt-4o-mini" must be/],
    ['a missing output price', '{"gpt-4o-mini":{"input":12.75}}', /"gpt-4o-mini" must be/],
    ['a negative price', '{"gpt-4o-mini":{"input":-1,"output":51}}', /"gpt-4o-mini" must be/],
    ['an unknown key (a typo)', '{"gpt-4o-mini":{"input":1,"ouput":2,"output":2}}', /"gpt-4o-mini" must be/],
    ['a price given as a bare number', '{"gpt-4o-mini":12.75}', /"gpt-4o-mini" must be/],
    ['an empty model name', '{" ":{"input":1,"output":2}}', /model names must not be empty/],
  ])('refuses %s', (_label, json, problem) => {
    const { problems } = parsePriceTable(json);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it('names every bad model at once', () => {
    const { entries, problems } = parsePriceTable('{"a":{"input":1,"output":1},"b":{"input":-1,"output":1},"c":null}');
    expect(entries).toEqual({ a: { input: 1, output: 1 } });
    expect(problems.map((p) => p.slice(0, 3))).toEqual(['"b"', '"c"']);
  });
});

describe('PriceTable', () => {
  const table = (env: Record<string, string> = {}) => new PriceTable(loadConfig(env));

  it.each([
    ['the default price of gpt-4o-mini', {}, 'gpt-4o-mini', 1_000_000, 1_000_000, 63.75],
    ['a dated snapshot at its model’s price', {}, 'gpt-4o-mini-2024-07-18', 1200, 300, 0.0306],
    ['the local engine at 0', {}, 'foliodesk-local-1', 5000, 500, 0],
    ['an unknown model at 0', {}, 'mystery-model', 5000, 500, 0],
    ['an overridden model', { LLM_PRICE_TABLE: '{"gpt-4o-mini":{"input":25,"output":100}}' }, 'gpt-4o-mini', 1200, 300, 0.06],
    ['an added model', { LLM_PRICE_TABLE: '{"llama-3.1-70b":{"input":50,"output":60}}' }, 'llama-3.1-70b', 10_000, 10_000, 1.1],
    ['a default kept next to an override', { LLM_PRICE_TABLE: '{"gpt-4o-mini":{"input":25,"output":100}}' }, 'gpt-4o', 1_000_000, 0, 212.5],
  ])('costs %s', (_label, env, model, input, output, inr) => {
    expect(table(env).cost(model, input, output)).toBe(inr);
  });

  it('rounds to the 4 decimals the usage row stores', () => {
    expect(costInr({ input: 12.75, output: 51 }, 1234, 567)).toBe(0.0447);
  });
});
