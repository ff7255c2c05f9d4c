import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement, imageOnlyPdf } from '../fixtures/generator/index.js';
import { bearer, errorCode, twoTenants, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

const STAGE_NAMES = ['upload', 'classification', 'parsing', 'structuring', 'extraction', 'validation', 'enrichment', 'calculation', 'summary', 'completion'];

// The wire of a pipeline run: starting it, its progress (also at the alias path), the extraction and
// token usage routes, and their refusals. What a run leaves behind (document status, outbox events),
// re-runs, passwords kept sealed and the failures' rules are test/service/pipeline-runs.service-spec.ts's.
describe('nexus pipeline: upload → process → progress → extraction', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  beforeAll(async () => ({ t, acme, rival } = await twoTenants({ PIPELINE_RECONCILE_INTERVAL_MS: '500', PIPELINE_STALE_AFTER_MS: '1500' })));
  afterAll(() => t.close());

  it('runs all ten stages on a CAMS statement and serves the extraction, progress and outbox event', async () => {
    const statement = await generateStatement('cams_detailed', { seed: 11 });
    const upload = await uploadPdf(t, acme.analyst, statement.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ process_id: expect.any(String), job_id: upload.job_id, status: 'processing' });

    const { final, seen } = await waitForProcess(t, acme.analyst, start.body.process_id);
    expect(final.status).toBe('completed');
    expect(final.progress_pct).toBe(100);
    expect(final.stages_completed).toBe(10);
    expect(final.total_stages).toBe(10);
    expect(final.document_id).toBe(upload.doc_id);
    expect(final.stages.map((s: { name: string }) => s.name)).toEqual(STAGE_NAMES);
    for (const s of final.stages) {
      expect(s.status).toBe('completed');
      expect(Number.isInteger(s.duration_ms)).toBe(true);
    }
    // progress never goes backwards, and is 100 only once completed
    const pcts = seen.map((b) => b.progress_pct);
    expect([...pcts].sort((a, b) => a - b)).toEqual(pcts);
    expect(seen.filter((b) => b.status === 'processing').every((b) => b.progress_pct < 100)).toBe(true);
    // the same progress at the alias path
    const alias = await t.http.get(`/api/v2/status/process/${start.body.process_id}/progress`).set(bearer(acme.analyst));
    expect(alias.body.status).toBe('completed');

    const expectedIsins = statement.model.holdings.map((h) => h.isin).sort();
    expect(final.extractions.holdings.map((h: { isin: string }) => h.isin).sort()).toEqual(expectedIsins);

    const extraction = await t.http.get(`/api/v1/nexus/documents/${upload.doc_id}/extraction`).set(bearer(acme.analyst));
    expect(extraction.status).toBe(200);
    const result = extraction.body.result;
    expect(result.doc_id).toBe(upload.doc_id);
    expect(result.document_type).toBe('CAMS_DETAILED_CAS');
    const holdings = result.entities.flatMap((e: { holdings: unknown[] }) => e.holdings);
    for (const expected of statement.model.holdings) {
      const got = holdings.find((h: { isin: string }) => h.isin === expected.isin);
      expect(got).toMatchObject({ units: expected.units, nav: expected.nav, market_value: expected.market_value });
    }
    expect(result.entities[0].pan).toBe(statement.model.investors[0].pan);
    const alloc = result.entities[0].asset_allocation;
    expect(alloc.equity + alloc.debt + alloc.hybrid + alloc.other).toBeCloseTo(100, 2);

    const list = await t.http.get('/api/v1/documents/me').set(bearer(acme.analyst));
    const item = list.body.result.find((d: { doc_id: string }) => d.doc_id === upload.doc_id);
    expect(item).toMatchObject({ status: 'completed', classification: 'CAMS_DETAILED_CAS' });
    expect(item.confidence_score).toBeGreaterThan(0);

    const usage = await t.http.get(`/api/v1/nexus/token-usage/${upload.doc_id}`).set(bearer(acme.analyst));
    expect(usage.status).toBe(200);
    const summaryRow = usage.body.result.stages.find((s: { stage_name: string }) => s.stage_name === 'summary');
    expect(summaryRow.input_tokens).toBeGreaterThan(0);
    expect(summaryRow.output_tokens).toBeGreaterThan(0);
    expect(usage.body.result.total_tokens).toBe(
      usage.body.result.stages.reduce((n: number, s: { input_tokens: number; output_tokens: number }) => n + s.input_tokens + s.output_tokens, 0),
    );

  });

  it('answers 422 at once for an encrypted statement started without its password or with a wrong one, 200 with it', async () => {
    const statement = await generateStatement('cams_detailed', { seed: 12, encrypt: true });
    const upload = await uploadPdf(t, acme.analyst, statement.pdf);
    expect(upload.password_required).toBe(true);
    const missing = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
    expect(missing.status).toBe(422);
    expect(errorCode(missing)).toBe('PDF_PASSWORD_REQUIRED');
    const wrong = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id, password: 'WRONG1234X' });
    expect(wrong.status).toBe(422);
    expect(errorCode(wrong)).toBe('PDF_PASSWORD_INVALID');
    const ok = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id, password: statement.password });
    expect(ok.status).toBe(200);
    await waitForProcess(t, acme.analyst, ok.body.process_id);
  });

  it("answers a failed run's progress with its error, and 404 for the extraction it did not produce", async () => {
    const upload = await uploadPdf(t, acme.analyst, await imageOnlyPdf(), 'scan.pdf');
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
    const { final } = await waitForProcess(t, acme.analyst, start.body.process_id);
    expect(final.status).toBe('failed');
    expect(final.error).toMatchObject({ code: 'NO_TEXT_LAYER', stage: 'parsing', retryable: false });
    expect(final.progress_pct).toBeLessThan(100);
    const extraction = await t.http.get(`/api/v1/nexus/documents/${upload.doc_id}/extraction`).set(bearer(acme.analyst));
    expect(extraction.status).toBe(404);
  });

  it('keeps processes, progress, extraction and token usage to the owner, the tenant admin and nobody else', async () => {
    const statement = await generateStatement('cams_summary', { seed: 15 });
    const upload = await uploadPdf(t, acme.analyst, statement.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
    await waitForProcess(t, acme.analyst, start.body.process_id);
    const paths = [
      `/api/v2/nexus/status/process/${start.body.process_id}/progress`,
      `/api/v1/nexus/documents/${upload.doc_id}/extraction`,
      `/api/v1/nexus/token-usage/${upload.doc_id}`,
    ];
    for (const path of paths) {
      expect((await t.http.get(path).set(bearer(acme.admin))).status).toBe(200);
      for (const other of [acme.viewer, rival.admin, rival.analyst]) {
        const res = await t.http.get(path).set(bearer(other));
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
    }
    const foreignStart = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(rival.admin)).send({ job_id: upload.job_id });
    expect(foreignStart.status).toBe(404);
  });

  it('answers bad pipeline requests with clear 4xx codes', async () => {
    const cases: Array<[object, number]> = [
      [{}, 400],
      [{ job_id: 'not-a-uuid' }, 400],
      [{ job_id: '00000000-0000-4000-8000-000000000000' }, 404],
      [{ job_id: '00000000-0000-4000-8000-000000000000', password: 42 }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send(body);
      expect({ body, status: res.status, success: res.body.success }).toEqual({ body, status, success: false });
    }
    expect((await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.viewer)).send({ job_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(403);
    expect((await t.http.get('/api/v2/nexus/status/process/not-a-uuid/progress').set(bearer(acme.analyst))).status).toBe(404);
  });
});
