import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement, imageOnlyPdf } from '../fixtures/generator/index.js';
import { bearer, createTenant, errorCode, startTestApp, type Account, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { sql } from '../support/db.js';

async function processPdf(t: TestApp, account: Account, pdf: Buffer, name: string) {
  const upload = await uploadPdf(t, account, pdf, name);
  const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: upload.job_id });
  const { final } = await waitForProcess(t, account, start.body.process_id);
  return { ...upload, process_id: start.body.process_id as string, status: final.status as string };
}

// The wire of the caller's overview: the answers of GET /api/v1/dashboard and /dashboard/activity. Which
// runs, documents and tokens count, periods, exact sums and the feed's merging and scoping are
// test/service/dashboard.service-spec.ts's.
describe('dashboard and activity feed', () => {
  let t: TestApp;
  let acme: Tenant;
  let runs: Array<Awaited<ReturnType<typeof processPdf>>>;
  beforeAll(async () => {
    t = await startTestApp();
    acme = await createTenant(t.http);
    runs = [
      await processPdf(t, acme.analyst, (await generateStatement('cams_summary', { seed: 31 })).pdf, 'first.pdf'),
      await processPdf(t, acme.analyst, await imageOnlyPdf(), 'scan.pdf'),
    ];
  });
  afterAll(() => t.close());

  it('answers the caller’s summary of documents, runs and token usage', async () => {
    expect(runs.map((r) => r.status)).toEqual(['completed', 'failed']);
    const [usage] = await sql(
      `SELECT sum(input_tokens + output_tokens)::int AS tokens, sum(cost_inr)::float AS cost FROM token_usage WHERE document_id = ANY($1::uuid[])`,
      [runs.map((r) => r.doc_id)],
    );
    const res = await t.http.get('/api/v1/dashboard?period=all_time').set(bearer(acme.analyst));
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      documents_processed: 2,
      extractions: 1,
      success_rate: 50,
      conversations: 0,
      token_usage: { total_tokens: usage.tokens, total_cost_inr: Math.round(usage.cost * 100) / 100 },
      period: 'all_time',
    });
    expect(usage.tokens).toBeGreaterThan(0);
  });

  it('takes a period (all_time by default); 400 for any other, 401 without a token', async () => {
    expect((await t.http.get('/api/v1/dashboard?period=7d').set(bearer(acme.analyst))).body.result).toMatchObject({ documents_processed: 2, period: '7d' });
    expect((await t.http.get('/api/v1/dashboard').set(bearer(acme.analyst))).body.result.period).toBe('all_time');
    for (const period of ['1y', '7', 'ALL_TIME', '']) {
      const bad = await t.http.get(`/api/v1/dashboard?period=${period}`).set(bearer(acme.analyst));
      expect({ period, status: bad.status }).toEqual({ period, status: 400 });
      expect(errorCode(bad)).toBe('VALIDATION_ERROR');
    }
    expect((await t.http.get('/api/v1/dashboard')).status).toBe(401);
  });

  it('lists the caller’s activity newest first, paginated; 400 for a bad page', async () => {
    const res = await t.http.get('/api/v1/dashboard/activity?page=1&limit=20').set(bearer(acme.analyst));
    expect(res.status).toBe(200);
    const { items, total, page, limit, has_more } = res.body.result;
    expect({ total, page, limit, has_more }).toEqual({ total: 4, page: 1, limit: 20, has_more: false });
    for (const e of items) {
      expect(Object.keys(e).sort()).toEqual(['created_at', 'id', 'resource_id', 'resource_type', 'title', 'type']);
      expect(runs.map((r) => r.doc_id)).toContain(e.resource_id);
    }
    expect(items.map((e: { type: string }) => e.type).sort()).toEqual(['document.uploaded', 'document.uploaded', 'extraction.completed', 'extraction.failed']);
    const times = items.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await t.http.get('/api/v1/dashboard/activity?page=2&limit=3').set(bearer(acme.analyst));
    expect(second.body.result).toMatchObject({ page: 2, limit: 3, total: 4, has_more: false });
    expect(second.body.result.items).toHaveLength(1);
    const bad = await t.http.get('/api/v1/dashboard/activity?page=0').set(bearer(acme.analyst));
    expect(bad.status).toBe(400);
    expect(errorCode(bad)).toBe('VALIDATION_ERROR');
  });
});
