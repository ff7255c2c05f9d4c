import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement, imageOnlyPdf } from '../fixtures/generator/index.js';
import { bearer, createTenant, errorCode, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { sql } from '../support/db.js';


async function processPdf(t: TestApp, account: Account, pdf: Buffer, name: string) {
  const upload = await uploadPdf(t, account, pdf, name);
  const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: upload.job_id });
  const { final } = await waitForProcess(t, account, start.body.process_id);
  return { ...upload, process_id: start.body.process_id as string, status: final.status as string };
}

describe('dashboard and activity feed', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let runs: Array<Awaited<ReturnType<typeof processPdf>>>;
  let uploadedOnly: { doc_id: string };
  beforeAll(async () => {
    ({ t, acme, rival } = await twoTenants());
    const statement = await generateStatement('cams_summary', { seed: 31 });
    runs = [
      await processPdf(t, acme.analyst, statement.pdf, 'first.pdf'),
      await processPdf(t, acme.analyst, statement.pdf, 'second.pdf'),
      await processPdf(t, acme.analyst, await imageOnlyPdf(), 'scan.pdf'),
    ];
    uploadedOnly = await uploadPdf(t, acme.analyst, statement.pdf, 'waiting.pdf');
    // Someone else's work in the same tenant and in another tenant must not count.
    await processPdf(t, acme.admin, statement.pdf, 'admin.pdf');
    await processPdf(t, rival.analyst, statement.pdf, 'rival.pdf');
  });
  afterAll(() => t.close());

  it('summarises the caller’s own documents, runs and token usage', async () => {
    expect(runs.map((r) => r.status)).toEqual(['completed', 'completed', 'failed']);
    const [usage] = await sql(
      `SELECT sum(input_tokens + output_tokens)::int AS tokens, sum(cost_inr)::float AS cost FROM token_usage WHERE document_id = ANY($1::uuid[])`,
      [runs.map((r) => r.doc_id)],
    );
    const res = await t.http.get('/api/v1/dashboard?period=all_time').set(bearer(acme.analyst));
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      documents_processed: 3,
      extractions: 2,
      success_rate: 66.67,
      conversations: 0,
      token_usage: { total_tokens: usage.tokens, total_cost_inr: Math.round(usage.cost * 100) / 100 },
      period: 'all_time',
    });
    expect(usage.tokens).toBeGreaterThan(0);
  });

  it('counts only what happened within the period', async () => {
    await sql(`UPDATE pipeline_processes SET finished_at = now() - interval '10 days' WHERE id = $1`, [runs[0].process_id]);
    await sql(`UPDATE token_usage SET created_at = now() - interval '10 days' WHERE process_id = $1`, [runs[0].process_id]);
    const week = await t.http.get('/api/v1/dashboard?period=7d').set(bearer(acme.analyst));
    expect(week.body.result).toMatchObject({ documents_processed: 2, extractions: 1, success_rate: 50, period: '7d' });
    const month = await t.http.get('/api/v1/dashboard?period=30d').set(bearer(acme.analyst));
    expect(month.body.result).toMatchObject({ documents_processed: 3, extractions: 2 });
    const ninety = await t.http.get('/api/v1/dashboard?period=90d').set(bearer(acme.analyst));
    expect(ninety.body.result.extractions).toBe(2);
  });

  it('answers a fresh user with zeros and 400 for a bad period', async () => {
    const res = await t.http.get('/api/v1/dashboard').set(bearer(acme.viewer));
    expect(res.body.result).toEqual({ documents_processed: 0, extractions: 0, success_rate: 0, conversations: 0, token_usage: { total_tokens: 0, total_cost_inr: 0 }, period: 'all_time' });
    for (const period of ['1y', '7', 'ALL_TIME', '']) {
      const bad = await t.http.get(`/api/v1/dashboard?period=${period}`).set(bearer(acme.viewer));
      expect({ period, status: bad.status }).toEqual({ period, status: 400 });
      expect(errorCode(bad)).toBe('VALIDATION_ERROR');
    }
    expect((await t.http.get('/api/v1/dashboard')).status).toBe(401);
  });

  it('sums token usage past 2^31 − 1 exactly', async () => {
    const { analyst } = await createTenant(t.http);
    const { doc_id } = await uploadPdf(t, analyst, (await generateStatement('cams_summary', { seed: 32 })).pdf, 'big.pdf');
    const B = 1_500_000_000;
    await sql(
      `INSERT INTO token_usage (tenant_id, document_id, stage_name, model, input_tokens, output_tokens, cost_inr)
       VALUES ($1, $2, 'extract', 'm', $3, 0, 1), ($1, $2, 'extract', 'm', $3, $3, 1)`,
      [analyst.tenantId, doc_id, B],
    );
    const [session] = await sql(`INSERT INTO chat_sessions (tenant_id, id, user_id, title, status) VALUES ($1, gen_random_uuid(), $2, 'big', 'open') RETURNING id`, [
      analyst.tenantId,
      analyst.userId,
    ]);
    await sql(`INSERT INTO chat_messages (id, session_id, role, content, input_tokens, output_tokens) VALUES (gen_random_uuid(), $1, 'assistant', 'x', $2, $2)`, [session.id, B]);
    const res = await t.http.get('/api/v1/dashboard').set(bearer(analyst));
    expect(res.status).toBe(200);
    expect(res.body.result.token_usage).toEqual({ total_tokens: 5 * B, total_cost_inr: 2 });
  });

  it('lists the caller’s activity newest first, paginated, and nobody else’s', async () => {
    const res = await t.http.get('/api/v1/dashboard/activity?page=1&limit=20').set(bearer(acme.analyst));
    expect(res.status).toBe(200);
    const { items, total, page, limit, has_more } = res.body.result;
    expect({ total, page, limit, has_more }).toEqual({ total: 7, page: 1, limit: 20, has_more: false });
    const counts = items.reduce((m: Record<string, number>, e: { type: string }) => ({ ...m, [e.type]: (m[e.type] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 'document.uploaded': 4, 'extraction.completed': 2, 'extraction.failed': 1 });
    for (const e of items) {
      expect(Object.keys(e).sort()).toEqual(['created_at', 'id', 'resource_id', 'resource_type', 'title', 'type']);
      expect([...runs.map((r) => r.doc_id), uploadedOnly.doc_id]).toContain(e.resource_id);
    }
    const times = items.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await t.http.get('/api/v1/dashboard/activity?page=2&limit=5').set(bearer(acme.analyst));
    expect(second.body.result).toMatchObject({ page: 2, limit: 5, total: 7, has_more: false });
    expect(second.body.result.items).toHaveLength(2);
    const bad = await t.http.get('/api/v1/dashboard/activity?page=0').set(bearer(acme.analyst));
    expect(bad.status).toBe(400);
  });
});
