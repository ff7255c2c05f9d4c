import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request the mock received, and the usage it reported for it. */
export interface MockLlmCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: Array<{ role: string; content: string }>; [key: string]: unknown };
  /** What the mock answered (null for an error status). */
  answer: { text: string; prompt_tokens: number; completion_tokens: number } | null;
}

export type MockLlmReply = { kind: 'completion'; text: string } | { kind: 'error'; status: number };

/** Decides the answer from the request, as a real model would from its prompt. */
export type MockLlmBehaviour = (messages: Array<{ role: string; content: string }>) => MockLlmReply;

export interface MockLlmApi {
  /** `OPENAI_BASE_URL`, ending in /v1. */
  baseUrl: string;
  calls: MockLlmCall[];
  behaviour: MockLlmBehaviour;
  close(): Promise<void>;
}

/** Token counts the mock reports: about four characters a token, as OpenAI's rule of thumb. */
export const mockTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * A stand-in for the paid OpenAI-compatible chat-completions API on 127.0.0.1 whose answers depend on
 * the prompt (`behaviour`, changeable between tests). It records every request and the usage it
 * reported, so a test can compare what the service recorded with what the "provider" said.
 */
export async function startMockLlmApi(behaviour: MockLlmBehaviour): Promise<MockLlmApi> {
  const state = { behaviour };
  const calls: MockLlmCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as MockLlmCall['body'];
      const call: MockLlmCall = { path: req.url ?? '', headers: req.headers, body, answer: null };
      calls.push(call);
      const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error' } });
      const messages = body.messages ?? [];
      const reply = state.behaviour(messages);
      if (reply.kind === 'error') {
        return json(reply.status, { error: { message: 'The server had an error while processing your request.', type: 'server_error' } }, { 'retry-after-ms': '10' });
      }
      const usage = { prompt_tokens: mockTokens(messages.map((m) => m.content).join('\n')), completion_tokens: mockTokens(reply.text) };
      call.answer = { text: reply.text, ...usage };
      json(200, {
        id: `chatcmpl-mock-${calls.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'gpt-4o-mini-2024-07-18',
        choices: [{ index: 0, message: { role: 'assistant', content: reply.text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(next: MockLlmBehaviour) {
      state.behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
