// Malicious PDFs through the real upload, pipeline and layout rendering (docs/reliability.md, "Hostile
// input"): each fails cleanly, in time, without ballooning this process (which hosts the queue workers).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement } from '../fixtures/generator/index.js';
import { imageHeaderThenPdf, ole2WithPdf, pdfAfter, zipOfPdf } from '../fixtures/generator/negative.js';
import { simplePdf } from '../support/pdf.js';
import { bearer, createTenant, errorCode, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import * as hostile from '../support/hostile/malicious-pdfs.js';

const STAGE_TIMEOUT_MS = 8_000;
const PIPELINE_TIMEOUT_MS = 20_000;
/**
 * The longest a LAYOUT read may hold its reader: 30 s of processor time, whose wall-clock backstop (3×)
 * may pass first on a loaded machine, and then the one retry.
 */
const LAYOUT_WORST_MS = 2 * 3 * 30_000;
/** How much this process (API and queue workers; the PDF readers are child processes) may grow over the whole run. */
const MEMORY_BOUND_BYTES = 500 * 1024 * 1024;
const MiB = 1024 * 1024;

type Outcome =
  | { upload: 'refused'; codes: string[] }
  | { upload: 'accepted'; pipeline: 'failed'; codes: string[] }
  | { upload: 'accepted'; pipeline: 'ends' };

interface Case {
  name: string;
  make: () => Buffer | Promise<Buffer>;
  outcome: Outcome;
}

const CASES: Case[] = [
  { name: 'a truncated file', make: hostile.truncatedPdf, outcome: { upload: 'refused', codes: ['UNPROCESSABLE'] } },
  { name: 'a garbage xref table (pdfjs rebuilds it from the objects)', make: hostile.garbageXref, outcome: { upload: 'accepted', pipeline: 'ends' } },
  { name: 'a page tree claiming 100,000,000 pages', make: hostile.hugePageCount, outcome: { upload: 'accepted', pipeline: 'ends' } },
  { name: 'a page tree listing one page 100,000 times', make: () => hostile.repeatedPageTree(100_000), outcome: { upload: 'accepted', pipeline: 'failed', codes: ['PDF_UNREADABLE'] } },
  { name: 'a decompression bomb (600 KB inflating to 600 MiB)', make: () => hostile.decompressionBomb(600), outcome: { upload: 'accepted', pipeline: 'failed', codes: ['PDF_UNREADABLE'] } },
  { name: 'the same bomb behind RC4 encryption with an empty password', make: () => hostile.encryptedDecompressionBomb(600), outcome: { upload: 'accepted', pipeline: 'failed', codes: ['PDF_UNREADABLE'] } },
  { name: 'a text-run bomb (millions of one-letter runs)', make: () => hostile.textRunBomb(96), outcome: { upload: 'accepted', pipeline: 'failed', codes: ['PDF_UNREADABLE', 'EXTRACTION_TIMEOUT'] } },
  { name: 'objects nested 100,000 deep', make: () => hostile.deeplyNested(100_000), outcome: { upload: 'accepted', pipeline: 'ends' } },
  // PDFium's reader grows past the child's memory limit on it (pdfjs would read it practically forever):
  // unreadable, or the stage's time limit first on a loaded machine.
  { name: 'content nested 100,000 deep', make: () => hostile.deeplyNestedContent(100_000), outcome: { upload: 'accepted', pipeline: 'failed', codes: ['PDF_UNREADABLE', 'EXTRACTION_TIMEOUT'] } },
  { name: 'a broken encryption dictionary', make: hostile.brokenEncryption, outcome: { upload: 'refused', codes: ['UNPROCESSABLE'] } },
  { name: 'a PDF header followed by a zip', make: hostile.pdfHeaderThenZip, outcome: { upload: 'refused', codes: ['UNPROCESSABLE'] } },
  { name: 'a PDF header followed by random bytes', make: hostile.headerOnlyGarbage, outcome: { upload: 'refused', codes: ['UNPROCESSABLE'] } },
  // Files that carry a readable PDF within their first kilobyte but do not start with it: refused by content.
  { name: 'a ZIP archive whose stored member is a PDF', make: async () => zipOfPdf(await simplePdf(['Consolidated Account Statement'])), outcome: { upload: 'refused', codes: ['UNSUPPORTED_MEDIA_TYPE'] } },
  { name: 'a JPEG header, then a PDF (a polyglot)', make: async () => imageHeaderThenPdf('jpeg', await simplePdf(['Consolidated Account Statement'])), outcome: { upload: 'refused', codes: ['UNSUPPORTED_MEDIA_TYPE'] } },
  { name: 'an OLE2 (legacy office) header, then a PDF', make: async () => ole2WithPdf(await simplePdf(['Consolidated Account Statement'])), outcome: { upload: 'refused', codes: ['UNSUPPORTED_MEDIA_TYPE'] } },
  { name: 'a PDF behind a UTF-8 byte-order mark', make: async () => pdfAfter('\ufeff', await simplePdf(['Consolidated Account Statement'])), outcome: { upload: 'refused', codes: ['UNSUPPORTED_MEDIA_TYPE'] } },
];

/** Failure codes a hostile file may end with: all documented in docs/pipeline.md, none "unexpected". */
const CLEAN_FAILURES = ['PDF_UNREADABLE', 'EXTRACTION_TIMEOUT', 'NO_TEXT_LAYER', 'PDF_PASSWORD_REQUIRED', 'PDF_PASSWORD_INVALID'];

describe('hostile input: malicious PDFs through the real upload and pipeline', () => {
  let t: TestApp;
  let acme: Tenant;
  const files = new Map<string, Buffer>();
  let baseline = 0;
  let peak = 0;
  let sampler: NodeJS.Timeout;

  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'foliodesk-hostile-pdfs-'));
    t = await startTestApp({
      STORAGE_DIR: join(root, 'storage'),
      PIPELINE_STAGE_TIMEOUT_MS: String(STAGE_TIMEOUT_MS),
      PIPELINE_TIMEOUT_MS: String(PIPELINE_TIMEOUT_MS),
      PIPELINE_RECONCILE_INTERVAL_MS: '500',
      PIPELINE_STALE_AFTER_MS: '1500',
    });
    acme = await createTenant(t.http);
    for (const c of CASES) files.set(c.name, await c.make());
    // Warm up (the PDF engine's children, the queues) on a real statement before the baseline is taken.
    const warm = await generateStatement('cams_detailed', { seed: 5 });
    const up = await uploadPdf(t, acme.analyst, warm.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: up.job_id });
    expect((await waitForProcess(t, acme.analyst, start.body.process_id)).final.status).toBe('completed');
    baseline = process.memoryUsage().rss;
    sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  }, 120_000);
  afterAll(async () => {
    clearInterval(sampler);
    await t.close();
  });

  for (const c of CASES) {
    it(`${c.name}: ${c.outcome.upload === 'refused' ? 'refused at upload' : c.outcome.pipeline === 'failed' ? `fails with ${c.outcome.codes.join(' or ')}` : 'ends'} within the time limit`, async () => {
      const pdf = files.get(c.name)!;
      const upload = await t.http.post('/api/v1/nexus/upload/').set(bearer(acme.analyst)).attach('file', pdf, { filename: 'CAS_statement.pdf', contentType: 'application/pdf' });
      if (c.outcome.upload === 'refused') {
        expect(upload.status).toBeGreaterThanOrEqual(400);
        expect(upload.status).toBeLessThan(500);
        expect(c.outcome.codes).toContain(errorCode(upload));
        return;
      }
      expect(upload.status).toBe(201);
      const { job_id: jobId } = upload.body.result;

      const started = Date.now();
      const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: jobId });
      expect(start.status).toBe(200);
      const { final } = await waitForProcess(t, acme.analyst, start.body.process_id, PIPELINE_TIMEOUT_MS + 10_000);
      const elapsed = Date.now() - started;
      // The whole-run limit, plus the reconciler's reaction time when a stage's job had to be re-enqueued.
      expect(elapsed).toBeLessThan(PIPELINE_TIMEOUT_MS + 5_000);
      if (c.outcome.pipeline === 'failed') {
        expect(final.status).toBe('failed');
        expect(c.outcome.codes).toContain(final.error.code);
        expect(final.error.retryable).toBe(final.error.code === 'EXTRACTION_TIMEOUT');
      } else {
        expect(['completed', 'failed']).toContain(final.status);
        if (final.status === 'failed') expect(CLEAN_FAILURES).toContain(final.error.code);
      }

      // The layout analysis of the same file is refused cleanly too (it renders every page with pdfjs).
      const layout = await t.http.get(`/api/v1/nexus/doc-fetch/${jobId}?type=LAYOUT`).set(bearer(acme.analyst));
      // 503 PDF_ENGINE_BUSY only when a loaded machine starved the reader of processor time (not the file's fault; try again).
      if (layout.status === 503) expect(errorCode(layout)).toBe('PDF_ENGINE_BUSY');
      else if (layout.status >= 400) expect(errorCode(layout)).toBe('UNPROCESSABLE');
      expect(layout.status === 503 || layout.status < 500).toBe(true);

      expect((await t.http.get('/api/v1/health')).status).toBe(200);
    }, PIPELINE_TIMEOUT_MS + LAYOUT_WORST_MS + 30_000);
  }

  it('records the real page count of a file that claims 100,000,000 pages', async () => {
    const up = await uploadPdf(t, acme.admin, hostile.hugePageCount());
    const list = await t.http.get('/api/v1/nexus/documents?limit=200').set(bearer(acme.admin));
    const doc = list.body.result.items.find((d: { doc_id: string }) => d.doc_id === up.doc_id);
    expect(doc.pages).toBe(1);
  });

  it('has not ballooned: resident memory within the bound of the baseline, and a real statement still goes through', async () => {
    const after = process.memoryUsage().rss;
    // eslint-disable-next-line no-console
    console.log(`hostile-pdfs: rss baseline ${Math.round(baseline / MiB)} MiB, peak ${Math.round(peak / MiB)} MiB, after ${Math.round(after / MiB)} MiB`);
    expect(after - baseline).toBeLessThan(MEMORY_BOUND_BYTES);
    expect(peak - baseline).toBeLessThan(MEMORY_BOUND_BYTES + 256 * MiB);

    const statement = await generateStatement('cams_detailed', { seed: 9 });
    const up = await uploadPdf(t, acme.analyst, statement.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: up.job_id });
    const { final } = await waitForProcess(t, acme.analyst, start.body.process_id);
    expect(final.status).toBe('completed');
    expect(final.extractions.holdings.length).toBe(statement.model.holdings.length);
    expect((await t.http.get('/api/v1/health')).status).toBe(200);
  }, 60_000);
});
