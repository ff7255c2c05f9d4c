import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { loadConfig } from '../../../src/config/app-config.js';
import { LlmError } from '../../../src/modules/llm/llm-provider.js';
import { OpenAiLlmProvider } from '../../../src/modules/llm/openai-llm.provider.js';
import { PiiMasker } from '../../../src/modules/llm/pii-masker.js';
import { startMockOpenAi, type MockOpenAi, type MockReply } from '../../support/mock-openai-api.js';

const logger = pino({ level: 'silent' });
const provider = (baseUrl: string, env: Record<string, string> = {}) =>
  new OpenAiLlmProvider(loadConfig({ LLM_PROVIDER: 'openai', OPENAI_BASE_URL: baseUrl, LLM_MAX_RETRIES: '0', ...env }), new PiiMasker(), logger);
const ask = (p: OpenAiLlmProvider, content = 'Total INR 12,34,567.89') =>
  p.complete([{ role: 'system', content: 'Summarise.' }, { role: 'user', content }], { kind: 'test', text: content });

describe('OpenAiLlmProvider (against a local mock of the OpenAI API)', () => {
  let mock: MockOpenAi;
  beforeAll(async () => {
    mock = await startMockOpenAi({ kind: 'completion', text: 'ok' });
  });
  afterAll(() => mock.close());

  it('sends the configured model and key, masks identifiers, and answers with the provider’s usage', async () => {
    mock.reply = { kind: 'completion', text: 'Investor [PAN_1] holds INR 12,34,567.89.', usage: { prompt_tokens: 812, completion_tokens: 64 } };
    const p = provider(mock.baseUrl, { OPENAI_API_KEY: 'sk-unit', LLM_MODEL: 'gpt-4o' });
    const answer = await p.complete(
      [{ role: 'user', content: 'PAN ORYPN9071B (meera@example.com, +91 9490739618), folio 48213: INR 12,34,567.89' }],
      { kind: 'test', text: '', identifiers: [{ kind: 'FOLIO', value: '48213' }] },
    );
    const call = mock.calls.at(-1)!;
    expect(call.headers.authorization).toBe('Bearer sk-unit');
    expect(call.body.model).toBe('gpt-4o');
    expect(call.body.messages).toEqual([{ role: 'user', content: 'PAN [PAN_1] ([EMAIL_1], [PHONE_1]), folio [FOLIO_1]: INR 12,34,567.89' }]);
    expect(answer).toEqual({ text: 'Investor ORYPN9071B holds INR 12,34,567.89.', model: 'gpt-4o-mini-2024-07-18', inputTokens: 812, outputTokens: 64 });
  });

  it('sends no Authorization header when no key is configured', async () => {
    mock.reply = { kind: 'completion', text: 'ok' };
    await ask(provider(mock.baseUrl));
    expect(mock.calls.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('counts tokens itself when the server reports no usage', async () => {
    mock.reply = { kind: 'completion', text: 'A short answer.', usage: null };
    const answer = await ask(provider(mock.baseUrl));
    expect(answer.inputTokens).toBeGreaterThan(0);
    expect(answer.outputTokens).toBe(4);
  });

  it.each<{ name: string; reply: MockReply; code: string; retryable: boolean; message: RegExp }>([
    { name: 'a 500', reply: { kind: 'error', status: 500 }, code: 'LLM_UNAVAILABLE', retryable: true, message: /HTTP 500/ },
    { name: 'a 503', reply: { kind: 'error', status: 503 }, code: 'LLM_UNAVAILABLE', retryable: true, message: /HTTP 503/ },
    { name: 'a 429 (rate limited)', reply: { kind: 'error', status: 429 }, code: 'LLM_UNAVAILABLE', retryable: true, message: /HTTP 429/ },
    { name: 'a 401 (bad key)', reply: { kind: 'error', status: 401 }, code: 'LLM_REQUEST_REJECTED', retryable: false, message: /credentials/ },
    { name: 'a 404 (unknown model)', reply: { kind: 'error', status: 404 }, code: 'LLM_REQUEST_REJECTED', retryable: false, message: /HTTP 404/ },
    { name: 'an answer without text', reply: { kind: 'completion', text: '  ' }, code: 'LLM_UNAVAILABLE', retryable: true, message: /without any text/ },
  ])('maps $name to an LlmError', async ({ reply, code, retryable, message }) => {
    mock.reply = reply;
    const error = await ask(provider(mock.baseUrl, { LLM_TIMEOUT_MS: '300' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ code, retryable });
    expect((error as Error).message).toMatch(message);
  });

  it('gives up after LLM_TIMEOUT_MS when the server never answers', async () => {
    mock.reply = { kind: 'hang' };
    const started = Date.now();
    const error = await ask(provider(mock.baseUrl, { LLM_TIMEOUT_MS: '300' })).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    // Under plain Node the client reports a timeout ("did not answer within 300 ms"); under Jest's VM
    // modules its abort error crosses realms and arrives as a plain connection error.
    expect(error).toMatchObject({ code: 'LLM_UNAVAILABLE', retryable: true });
  });

  it('maps an endpoint that does not answer at all to LLM_UNAVAILABLE', async () => {
    const error = await ask(provider('http://127.0.0.1:9/v1')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'LLM_UNAVAILABLE', retryable: true, message: 'The language model could not be reached' });
  });

  it('retries a transient failure LLM_MAX_RETRIES times', async () => {
    mock.reply = { kind: 'error', status: 502 };
    const before = mock.calls.length;
    await expect(ask(provider(mock.baseUrl, { LLM_MAX_RETRIES: '2' }))).rejects.toMatchObject({ code: 'LLM_UNAVAILABLE' });
    expect(mock.calls.length - before).toBe(3);
  });
});
