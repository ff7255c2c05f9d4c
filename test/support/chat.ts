import { expect } from '@jest/globals';
import { bearer, type Account, type TestApp } from './app.js';

/** A new chat session of the account; its id. */
export async function newSession(t: TestApp, account: Account): Promise<string> {
  const res = await t.http.post('/api/v1/zen/chat/').set(bearer(account));
  expect(res.status).toBe(201);
  return res.body as string;
}

/** Uploads a statement into a session and waits until the chat document is completed. */
export async function uploadIntoSession(t: TestApp, account: Account, sessionId: string, pdf: Buffer, password?: string): Promise<string> {
  const req = t.http.post('/api/v1/zen/uploads/').set(bearer(account)).field('session_id', sessionId).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' });
  if (password) req.field('password', password);
  const res = await req;
  expect(res.status).toBe(201);
  const docId = res.body.result.document_ids[0] as string;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await t.http.get(`/api/v1/zen/chat/${sessionId}/documents/${docId}/status`).set(bearer(account));
    if (s.body.result?.status === 'completed') return docId;
    if (s.body.result?.status === 'failed' || Date.now() > deadline) throw new Error(`chat document not completed: ${JSON.stringify(s.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** POST /api/v1/zen/chat/invoke as a multipart form. */
export const ask = (t: TestApp, account: Account, sessionId: string, query: string, extra: Record<string, string> = {}) => {
  let req = t.http.post('/api/v1/zen/chat/invoke').set(bearer(account)).field('session_id', sessionId).field('query', query);
  for (const [k, v] of Object.entries(extra)) req = req.field(k, v);
  return req;
};
