import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement } from '../fixtures/generator/index.js';
import { bearer, createTenant, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

const STAGE_NAMES = ['upload', 'classification', 'parsing', 'structuring', 'extraction', 'validation', 'enrichment', 'calculation', 'summary', 'completion'];
// The local engine priced so that each call costs a fraction of a paisa beyond 2 decimals.
const LLM_PRICE_TABLE = JSON.stringify({ 'foliodesk-local-1': { input: 1234.567, output: 9876.543 } });

/** Money on the wire has at most 2 decimals (DESIGN §2). */
const hasTwoDecimalsAtMost = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;

async function runToEnd(t: TestApp, account: Account, jobId: string) {
  const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: jobId });
  expect(start.status).toBe(200);
  const { final } = await waitForProcess(t, account, start.body.process_id);
  return { processId: start.body.process_id as string, final };
}

describe('nexus results: token usage per run, tenant stats', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  beforeAll(async () => ({ t, acme, rival } = await twoTenants({ LLM_PRICE_TABLE })));
  afterAll(() => t.close());

  it("reports the latest run's token usage: a re-run does not add up, and costs have 2 decimals", async () => {
    const statement = await generateStatement('cams_detailed', { seed: 51 });
    const upload = await uploadPdf(t, acme.analyst, statement.pdf);
    const first = await runToEnd(t, acme.analyst, upload.job_id);
    expect(first.final.status).toBe('completed');
    const once = await t.http.get(`/api/v1/nexus/token-usage/${upload.doc_id}`).set(bearer(acme.analyst));
    expect(once.status).toBe(200);
    expect(once.body.result.total_tokens).toBeGreaterThan(0);
    expect(once.body.result.total_cost_inr).toBeGreaterThan(0);

    const second = await runToEnd(t, acme.analyst, upload.job_id);
    expect(second.final.status).toBe('completed');
    const [{ runs }] = await sql<{ runs: number }>(`SELECT count(DISTINCT process_id)::int AS runs FROM token_usage WHERE document_id = $1`, [upload.doc_id]);
    expect(runs).toBe(2);
    const again = await t.http.get(`/api/v1/nexus/token-usage/${upload.doc_id}`).set(bearer(acme.analyst));
    expect(again.body.result).toEqual(once.body.result);

    // Exactly the second run's rows, with money summed exactly and rounded once to 2 decimals.
    const [latest] = await sql<{ tokens: number; cost: string }>(
      `SELECT sum(input_tokens + output_tokens)::int AS tokens, round(sum(cost_inr), 2) AS cost FROM token_usage WHERE process_id = $1`,
      [second.processId],
    );
    expect(again.body.result.total_tokens).toBe(latest.tokens);
    expect(again.body.result.total_cost_inr).toBe(Number(latest.cost));
    for (const stage of again.body.result.stages) expect(hasTwoDecimalsAtMost(stage.cost_inr)).toBe(true);
    expect(hasTwoDecimalsAtMost(again.body.result.total_cost_inr)).toBe(true);
  });

  it("stats count the tenant's chats, add chat tokens and cost to token usage, and give the tenant's own queue depth", async () => {
    const shop = await createTenant(t.http);
    const statement = await generateStatement('cams_summary', { seed: 52 });
    const upload = await uploadPdf(t, shop.analyst, statement.pdf);
    expect((await runToEnd(t, shop.analyst, upload.job_id)).final.status).toBe('completed');
    const open = JSON.parse((await t.http.post('/api/v1/zen/chat/').set(bearer(shop.analyst))).text) as string;
    const closed = JSON.parse((await t.http.post('/api/v1/zen/chat/').set(bearer(shop.admin))).text) as string;
    for (const query of ['What is the total value of my portfolio?', 'How is it allocated across asset classes?']) {
      const res = await t.http.post('/api/v1/zen/chat/invoke').set(bearer(shop.analyst)).field('session_id', open).field('query', query);
      expect(res.status).toBe(200);
    }
    expect((await t.http.post(`/api/v1/zen/chat/session/${closed}/close`).set(bearer(shop.admin))).status).toBe(200);

    const [chat] = await sql<{ messages: number; tokens: number }>(
      `SELECT count(*)::int AS messages, coalesce(sum(m.input_tokens + m.output_tokens), 0)::int AS tokens
         FROM chat_messages m JOIN chat_sessions s ON s.id = m.session_id WHERE s.tenant_id = $1`,
      [shop.admin.tenantId],
    );
    expect(chat.tokens).toBeGreaterThan(0);
    const [spent] = await sql<{ tokens: number; cost: string }>(
      `SELECT (SELECT sum(input_tokens + output_tokens) FROM token_usage WHERE tenant_id = $1)::int
              + (SELECT sum(m.input_tokens + m.output_tokens) FROM chat_messages m JOIN chat_sessions s ON s.id = m.session_id WHERE s.tenant_id = $1)::int AS tokens,
              round((SELECT sum(cost_inr) FROM token_usage WHERE tenant_id = $1)
                    + (SELECT sum(m.cost_inr) FROM chat_messages m JOIN chat_sessions s ON s.id = m.session_id WHERE s.tenant_id = $1), 2) AS cost`,
      [shop.admin.tenantId],
    );

    const res = await t.http.get('/api/v1/nexus/stats').set(bearer(shop.admin));
    expect(res.status).toBe(200);
    const stats = res.body.result;
    expect(stats.chats).toEqual({ total: 2, open: 1, closed: 1, messages: chat.messages });
    expect(chat.messages).toBe(4);
    expect(stats.token_usage).toEqual({ total_tokens: spent.tokens, total_cost_inr: Number(spent.cost) });
    expect(hasTwoDecimalsAtMost(stats.token_usage.total_cost_inr)).toBe(true);
    expect(stats.queue_depth).toEqual(Object.fromEntries(STAGE_NAMES.map((s) => [s, 0])));

    const rivalStats = (await t.http.get('/api/v1/nexus/stats').set(bearer(rival.admin))).body.result;
    expect(rivalStats.chats).toEqual({ total: 0, open: 0, closed: 0, messages: 0 });
    expect(rivalStats.token_usage).toEqual({ total_tokens: 0, total_cost_inr: 0 });
  });

  it("queue_depth counts this tenant's running processes by current stage, never another tenant's", async () => {
    const statement = await generateStatement('cams_summary', { seed: 53 });
    const upload = await uploadPdf(t, acme.analyst, statement.pdf);
    // A run held at the summary stage (written directly: a real one would finish before it could be counted).
    const processId = randomUUID();
    await sql(
      `INSERT INTO pipeline_processes (tenant_id, id, document_id, status, current_stage, stages_completed, started_at, deadline_at)
       VALUES ($1, $2, $3, 'processing', 'summary', 8, now(), now() + interval '1 hour')`,
      [acme.admin.tenantId, processId, upload.doc_id],
    );
    try {
      const mine = (await t.http.get('/api/v1/nexus/stats').set(bearer(acme.admin))).body.result;
      expect(mine.queue_depth).toEqual(Object.fromEntries(STAGE_NAMES.map((s) => [s, s === 'summary' ? 1 : 0])));
      const theirs = (await t.http.get('/api/v1/nexus/stats').set(bearer(rival.admin))).body.result;
      expect(theirs.queue_depth).toEqual(Object.fromEntries(STAGE_NAMES.map((s) => [s, 0])));
    } finally {
      await sql(`DELETE FROM pipeline_processes WHERE id = $1`, [processId]);
    }
  });
});
