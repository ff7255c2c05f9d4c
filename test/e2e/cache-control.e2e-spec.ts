import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement } from '../fixtures/generator/index.js';
import { bearer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

// Originals, exports and extraction results are one tenant's personal financial data: a browser or a
// shared cache (a corporate proxy, a CDN) must never keep a copy.
describe('Cache-Control: no-store on every API answer, and no ETag', () => {
  let t: TestApp;
  let acme: Tenant;
  let job: { job_id: string; doc_id: string };
  beforeAll(async () => {
    t = await startTestApp();
    acme = await createTenant(t.http);
    const statement = await generateStatement('cams_detailed', { seed: 7, investors: 1 });
    job = await uploadPdf(t, acme.analyst, statement.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: job.job_id });
    const { final } = await waitForProcess(t, acme.analyst, start.body.process_id);
    if (final.status !== 'completed') throw new Error(`pipeline did not complete: ${JSON.stringify(final)}`);
  }, 90_000);
  afterAll(() => t.close());

  it.each([
    { name: 'the original PDF', path: () => `/api/v1/nexus/doc-fetch/${job.job_id}?type=ORIGINAL` },
    { name: 'the extraction result', path: () => `/api/v1/nexus/documents/${job.doc_id}/extraction` },
    { name: 'a CSV export', path: () => `/api/v1/nexus/export/${job.job_id}?export_type=holdings&format=csv` },
    { name: 'a JSON export', path: () => `/api/v1/nexus/export/${job.job_id}?export_type=holdings&format=json` },
    { name: 'the token usage', path: () => `/api/v1/nexus/token-usage/${job.doc_id}` },
    { name: 'the caller’s document list', path: () => '/api/v1/documents/me' },
  ])('$name', async ({ path }) => {
    const res = await t.http.get(path()).set(bearer(acme.analyst)).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  // No cache may keep an answer, so none can revalidate it: the service computes no ETag for it.
  it.each([
    { name: 'the caller’s document list', path: () => '/api/v1/documents/me' },
    { name: 'the extraction result', path: () => `/api/v1/nexus/documents/${job.doc_id}/extraction` },
  ])('$name carries no ETag, and a conditional request gets the whole answer', async ({ path }) => {
    const res = await t.http.get(path()).set(bearer(acme.analyst)).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    const again = await t.http.get(path()).set(bearer(acme.analyst)).set('If-None-Match', 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"').buffer(true);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
  });

  it('a stored report, and an error answer, too', async () => {
    const csv = await t.http.get(`/api/v1/nexus/export/${job.job_id}?export_type=holdings&format=csv`).set(bearer(acme.analyst)).buffer(true);
    const report = await t.http.get(`/api/v1/nexus/reports/${csv.headers['x-report-id']}`).set(bearer(acme.analyst)).buffer(true);
    expect(report.status).toBe(200);
    expect(report.headers['cache-control']).toBe('no-store');
    const missing = await t.http.get('/api/v1/nexus/doc-fetch/00000000-0000-4000-8000-000000000000?type=ORIGINAL').set(bearer(acme.analyst));
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
