import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement, imageOnlyPdf } from '../fixtures/generator/index.js';
import type { Principal } from '../../src/common/auth/principal.js';
import { PipelineService, ResultsService } from '../../src/modules/nexus/index.js';
import { sql } from '../support/db.js';
import { failure, serviceHarness, type ServiceHarness, type TestTenant } from '../support/service-harness.js';
import { nexusHarnessModules, processDocument, runPipeline, storeDocument, waitForRun } from '../support/service-documents.js';

const STAGE_NAMES = ['upload', 'classification', 'parsing', 'structuring', 'extraction', 'validation', 'enrichment', 'calculation', 'summary', 'completion'];

const outboxEvents = (documentId: string) =>
  sql<{ event_type: string; data: Record<string, any> }>(`SELECT event_type, data FROM outbox_events WHERE data->>'document_id' = $1 ORDER BY created_at`, [documentId]);
const documentRow = async (id: string) =>
  (await sql<{ status: string; classification: string | null; confidence_score: number | null }>('SELECT status, classification, confidence_score FROM documents WHERE id = $1', [id]))[0];

// A document's pipeline runs (PipelineService, the stage workers, ResultsService): what a run leaves on
// the document, its extraction and the outbox; when a start begins a new run; passwords; failures; who
// sees a run. The wire (the start's and the progress' shapes, 4xx answers, the role guard) is in
// test/e2e/nexus-pipeline.e2e-spec.ts.
describe('pipeline runs', () => {
  let h: ServiceHarness;
  let pipeline: PipelineService;
  let results: ResultsService;
  let acme: TestTenant;
  let analyst: Principal;
  beforeAll(async () => {
    h = await serviceHarness(nexusHarnessModules('all'), { env: { QUEUE_PREFIX: `runs${Date.now()}` } });
    pipeline = h.get(PipelineService);
    results = h.get(ResultsService);
    acme = await h.tenant();
    analyst = await acme.user('analyst');
  });
  afterAll(() => h.close());

  it('a completed run keeps the extraction, marks the document completed and classified, and records one document.completed event', async () => {
    const statement = await generateStatement('cams_detailed', { seed: 11 });
    const { doc_id, run } = await processDocument(h, analyst, statement.pdf);
    expect(run).toMatchObject({ status: 'completed', progress_pct: 100, stages_completed: 10, total_stages: 10, document_id: doc_id });
    expect(run.stages.map((s) => [s.name, s.status])).toEqual(STAGE_NAMES.map((name) => [name, 'completed']));
    expect((run.extractions!.holdings as Array<{ isin: string }>).map((x) => x.isin).sort()).toEqual(statement.model.holdings.map((x) => x.isin).sort());

    const extraction = await results.extraction(analyst, doc_id);
    expect(extraction.document_type).toBe('CAMS_DETAILED_CAS');
    expect(extraction.entities[0].pan).toBe(statement.model.investors[0].pan);
    const holdings = extraction.entities.flatMap((e) => e.holdings);
    for (const expected of statement.model.holdings) {
      expect(holdings.find((x) => x.isin === expected.isin)).toMatchObject({ units: expected.units, nav: expected.nav, market_value: expected.market_value });
    }
    const doc = await documentRow(doc_id);
    expect(doc).toMatchObject({ status: 'completed', classification: 'CAMS_DETAILED_CAS' });
    expect(Number(doc.confidence_score)).toBeGreaterThan(0);

    const events = await outboxEvents(doc_id);
    expect(events.map((e) => e.event_type)).toEqual(['document.completed']);
    expect(events[0].data).toMatchObject({
      document_id: doc_id,
      tenant_id: acme.id,
      user_id: analyst.userId,
      document_type: 'CAMS_DETAILED_CAS',
      pages: statement.model.page_count,
      extractions: { holdings_count: statement.model.holdings.length, total_aum: statement.model.totals.market_value, currency: 'INR' },
    });
  });

  it('a start while the document runs answers the running process; once it ended, a start begins a new run', async () => {
    const { job_id } = await storeDocument(h, analyst, (await generateStatement('cams_summary', { seed: 13 })).pdf);
    const [a, b] = await Promise.all([pipeline.start(analyst, job_id), pipeline.start(analyst, job_id)]);
    expect(b.process_id).toBe(a.process_id);
    expect(await pipeline.start(analyst, job_id)).toEqual(a);
    expect((await waitForRun(h, analyst, a.process_id)).status).toBe('completed');
    const again = await runPipeline(h, analyst, job_id);
    expect(again.process_id).not.toBe(a.process_id);
    expect(again.status).toBe('completed');
  });

  it('an encrypted statement needs its password: refused without it or with a wrong one, opened with it, and kept sealed for a re-run', async () => {
    const statement = await generateStatement('cams_detailed', { seed: 12, encrypt: true });
    const { job_id, doc_id, password_required } = await storeDocument(h, analyst, statement.pdf);
    expect(password_required).toBe(true);
    expect(await failure(pipeline.start(analyst, job_id))).toBe('PDF_PASSWORD_REQUIRED');
    expect(await failure(pipeline.start(analyst, job_id, 'WRONG1234X'))).toBe('PDF_PASSWORD_INVALID');
    expect(await sql('SELECT 1 FROM pipeline_processes WHERE document_id = $1', [doc_id])).toEqual([]);

    const started = await pipeline.start(analyst, job_id, statement.password!);
    const first = await waitForRun(h, analyst, started.process_id);
    expect(first.status).toBe('completed');
    expect(first.extractions!.holdings).toHaveLength(statement.model.holdings.length);
    const [row] = await sql<{ sealed_password: string }>('SELECT sealed_password FROM documents WHERE id = $1', [doc_id]);
    expect(row.sealed_password).not.toContain(statement.password!);
    expect((await runPipeline(h, analyst, job_id)).status).toBe('completed');
  });

  it('an image-only PDF fails at parsing with NO_TEXT_LAYER, not retryable: the document failed, one document.failed event, no extraction', async () => {
    const { doc_id, run } = await processDocument(h, analyst, await imageOnlyPdf(), 'scan.pdf');
    expect(run.status).toBe('failed');
    expect(run.error).toMatchObject({ code: 'NO_TEXT_LAYER', stage: 'parsing', retryable: false });
    expect(run.progress_pct).toBeLessThan(100);
    expect((await documentRow(doc_id)).status).toBe('failed');
    expect(await outboxEvents(doc_id)).toEqual([
      { event_type: 'document.failed', data: { document_id: doc_id, error_code: 'NO_TEXT_LAYER', error_message: expect.any(String), stage: 'parsing', retryable: false } },
    ]);
    expect(await failure(results.extraction(analyst, doc_id))).toBe('NOT_FOUND');
  });

  it('a bank statement completes with no holdings and says it is not a holdings statement', async () => {
    const statement = await generateStatement('bank_statement', { seed: 14 });
    const doc = await storeDocument(h, analyst, statement.pdf, 'bank.pdf');
    const run = await runPipeline(h, analyst, doc.job_id, statement.password ?? undefined);
    expect(run.status).toBe('completed');
    expect(run.extractions!.holdings).toEqual([]);
    expect(await results.extraction(analyst, doc.doc_id)).toMatchObject({ document_type: 'BANK_STATEMENT', holdings_statement: false });
  });

  it("a run, its extraction and its token usage are the owner's and the tenant admin's: NOT_FOUND for a viewer and for another tenant", async () => {
    const { doc_id, job_id, run } = await processDocument(h, analyst, (await generateStatement('cams_summary', { seed: 15 })).pdf);
    const [viewer, rival] = await Promise.all([acme.user('viewer'), h.tenant()]);
    const reads = (user: Principal) => [pipeline.progress(user, run.process_id), results.extraction(user, doc_id), results.tokenUsage(user, doc_id)];
    await Promise.all(reads(acme.admin));
    for (const other of [viewer, rival.admin]) for (const read of reads(other)) expect(await failure(read)).toBe('NOT_FOUND');
    expect(await failure(pipeline.start(rival.admin, job_id))).toBe('NOT_FOUND');
  });

});
