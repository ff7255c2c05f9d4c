// The service on the `s3` driver against s3rver, an S3-compatible server from npm that this test
// starts on loopback as the stand-in for cloud S3 (which lies outside this machine): a statement goes
// from upload through extraction, LAYOUT, an export and deletion with nothing written under
// STORAGE_DIR but uploads being received; the store sweep removes objects without rows; and while the
// store is down, readiness and uploads answer 503 STORAGE_UNAVAILABLE with nothing half-written.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DocumentStorage } from '../../src/modules/nexus/storage/document-storage.js';
import { StoreSweeper } from '../../src/modules/nexus/storage/store-sweeper.js';
import { bearer, createTenant, errorCode, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { S3Stand } from '../support/s3-store.js';
import { generateStatement } from '../fixtures/generator/index.js';

const HOUR = 3_600_000;

// supertest's parser signature takes the raw response stream.
const binary = (res: any, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

describe('the s3 driver end to end (s3rver on loopback stands in for cloud S3)', () => {
  const stand = new S3Stand();
  let t: TestApp;
  let dir: string;
  let storage: DocumentStorage;
  let acme: Tenant;
  let statement: Buffer;

  beforeAll(async () => {
    await stand.start();
    dir = await mkdtemp(join(tmpdir(), 'foliodesk-s3-scratch-'));
    t = await startTestApp(stand.env({ STORAGE_DIR: dir }));
    storage = t.app.get(DocumentStorage);
    acme = await createTenant(t.http);
    statement = (await generateStatement('cams_detailed', { seed: 7 })).pdf;
  });
  afterAll(async () => {
    await t?.close();
    await stand.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps originals, layouts and reports in the bucket, and nothing but received uploads under STORAGE_DIR, from upload to deletion', async () => {
    expect(storage.driver).toBe('s3');
    const up = await uploadPdf(t, acme.analyst, statement);
    const original = `${acme.analyst.tenantId}/${up.doc_id}.pdf`;
    expect(await storage.stat(original)).toMatchObject({ size: statement.length });

    const fetched = await t.http.get(`/api/v1/nexus/doc-fetch/${up.job_id}?type=ORIGINAL`).set(bearer(acme.analyst)).buffer(true).parse(binary);
    expect(fetched.status).toBe(200);
    expect(Buffer.compare(fetched.body as Buffer, statement)).toBe(0);

    // The pipeline reads the original from the bucket.
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: up.job_id });
    expect(start.status).toBe(200);
    expect((await waitForProcess(t, acme.analyst, start.body.process_id, 60_000)).final.status).toBe('completed');

    const layout = await t.http.get(`/api/v1/nexus/doc-fetch/${up.job_id}?type=LAYOUT`).set(bearer(acme.analyst)).buffer(true).parse(binary);
    expect(layout.status).toBe(200);
    const layoutKey = `${acme.analyst.tenantId}/${up.doc_id}.layout.zip`;
    expect(await storage.stat(layoutKey)).toMatchObject({ size: (layout.body as Buffer).length });
    // Served from the bucket the second time, byte for byte.
    const again = await t.http.get(`/api/v1/nexus/doc-fetch/${up.job_id}?type=LAYOUT`).set(bearer(acme.analyst)).buffer(true).parse(binary);
    expect(Buffer.compare(again.body as Buffer, layout.body as Buffer)).toBe(0);

    const exported = await t.http.get(`/api/v1/nexus/export/${up.job_id}?format=json`).set(bearer(acme.analyst)).buffer(true).parse(binary);
    expect(exported.status).toBe(200);
    const reportId = exported.headers['x-report-id'] as string;
    const reportKey = `${acme.analyst.tenantId}/reports/${reportId}.json`;
    expect(await storage.stat(reportKey)).toMatchObject({ size: (exported.body as Buffer).length });
    const report = await t.http.get(`/api/v1/nexus/reports/${reportId}`).set(bearer(acme.analyst)).buffer(true).parse(binary);
    expect(Buffer.compare(report.body as Buffer, exported.body as Buffer)).toBe(0);

    expect(await filesUnder(dir)).toEqual([]);

    expect((await t.http.delete(`/api/v1/nexus/documents/${up.doc_id}`).set(bearer(acme.analyst))).status).toBe(204);
    expect({ original: await storage.stat(original), layout: await storage.stat(layoutKey), report: await storage.stat(reportKey) }).toEqual({ original: null, layout: null, report: null });
  }, 120_000);

  it('sweeps objects without rows (an original, a layout, a report) past the grace period, and keeps a document\'s own', async () => {
    const kept = await uploadPdf(t, acme.analyst, statement);
    const tenantId = acme.analyst.tenantId;
    const orphans = [`${tenantId}/${randomUUID()}.pdf`, `${tenantId}/${randomUUID()}.layout.zip`, `${tenantId}/reports/${randomUUID()}.csv`];
    for (const key of orphans) await storage.put(key, { bytes: Buffer.from('left behind') }, { size: 11 });
    const sweeper = t.app.get(StoreSweeper);

    // Just stored: within the grace period, nothing is removed.
    expect(await sweeper.sweep()).toEqual({ orphans: 0, incoming: 0, refused: false, pending: 0 });
    // Two hours on, the objects without rows go; the document's original stays.
    expect(await sweeper.sweep(new Date(Date.now() + 2 * HOUR))).toEqual({ orphans: 3, incoming: 0, refused: false, pending: 0 });
    for (const key of orphans) expect(await storage.stat(key)).toBeNull();
    expect(await storage.stat(`${tenantId}/${kept.doc_id}.pdf`)).not.toBeNull();
  });

  it('answers readiness and uploads with 503 STORAGE_UNAVAILABLE while the store is down, writes nothing, and recovers without a restart', async () => {
    const ready = await t.http.get('/api/v1/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.result.checks).toMatchObject({ database: 'up', redis: 'up', storage: 'up' });
    const tenantId = acme.analyst.tenantId;
    const [{ count: before }] = await sql<{ count: string }>('SELECT count(*) FROM documents WHERE tenant_id = $1', [tenantId]);
    const storedBefore: string[] = [];
    for await (const object of storage.list(`${tenantId}/`)) storedBefore.push(object.key);

    await stand.stop();
    try {
      const down = await t.http.get('/api/v1/health/ready');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ success: false, status: 'error', error: { code: 'STORAGE_UNAVAILABLE' }, checks: { database: 'up', redis: 'up', storage: 'down' } });
      const refused = await t.http.post('/api/v1/nexus/upload/').set(bearer(acme.analyst)).attach('file', statement, { filename: 'CAS.pdf', contentType: 'application/pdf' });
      expect(refused.status).toBe(503);
      expect(errorCode(refused)).toBe('STORAGE_UNAVAILABLE');
      expect(refused.headers['retry-after']).toBeDefined();
      // Liveness checks no dependency: the process is not restarted for the store's outage.
      expect((await t.http.get('/api/v1/health/live')).status).toBe(200);
    } finally {
      await stand.start();
    }
    const [{ count: after }] = await sql<{ count: string }>('SELECT count(*) FROM documents WHERE tenant_id = $1', [tenantId]);
    expect(after).toBe(before);
    const storedAfter: string[] = [];
    for await (const object of storage.list(`${tenantId}/`)) storedAfter.push(object.key);
    expect(storedAfter.sort()).toEqual(storedBefore.sort());
    expect(await filesUnder(dir)).toEqual([]);

    expect((await t.http.get('/api/v1/health/ready')).status).toBe(200);
    const up = await uploadPdf(t, acme.analyst, statement);
    expect(await storage.stat(`${tenantId}/${up.doc_id}.pdf`)).toMatchObject({ size: statement.length });
  });
});
