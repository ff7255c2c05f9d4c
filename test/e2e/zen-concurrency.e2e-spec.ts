import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createTenant, startTestApp, type Account, type TestApp } from '../support/app.js';
import { ask, newSession } from '../support/chat.js';
import { sql } from '../support/db.js';

const ROUNDS = 40;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('zen chat: invoke racing close and delete on the same session', () => {
  let t: TestApp;
  let analyst: Account;
  beforeAll(async () => {
    t = await startTestApp();
    ({ analyst } = await createTenant(t.http));
  });
  afterAll(() => t.close());

  /** Invoke and `other` on fresh sessions, `other` sent 0–(ROUNDS-1) ms later to hit every phase of invoke. */
  async function race(other: (id: string) => PromiseLike<{ status: number }>) {
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const id = await newSession(t, analyst);
      const [invoke, second] = await Promise.all([ask(t, analyst, id, `Question ${i}: what is my total value?`), pause(i % 20).then(() => other(id))]);
      rounds.push({ id, invoke: invoke.status, other: second.status });
    }
    return rounds;
  }

  it('invoke ‖ DELETE: never a 5xx, and no message of a deleted session survives', async () => {
    const rounds = await race((id) => t.http.delete(`/api/v1/zen/chat/session/${id}`).set(bearer(analyst)));
    expect(rounds.filter((r) => ![200, 404, 409].includes(r.invoke) || r.other !== 200)).toEqual([]);
    const ids = rounds.map((r) => r.id);
    expect(await sql(`SELECT session_id FROM chat_messages WHERE session_id = ANY($1::uuid[])`, [ids])).toEqual([]);
    expect(await sql(`SELECT id FROM chat_sessions WHERE id = ANY($1::uuid[])`, [ids])).toEqual([]);
  });

  it('invoke ‖ close: never a 5xx; an answer lands before the close (counted in chat.session.closed) or is refused with 409', async () => {
    const rounds = await race((id) => t.http.post(`/api/v1/zen/chat/session/${id}/close`).set(bearer(analyst)));
    expect(rounds.filter((r) => ![200, 409].includes(r.invoke) || r.other !== 200)).toEqual([]);
    for (const r of rounds) {
      const [{ messages }] = await sql(`SELECT count(*)::int AS messages FROM chat_messages WHERE session_id = $1`, [r.id]);
      const [event] = await sql(`SELECT data FROM outbox_events WHERE event_type = 'chat.session.closed' AND data->>'session_id' = $1`, [r.id]);
      expect({ messages, closedWith: event.data.message_count }).toEqual(r.invoke === 200 ? { messages: 2, closedWith: 2 } : { messages: 0, closedWith: 0 });
    }
    // Both outcomes happened, so the race was really run.
    expect(new Set(rounds.map((r) => r.invoke)).size).toBe(2);
  });
});
