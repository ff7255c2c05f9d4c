import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type MockMessage = { role: string; content: string };
export type MockUsage = { prompt_tokens: number; completion_tokens: number };

/** What the mock answers: a completion (usage estimated from the text unless given; null sends none), an error status, or nothing at all. */
export type MockReply =
  | { kind: 'completion'; text: string; model?: string; usage?: MockUsage | null }
  | { kind: 'error'; status: number }
  | { kind: 'hang' };

/** Decides the reply from the request's messages, as a real model would from its prompt. */
export type MockReplyFn = (messages: MockMessage[]) => MockReply;

/** One request the mock received, and what it answered (null for an error status or a hang). */
export interface MockCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: MockMessage[]; [key: string]: unknown };
  answer: { text: string; usage: MockUsage | null } | null;
}

export interface MockOpenAi {
  /** Base URL to give the client (`OPENAI_BASE_URL`), ending in /v1. */
  baseUrl: string;
  calls: MockCall[];
  /** What the next requests get, fixed or decided from their messages; change it between tests. */
  reply: MockReply | MockReplyFn;
  close(): Promise<void>;
}

/** Token counts the mock reports when a reply gives none: about four characters a token, as OpenAI's rule of thumb. */
export const mockTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * A stand-in for the paid OpenAI chat-completions API on 127.0.0.1: speaks `POST /v1/chat/completions`,
 * answers with `reply`, and records every request with the usage it reported, so a test can compare
 * what the service sent and recorded with what the "provider" said.
 */
export async function startMockOpenAi(reply: MockReply | MockReplyFn): Promise<MockOpenAi> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const call: MockCall = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {}, answer: null };
      mock.calls.push(call);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (call.method !== 'POST' || call.path !== '/v1/chat/completions') {
        return json(404, { error: { message: `Unknown path ${call.path}`, type: 'invalid_request_error' } });
      }
      const messages = call.body.messages ?? [];
      const r = typeof mock.reply === 'function' ? mock.reply(messages) : mock.reply;
      if (r.kind === 'hang') return; // never answers: the client's timeout must fire
      if (r.kind === 'error') {
        // retry-after-ms keeps the client's retries fast in tests
        return json(r.status, { error: { message: 'The server had an error while processing your request.', type: 'server_error' } }, { 'retry-after-ms': '10' });
      }
      const usage =
        r.usage === undefined ? { prompt_tokens: mockTokens(messages.map((m) => m.content).join('\n')), completion_tokens: mockTokens(r.text) } : r.usage;
      call.answer = { text: r.text, usage };
      json(200, {
        id: `chatcmpl-mock-${mock.calls.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: r.model ?? 'gpt-4o-mini-2024-07-18',
        choices: [{ index: 0, message: { role: 'assistant', content: r.text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const mock: MockOpenAi = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls: [],
    reply,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return mock;
}

/** The API key the service is given for the mock (the tests check it is sent as the Bearer value). */
export const MOCK_API_KEY = 'sk-test-foliodesk';

/** The service's settings for talking to this mock as its OpenAI provider, plus the test's own. */
export const openAiEnv = (mock: MockOpenAi, env: Record<string, string> = {}): Record<string, string> => ({
  LLM_PROVIDER: 'openai',
  OPENAI_BASE_URL: mock.baseUrl,
  OPENAI_API_KEY: MOCK_API_KEY,
  LLM_MODEL: 'gpt-4o-mini',
  ...env,
});
