// A file removed from the document store behind the service's back (its row kept): every download
// of it answers 410 FILE_NOT_STORED, on either driver alike, while the rest of the record still reads;
// a store that does not answer stays 503 STORAGE_UNAVAILABLE (retry), a different thing from a file
// that is gone (retrying will not help).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DocumentStorage } from '../../src/modules/nexus/storage/document-storage.js';
import { generateStatement } from '../fixtures/generator/index.js';
import { bearer, createTenant, errorCode, startTestApp, type Account, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf } from '../support/pipeline.js';
import { S3Stand } from '../support/s3-store.js';

// supertest's parser signature takes the raw response stream.
const binary = (res: any, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each([{ driver: 'fs' as const }, { driver: 's3' as const }])('a stored file gone behind the service ($driver driver)', ({ driver }) => {
  const stand = driver === 's3' ? new S3Stand() : null;
  const dir = `${process.env.STORAGE_DIR}-missing-${driver}`;
  let t: TestApp;
  let acme: Tenant;
  let clientId: string;
  let pdf: Buffer;

  /** Removes the object as something outside the service would: the file itself (fs), a DeleteObject on the bucket (s3). */
  async function removeBehindTheService(key: string): Promise<void> {
    const storage = t.app.get(DocumentStorage);
    expect(await storage.stat(key)).not.toBeNull();
    if (driver === 'fs') await rm(join(dir, key));
    else await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
  }

  const get = (account: Account, path: string) => t.http.get(path).set(bearer(account)).buffer(true).parse(binary);
  const answer = (res: { status: number; body: Buffer; headers: Record<string, string> }) => {
    const body = JSON.parse(res.body.toString('utf8')) as { success: boolean; result: unknown; error: { code: string; details: string } };
    return { status: res.status, type: res.headers['content-type'], disposition: res.headers['content-disposition'], code: errorCode({ body }), details: body.error.details };
  };
  const gone = { status: 410, type: expect.stringContaining('application/json'), disposition: undefined, code: 'FILE_NOT_STORED', details: expect.stringContaining('Reference: ') };

  beforeAll(async () => {
    await stand?.start();
    t = await startTestApp(stand ? stand.env({ STORAGE_DIR: dir }) : { STORAGE_DRIVER: 'fs', STORAGE_DIR: dir });
    acme = await createTenant(t.http);
    const created = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: 'Meera Iyer', pan: 'ABCPI1234M' });
    expect(created.status).toBe(201);
    clientId = created.body.result.client_id;
    pdf = (await generateStatement('cams_summary', { seed: 41 })).pdf;
  });
  afterAll(async () => {
    await t?.close();
    await stand?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('the original (ORIGINAL, and LAYOUT, which is drawn from it): 410 FILE_NOT_STORED, the document itself still listed', async () => {
    const up = await uploadPdf(t, acme.analyst, pdf);
    const original = `/api/v1/nexus/doc-fetch/${up.job_id}?type=ORIGINAL`;
    const served = await get(acme.analyst, original);
    expect(served.status).toBe(200);
    expect((served.body as Buffer).equals(pdf)).toBe(true);

    await removeBehindTheService(`${acme.analyst.tenantId}/${up.doc_id}.pdf`);
    expect(answer(await get(acme.analyst, original))).toEqual(gone);
    expect(answer(await get(acme.admin, `/api/v1/nexus/doc-fetch/${up.job_id}?type=LAYOUT`))).toEqual(gone);
    const mine = await t.http.get('/api/v1/documents/me').set(bearer(acme.analyst));
    expect(mine.body.result.map((d: { id?: string; doc_id?: string }) => d.doc_id ?? d.id)).toContain(up.doc_id);
  });

  it('an export read again at /api/v1/nexus/reports/{id}: 410 FILE_NOT_STORED (it is still the report: not 404)', async () => {
    const exported = await get(acme.analyst, `/api/v1/clients/${clientId}/gains/export?fy=2024-25&format=csv`);
    expect(exported.status).toBe(200);
    const reportId = exported.headers['x-report-id'];
    const again = `/api/v1/nexus/reports/${reportId}`;
    expect((await get(acme.analyst, again)).status).toBe(200);

    await removeBehindTheService(`${acme.analyst.tenantId}/reports/${reportId}.csv`);
    expect(answer(await get(acme.analyst, again))).toEqual(gone);
    // Another tenant still learns nothing: 404 as for any report not its own.
    const rival = await createTenant(t.http);
    expect((await get(rival.analyst, again)).status).toBe(404);
  });

  it('a client report at /api/v1/reports/{id}/file: 410 FILE_NOT_STORED, its status still completed', async () => {
    const requested = await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary' });
    expect(requested.status).toBe(202);
    const reportId: string = requested.body.result.report_id;
    const deadline = Date.now() + 60_000;
    let status: string;
    while ((status = (await t.http.get(`/api/v1/reports/${reportId}`).set(bearer(acme.viewer))).body.result.status) !== 'completed') {
      if (status === 'failed' || Date.now() > deadline) throw new Error(`report ${status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const file = `/api/v1/reports/${reportId}/file`;
    expect((await get(acme.viewer, file)).status).toBe(200);

    await removeBehindTheService(`${acme.analyst.tenantId}/reports/${reportId}.pdf`);
    expect(answer(await get(acme.viewer, file))).toEqual(gone);
    expect((await t.http.get(`/api/v1/reports/${reportId}`).set(bearer(acme.viewer))).body.result).toMatchObject({ status: 'completed' });
  }, 90_000);

  if (driver === 's3') {
    it('a store that does not answer is not a missing file: 503 STORAGE_UNAVAILABLE with Retry-After, and the file serves again once it answers', async () => {
      const up = await uploadPdf(t, acme.analyst, pdf);
      const original = `/api/v1/nexus/doc-fetch/${up.job_id}?type=ORIGINAL`;
      await stand!.stop();
      try {
        const down = await get(acme.analyst, original);
        expect({ status: down.status, code: answer(down).code }).toEqual({ status: 503, code: 'STORAGE_UNAVAILABLE' });
        expect(down.headers['retry-after']).toBeDefined();
      } finally {
        await stand!.start();
      }
      const back = await get(acme.analyst, original);
      expect(back.status).toBe(200);
      expect((back.body as Buffer).equals(pdf)).toBe(true);
    }, 60_000);
  }
});
