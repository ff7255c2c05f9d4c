// The document store (STORAGE_DIR) runs out of space during uploads. STORAGE_DIR is a small tmpfs the
// test mounts (root is needed; without it the test fails and says so) and fills; the application
// runs in this process against the e2e database. FOLIODESK_LONG_FAULTS=1: concurrent uploads into a
// full store, over several fill/free rounds.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { generateStatement } from '../fixtures/generator/index.js';
import { bearer, errorCode, register, startTestApp, type Account, type TestApp } from '../support/app.js';
import { SmallDisk } from '../support/faults/small-disk.js';
import { LONG_FAULTS } from '../support/faults/util.js';

const DISK_BYTES = 16 * 1024 * 1024;
const ROUNDS = LONG_FAULTS ? 5 : 1;
const CONCURRENT = LONG_FAULTS ? 8 : 1;

async function documentRows(tenantId: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(`SELECT count(*)::int AS n FROM documents WHERE tenant_id = $1`, [tenantId])).rows[0].n;
  } finally {
    await client.end();
  }
}

describe('faults: the document store runs out of space during an upload', () => {
  let disk: SmallDisk;
  let t: TestApp;
  let admin: Account;
  let pdf: Buffer;
  /** Files of uploads that succeeded (the only ones the store may hold). */
  let committed: string[] = [];

  beforeAll(async () => {
    disk = await SmallDisk.mount(DISK_BYTES);
    // Drawn before the app starts: drawing 80 pages holds this process's event loop for seconds, long
    // enough under load for the in-process app's PostgreSQL connects to time out.
    pdf = (await generateStatement('cams_detailed', { seed: 13, pages: 80 })).pdf;
    t = await startTestApp({ STORAGE_DIR: disk.dir });
    admin = await register(t.http);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await disk?.unmount();
  });

  const upload = (name: string) =>
    t.http.post('/api/v1/nexus/upload/').set(bearer(admin)).attach('file', pdf, { filename: name, contentType: 'application/pdf' });

  /** A refused upload: 507 INSUFFICIENT_STORAGE, a clean envelope, and nothing stored or recorded. */
  async function expectRefusedCleanly(res: Awaited<ReturnType<typeof upload>>, rowsBefore: number) {
    expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 507, code: 'INSUFFICIENT_STORAGE' });
    expect(res.text).not.toMatch(/ENOSPC|\bat [\w.<>]+ \(|\.js:\d+/);
    expect(await disk.files()).toEqual(committed);
    expect(await documentRows(admin.tenantId)).toBe(rowsBefore);
  }

  it('runs out of space mid-stream: 507 INSUFFICIENT_STORAGE, no partial file, no row; once space is freed the next upload succeeds', async () => {
    expect(pdf.length).toBeGreaterThan(200 * 1024); // several chunks of the request stream
    for (let round = 0; round < ROUNDS; round++) {
      const rowsBefore = await documentRows(admin.tenantId);
      // A third of the statement fits: the write fails part-way through the body.
      await disk.fill(Math.floor(pdf.length / 3));
      const partial = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => upload(`CAS_partial_${round}_${i}.pdf`)));
      for (const res of partial) await expectRefusedCleanly(res, rowsBefore);
      // Not a byte free: the very first write fails.
      await disk.fill(0);
      expect(await disk.freeBytes()).toBe(0);
      await expectRefusedCleanly(await upload(`CAS_full_${round}.pdf`), rowsBefore);
      // The rest of the service is unaffected: reads and health answer.
      expect((await t.http.get('/api/v1/documents/me').set(bearer(admin))).status).toBe(200);
      expect((await t.http.get('/api/v1/health/ready')).status).toBe(200);

      await disk.free();
      const ok = await upload(`CAS_after_${round}.pdf`);
      expect(ok.status).toBe(201);
      const { doc_id: docId, job_id: jobId } = ok.body.result;
      committed = (await disk.files()).filter((f) => !f.startsWith('.incoming/'));
      expect(committed).toContain(`${admin.tenantId}/${docId}.pdf`);
      expect(await disk.files()).toEqual(committed); // no temporary file left
      expect(await documentRows(admin.tenantId)).toBe(rowsBefore + 1);
      const original = await t.http.get(`/api/v1/nexus/doc-fetch/${jobId}?type=ORIGINAL`).set(bearer(admin)).buffer(true);
      expect(Buffer.compare(original.body as Buffer, pdf)).toBe(0);
    }
  }, 120_000);
});
