import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the mock received. */
export interface MockCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: Array<{ role: string; content: string }>; [key: string]: unknown };
}

export type MockReply =
  | { kind: 'completion'; text: string; model?: string; usage?: { prompt_tokens: number; completion_tokens: number } | null }
  | { kind: 'error'; status: number }
  | { kind: 'hang' };

export interface MockOpenAi {
  /** Base URL to give the client (`OPENAI_BASE_URL`), ending in /v1. */
  baseUrl: string;
  calls: MockCall[];
  /** What the next requests get; change it between tests. */
  reply: MockReply;
  close(): Promise<void>;
}

/**
 * A stand-in for the paid OpenAI API on 127.0.0.1: speaks the chat-completions protocol
 * (`POST /v1/chat/completions`) and records what it was sent.
 */
export async function startMockOpenAi(reply: MockReply): Promise<MockOpenAi> {
  const calls: MockCall[] = [];
  const state = { reply };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      calls.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {} });
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return json(404, { error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error' } });
      }
      const r = state.reply;
      if (r.kind === 'hang') return; // never answers: the client's timeout must fire
      if (r.kind === 'error') {
        // retry-after-ms keeps the client's retries fast in tests
        return json(r.status, { error: { message: 'The server had an error while processing your request.', type: 'server_error' } }, { 'retry-after-ms': '10' });
      }
      const usage = r.usage === undefined ? { prompt_tokens: 1200, completion_tokens: 300 } : r.usage;
      json(200, {
        id: `chatcmpl-mock-${calls.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: r.model ?? 'gpt-4o-mini-2024-07-18',
        choices: [{ index: 0, message: { role: 'assistant', content: r.text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    get reply() {
      return state.reply;
    },
    set reply(next: MockReply) {
      state.reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
