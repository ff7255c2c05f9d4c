// The PDF engine through the API (docs/security.md, "PDF work holding up the service"): a page drawn
// huge (/UserUnit 20 on the largest MediaBox) does not stop the API from answering and is drawn within
// the pixel budget, once; a tenant whose share of the engine is full gets 503 PDF_ENGINE_BUSY with
// Retry-After; a pipeline stage that meets it waits instead of failing the document.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unzipSync } from 'fflate';
import { PdfEngine } from '../../src/modules/pdf/pdf-engine.js';
import { MAX_PAGE_PIXELS } from '../../src/modules/pdf/reader/layout.js';
import { generateStatement } from '../fixtures/generator/index.js';
import { bearer, errorCode, twoTenants, type Tenant, type TestApp } from '../support/app.js';
import { hugeUserUnitPage } from '../support/hostile/malicious-pdfs.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

const binaryParser = (res: any, cb: (e: Error | null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const pngSize = (png: Uint8Array) => ({ width: Buffer.from(png).readUInt32BE(16), height: Buffer.from(png).readUInt32BE(20) });
const storageDir = process.env.STORAGE_DIR!;

describe('the PDF engine behind the API', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let engine: PdfEngine;
  beforeAll(async () => {
    ({ t, acme, rival } = await twoTenants({ PDF_ENGINE_POOL_SIZE: '2', PDF_ENGINE_QUEUE_LIMIT: '2', PDF_ENGINE_QUEUE_PER_TENANT: '1' }));
    engine = t.app.get(PdfEngine);
  });
  afterAll(() => t.close());

  const scrape = async () => (await t.http.get('/metrics')).text;
  /** The value of an unlabelled series in a scrape. */
  const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);

  /** Holds the engine with a job for each of `tenants` (running, or waiting); `release` ends them. */
  function holdEngine(tenants: string[]) {
    const stop = new AbortController();
    const held = tenants.map((tenant) => engine.run(tenant, { kind: 'test:hang' }, { signal: stop.signal, timeoutMs: 120_000 }).catch(() => undefined));
    return { release: () => (stop.abort(), Promise.all(held)) };
  }

  it('keeps answering /health/live, and does not grow, while a /UserUnit 20 page is drawn for LAYOUT; draws it within 16 Mpx and stores it', async () => {
    // The reproduced attack: 593 bytes, a letter-size page with /UserUnit 20 (436 million pixels at the layout's scale).
    const up = await uploadPdf(t, acme.analyst, hugeUserUnitPage());
    // Each probe's answer time, and the gap between one answer and the next (the event loop held in between shows there).
    const probes: number[] = [];
    let lastAnswer = performance.now();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let drawing = true;
    const probing = (async () => {
      while (drawing) {
        const started = performance.now();
        expect((await t.http.get('/api/v1/health/live')).status).toBe(200);
        const answered = performance.now();
        probes.push(answered - started, answered - lastAnswer - 50);
        lastAnswer = answered;
        peak = Math.max(peak, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const layout = await t.http.get(`/api/v1/nexus/doc-fetch/${up.job_id}?type=LAYOUT`).set(bearer(acme.analyst)).buffer(true).parse(binaryParser);
    drawing = false;
    await probing;
    // eslint-disable-next-line no-console
    console.log(`LAYOUT attack: ${probes.length / 2} probes, slowest answer or gap ${Math.round(Math.max(...probes))} ms; API process grew ${Math.round((peak - baseline) / 1048576)} MiB at most`);
    expect(layout.status).toBe(200);
    expect(probes.length).toBeGreaterThan(0);
    // Drawn on the API's event loop it held it for 7–12 s; a loaded machine may delay an answer a second or two.
    expect(Math.max(...probes)).toBeLessThan(3000);
    // The page is drawn elsewhere: the API process (this one) does not hold its pixels.
    expect(peak - baseline).toBeLessThan(300 * 1048576);
    const files = unzipSync(new Uint8Array(layout.body as Buffer));
    const { width, height } = pngSize(files['page-001.png']);
    expect(width * height).toBeLessThanOrEqual(MAX_PAGE_PIXELS);

    // Drawn once: stored beside the original, the second fetch is the stored zip, even with no room in the engine.
    expect((await stat(join(storageDir, acme.analyst.tenantId, `${up.doc_id}.layout.zip`))).size).toBe((layout.body as Buffer).length);
    const hold = holdEngine(['ten_x', 'ten_y']);
    const again = await t.http.get(`/api/v1/nexus/doc-fetch/${up.job_id}?type=LAYOUT`).set(bearer(acme.analyst)).buffer(true).parse(binaryParser);
    await hold.release();
    expect(again.status).toBe(200);
    expect(Buffer.compare(again.body as Buffer, layout.body as Buffer)).toBe(0);
    // The stored layout is the document's: another tenant still gets 404.
    expect((await t.http.get(`/api/v1/nexus/doc-fetch/${up.job_id}?type=LAYOUT`).set(bearer(rival.admin))).status).toBe(404);
  }, 120_000);

  it("answers 503 PDF_ENGINE_BUSY with Retry-After when the tenant's share of the engine is full, stores nothing, and takes the upload once there is room", async () => {
    const statement = (await generateStatement('cams_summary', { seed: 11 })).pdf;
    const before = (await t.http.get('/api/v1/nexus/documents?limit=200').set(bearer(acme.admin))).body.result.total;
    const tenant = acme.analyst.tenantId;
    const rejectedBefore = metric(await scrape(), 'foliodesk_pdf_engine_rejections_total');
    // acme holds all but one child (one job running) and its one place in the queue; another tenant fills the queue's other place.
    const hold = holdEngine([tenant, tenant, 'ten_x', 'ten_y']);
    await new Promise((r) => setTimeout(r, 100));
    const busy = await t.http.post('/api/v1/nexus/upload/').set(bearer(acme.analyst)).attach('file', statement, { filename: 'CAS.pdf', contentType: 'application/pdf' });
    expect(busy.status).toBe(503);
    // The engine's figures in /metrics: both children busy, two jobs queued, the refusal counted.
    const during = await scrape();
    expect(metric(during, 'foliodesk_pdf_engine_pool_size')).toBe(2);
    expect(metric(during, 'foliodesk_pdf_engine_busy_children')).toBe(2);
    expect(metric(during, 'foliodesk_pdf_engine_queued_jobs')).toBe(2);
    expect(metric(during, 'foliodesk_pdf_engine_rejections_total')).toBe(rejectedBefore + 1);
    for (const cause of ['memory', 'cpu', 'wall']) expect(during).toMatch(new RegExp(`^foliodesk_pdf_engine_children_killed_total\\{cause="${cause}"\\} \\d+$`, 'm'));
    expect(errorCode(busy)).toBe('PDF_ENGINE_BUSY');
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(busy.body)).not.toMatch(/at .*\.ts:\d+/);
    // A tenant with nothing queued or running is still let in, though the queue is full.
    const rivalRead = engine.run(rival.analyst.tenantId, { kind: 'test:env' });
    await hold.release();
    expect(await rivalRead).toEqual({});
    expect((await t.http.get('/api/v1/nexus/documents?limit=200').set(bearer(acme.admin))).body.result.total).toBe(before);
    expect((await t.http.post('/api/v1/nexus/upload/').set(bearer(acme.analyst)).attach('file', statement, { filename: 'CAS.pdf', contentType: 'application/pdf' })).status).toBe(201);
  }, 60_000);

  it('a pipeline stage that meets a full engine waits and retries: the statement completes', async () => {
    const statement = await generateStatement('cams_detailed', { seed: 12 });
    const up = await uploadPdf(t, acme.analyst, statement.pdf);
    const tenant = acme.analyst.tenantId;
    const hold = holdEngine([tenant, tenant]); // acme's running job and its one place in the queue
    await new Promise((r) => setTimeout(r, 100));
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: up.job_id });
    expect(start.status).toBe(200);
    await new Promise((r) => setTimeout(r, 3_000));
    await hold.release();
    const { final } = await waitForProcess(t, acme.analyst, start.body.process_id, 90_000);
    expect(final.status).toBe('completed');
  }, 120_000);

  it('never stores a layout it did not finish: refused by a full engine, or its reader killed in the middle, nothing is kept and the next fetch draws it whole', async () => {
    const statement = await generateStatement('cams_summary', { seed: 13, pages: 6 });
    const up = await uploadPdf(t, acme.analyst, statement.pdf);
    const stored = join(storageDir, acme.analyst.tenantId, `${up.doc_id}.layout.zip`);
    const exists = () => stat(stored).then(() => true, () => false);
    const fetchLayout = () => t.http.get(`/api/v1/nexus/doc-fetch/${up.job_id}?type=LAYOUT`).set(bearer(acme.analyst)).buffer(true).parse(binaryParser);
    /** The error code of an answer read as bytes. */
    const codeOf = (res: { body: unknown }) => errorCode({ body: JSON.parse((res.body as Buffer).toString('utf8')) });

    // Refused: acme's share of the engine is full.
    const tenant = acme.analyst.tenantId;
    const hold = holdEngine([tenant, tenant, 'ten_x', 'ten_y']);
    await new Promise((r) => setTimeout(r, 100));
    const refused = await fetchLayout();
    await hold.release();
    expect(refused.status).toBe(503);
    expect(codeOf(refused)).toBe('PDF_ENGINE_BUSY');
    expect(await exists()).toBe(false);

    // Cut off in the middle: the child drawing it is killed, and so is the one it is tried again on.
    const reading = async (not?: number) => {
      for (let i = 0; i < 1000; i++) {
        const pid = engine.stats().reading.find((p) => p !== not);
        if (pid) return pid;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error('no child started drawing');
    };
    const cut = fetchLayout().then((res) => res); // sent now (a request is sent when awaited)
    const first = await reading();
    process.kill(first, 'SIGKILL');
    process.kill(await reading(first), 'SIGKILL');
    const cutOff = await cut;
    expect(cutOff.status).toBe(503);
    expect(codeOf(cutOff)).toBe('PDF_ENGINE_BUSY');
    expect(await exists()).toBe(false);

    // With room, drawn whole and stored: what was answered is what is kept.
    const whole = await fetchLayout();
    expect(whole.status).toBe(200);
    const files = unzipSync(new Uint8Array(whole.body as Buffer));
    expect(Object.keys(files).filter((f) => f.endsWith('.png'))).toHaveLength(statement.model.page_count);
    expect((await stat(stored)).size).toBe((whole.body as Buffer).length);
  }, 120_000);
});
