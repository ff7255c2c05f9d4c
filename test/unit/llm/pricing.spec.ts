import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../../src/config/app-config.js';
import { parsePriceTable } from '../../../src/config/parsers.js';
import { PriceTable } from '../../../src/modules/llm/price-table.js';
import { costInr } from '../../../src/modules/llm/pricing.js';

describe('parsePriceTable (LLM_PRICE_TABLE)', () => {
  it.each([
    { name: 'one model', json: '{"gpt-4o-mini":{"input":20,"output":80}}', entries: { 'gpt-4o-mini': { input: 20, output: 80 } } },
    { name: 'several models, zero and fractional prices', json: '{"llama-3.1-8b":{"input":0,"output":0},"gpt-4o":{"input":212.5,"output":850.25}}', entries: { 'llama-3.1-8b': { input: 0, output: 0 }, 'gpt-4o': { input: 212.5, output: 850.25 } } },
    { name: 'an empty object', json: '{}', entries: {} },
  ])('accepts $name', ({ json, entries }) => {
    expect(parsePriceTable(json)).toEqual({ entries, problems: [] });
  });

  it.each([
    { name: 'text that is not JSON', json: 'gpt-4o-mini=12.75', problem: /JSON object/ },
    { name: 'an array', json: '[{"input":1,"output":2}]', problem: /JSON object/ },
    { name: 'a bare number', json: '42', problem: /JSON object/ },
    { name: 'a price that is a string', json: '{"gpt-4o-mini":{"input":"12.75","output":51}}', problem: /"gpt-4o-mini" must be/ },
    { name: 'a missing output price', json: '{"gpt-4o-mini":{"input":12.75}}', problem: /"gpt-4o-mini" must be/ },
    { name: 'a negative price', json: '{"gpt-4o-mini":{"input":-1,"output":51}}', problem: /"gpt-4o-mini" must be/ },
    { name: 'an unknown key (a typo)', json: '{"gpt-4o-mini":{"input":1,"ouput":2,"output":2}}', problem: /"gpt-4o-mini" must be/ },
    { name: 'a price given as a bare number', json: '{"gpt-4o-mini":12.75}', problem: /"gpt-4o-mini" must be/ },
    { name: 'an empty model name', json: '{" ":{"input":1,"output":2}}', problem: /model names must not be empty/ },
  ])('refuses $name', ({ json, problem }) => {
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

  it.each<{ name: string; env: Record<string, string>; model: string; input: number; output: number; inr: number }>([
    { name: 'the default price of gpt-4o-mini', env: {}, model: 'gpt-4o-mini', input: 1_000_000, output: 1_000_000, inr: 63.75 },
    { name: 'a dated snapshot at its model’s price', env: {}, model: 'gpt-4o-mini-2024-07-18', input: 1200, output: 300, inr: 0.0306 },
    { name: 'the local engine at 0', env: {}, model: 'foliodesk-local-1', input: 5000, output: 500, inr: 0 },
    { name: 'an unknown model at 0', env: {}, model: 'mystery-model', input: 5000, output: 500, inr: 0 },
    { name: 'an overridden model', env: { LLM_PRICE_TABLE: '{"gpt-4o-mini":{"input":25,"output":100}}' }, model: 'gpt-4o-mini', input: 1200, output: 300, inr: 0.06 },
    { name: 'an added model', env: { LLM_PRICE_TABLE: '{"llama-3.1-70b":{"input":50,"output":60}}' }, model: 'llama-3.1-70b', input: 10_000, output: 10_000, inr: 1.1 },
    { name: 'a default kept next to an override', env: { LLM_PRICE_TABLE: '{"gpt-4o-mini":{"input":25,"output":100}}' }, model: 'gpt-4o', input: 1_000_000, output: 0, inr: 212.5 },
  ])('costs $name', ({ env, model, input, output, inr }) => {
    expect(table(env).cost(model, input, output)).toBe(inr);
  });

  it('rounds to the 4 decimals the usage row stores', () => {
    expect(costInr({ input: 12.75, output: 51 }, 1234, 567)).toBe(0.0447);
  });
});
