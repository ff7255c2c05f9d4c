// The store sweep (StoreSweeper) on a real store and database: what a dying upload leaves behind is
// removed once it is older than the grace period; nothing a document owns, nothing recent, nothing
// foreign is touched.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { AppConfig } from '../../src/config/app-config.js';
import { DocumentsRepository } from '../../src/modules/nexus/documents.repository.js';
import { RetentionPurge } from '../../src/modules/nexus/erasure/retention-purge.js';
import { ReportsRepository } from '../../src/modules/nexus/export/reports.repository.js';
import { DocumentStorage } from '../../src/modules/nexus/storage/document-storage.js';
import { removeIncomingBefore } from '../../src/modules/nexus/storage/incoming.js';
import { LocalDiskStorage } from '../../src/modules/nexus/storage/local-disk-storage.js';
import { PendingFileRemovals } from '../../src/modules/nexus/storage/pending-file-removals.js';
import { MAX_REMOVALS_PER_PASS, StoreSweeper } from '../../src/modules/nexus/storage/store-sweeper.js';
import { TenantsService } from '../../src/modules/tenants/tenants.service.js';
import { bearer, createTenant, startTestApp, twoTenants, type Tenant, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';
import { simplePdf } from '../support/pdf.js';

const HOUR = 3_600_000;
const run = promisify(execFile);

/**
 * Makes the files in a directory unremovable, for real: read-only permissions for an ordinary user;
 * for root, whom permissions do not stop, the immutable attribute (chattr +i). Answers the undo.
 */
async function blockRemovals(directory: string): Promise<() => Promise<void>> {
  if (process.getuid?.() === 0) {
    await run('chattr', ['+i', directory]);
    return async () => void (await run('chattr', ['-i', directory]));
  }
  await chmod(directory, 0o555);
  return () => chmod(directory, 0o755);
}

const exists = (path: string) => stat(path).then(
  () => true,
  () => false,
);

describe('store sweep', () => {
  let t: TestApp;
  let dir: string;
  let acme: Tenant;
  let globex: Tenant;
  let sweeper: StoreSweeper;
  let pdf: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'foliodesk-sweep-'));
    ({ t, acme, rival: globex } = await twoTenants({ STORAGE_DIR: dir }));
    sweeper = t.app.get(StoreSweeper);
    pdf = await simplePdf(['Consolidated Account Statement']);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A file in the store, last written `ageMs` ago. */
  async function plant(relative: string, ageMs: number, body: Buffer | string = pdf): Promise<string> {
    const path = join(dir, relative);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, body);
    const at = new Date(Date.now() - ageMs);
    await utimes(path, at, at);
    return path;
  }

  async function uploadAs(tenant: Tenant): Promise<{ docId: string; jobId: string; path: string }> {
    const res = await t.http.post('/api/v1/nexus/upload').set(bearer(tenant.analyst)).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(201);
    const docId = res.body.result.doc_id as string;
    return { docId, jobId: res.body.result.job_id as string, path: join(dir, tenant.analyst.tenantId, `${docId}.pdf`) };
  }

  it('removes an old original without a document row and an old partial upload; keeps recent ones, documents and files it did not make', async () => {
    const owned = await uploadAs(acme);
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(owned.path, old, old); // an old document's original: its row protects it
    const orphan = await plant(`${acme.admin.tenantId}/${randomUUID()}.pdf`, 2 * HOUR);
    const recentOrphan = await plant(`${acme.admin.tenantId}/${randomUUID()}.pdf`, 60_000); // an upload may be writing its row
    // Globex's document id under Acme's directory: another tenant's row does not make it Acme's.
    const globexDoc = await uploadAs(globex);
    const foreign = await plant(`${acme.admin.tenantId}/${globexDoc.docId}.pdf`, 2 * HOUR);
    const partial = await plant(`.incoming/${randomUUID()}`, 2 * HOUR, 'half an upload');
    const receiving = await plant(`.incoming/${randomUUID()}`, 1_000, 'an upload under way');
    const notOurs = await plant(`${acme.admin.tenantId}/notes.txt`, 2 * HOUR, 'left by an operator');

    expect(await sweeper.sweep()).toEqual({ orphans: 2, incoming: 1, refused: false, pending: 0 });

    expect({ orphan: await exists(orphan), foreign: await exists(foreign), partial: await exists(partial) }).toEqual({ orphan: false, foreign: false, partial: false });
    expect({
      owned: await exists(owned.path),
      globex: await exists(globexDoc.path),
      recentOrphan: await exists(recentOrphan),
      receiving: await exists(receiving),
      notOurs: await exists(notOurs),
    }).toEqual({ owned: true, globex: true, recentOrphan: true, receiving: true, notOurs: true });
    // The documents still serve their originals, byte for byte.
    const original = await t.http.get(`/api/v1/nexus/doc-fetch/${owned.jobId}?type=ORIGINAL`).set(bearer(acme.analyst)).buffer(true);
    expect(original.status).toBe(200);
    expect(Buffer.compare(original.body as Buffer, pdf)).toBe(0);
  });

  it('finds nothing more on a second pass; a store without directories yet has nothing to sweep', async () => {
    expect(await sweeper.sweep()).toEqual({ orphans: 0, incoming: 0, refused: false, pending: 0 });
    const missing = new LocalDiskStorage(join(dir, 'not-created-yet'));
    const listed: unknown[] = [];
    for await (const entry of missing.list('')) listed.push(entry);
    expect(listed).toEqual([]);
    expect(await removeIncomingBefore(join(dir, 'not-created-yet'), new Date())).toBe(0);
  });

  it("removes a document's stored layout with its original once the document is gone, and keeps a document's own", async () => {
    const [kept, deleted] = [await uploadAs(acme), await uploadAs(acme)];
    for (const doc of [kept, deleted]) {
      expect((await t.http.get(`/api/v1/nexus/doc-fetch/${doc.jobId}?type=LAYOUT`).set(bearer(acme.analyst))).status).toBe(200);
    }
    const layoutOf = (doc: { path: string }) => doc.path.replace(/\.pdf$/, '.layout.zip');
    expect(await exists(layoutOf(deleted))).toBe(true);
    await sql('DELETE FROM documents WHERE id = $1', [deleted.docId]);
    const old = new Date(Date.now() - 2 * HOUR);
    for (const path of [kept.path, layoutOf(kept), deleted.path, layoutOf(deleted)]) await utimes(path, old, old);

    expect(await sweeper.sweep()).toEqual({ orphans: 2, incoming: 0, refused: false, pending: 0 });
    expect({ original: await exists(deleted.path), layout: await exists(layoutOf(deleted)) }).toEqual({ original: false, layout: false });
    expect({ original: await exists(kept.path), layout: await exists(layoutOf(kept)) }).toEqual({ original: true, layout: true });
  });

  it('removes the original of a purged document that the retention purge could not remove (its row says purged)', async () => {
    const purged = await uploadAs(acme);
    await sql('UPDATE documents SET original_purged_at = now() WHERE id = $1', [purged.docId]);
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(purged.path, old, old);
    expect(await sweeper.sweep()).toEqual({ orphans: 1, incoming: 0, refused: false, pending: 0 });
    expect(await exists(purged.path)).toBe(false);
  });

  it('sweeps only its own incoming directory in an API-only process, and leaves the store to the processes with workers', async () => {
    const api = await startTestApp({ STORAGE_DIR: dir, ROLE: 'api' });
    try {
      const orphan = await plant(`${acme.admin.tenantId}/${randomUUID()}.pdf`, 2 * HOUR);
      const partial = await plant(`.incoming/${randomUUID()}`, 2 * HOUR, 'half an upload');
      expect(await api.app.get(StoreSweeper).sweep()).toEqual({ orphans: 0, incoming: 1, refused: false, pending: 0 });
      expect({ orphan: await exists(orphan), partial: await exists(partial) }).toEqual({ orphan: true, partial: false });
      expect(await sweeper.sweep()).toEqual({ orphans: 1, incoming: 0, refused: false, pending: 0 });
      expect(await exists(orphan)).toBe(false);
    } finally {
      await api.close();
    }
  });

  it('leaves alone the files of a tenant the database does not know (a store pointed at another database)', async () => {
    const stranger = await plant(`ten_${'0'.repeat(24)}/${randomUUID()}.pdf`, 2 * HOUR);
    expect(await sweeper.sweep()).toEqual({ orphans: 0, incoming: 0, refused: false, pending: 0 });
    expect(await exists(stranger)).toBe(true);
    await rm(join(dir, `ten_${'0'.repeat(24)}`), { recursive: true });
  });

  it(`removes nothing in a pass that finds more than ${MAX_REMOVALS_PER_PASS} orphans, looked up 500 at a time; up to that many it removes`, async () => {
    const planted = await Promise.all(Array.from({ length: 1_200 }, () => plant(`${globex.admin.tenantId}/${randomUUID()}.pdf`, 2 * HOUR, 'x')));
    const repo = t.app.get(DocumentsRepository);
    const asked: number[] = [];
    const existing = repo.existing.bind(repo);
    repo.existing = (tenantId, ids) => (asked.push(ids.length), existing(tenantId, ids));
    try {
      expect(await sweeper.sweep()).toEqual({ orphans: 0, incoming: 0, refused: true, pending: 0 });
    } finally {
      repo.existing = existing;
    }
    expect(asked.length).toBeGreaterThan(0);
    expect(Math.max(...asked)).toBeLessThanOrEqual(500);
    expect((await Promise.all(planted.map(exists))).every(Boolean)).toBe(true);
    // Once an operator has dealt with most of them, the pass goes through.
    await Promise.all(planted.slice(MAX_REMOVALS_PER_PASS).map((p) => rm(p)));
    expect(await sweeper.sweep()).toEqual({ orphans: MAX_REMOVALS_PER_PASS, incoming: 0, refused: false, pending: 0 });
    expect(await readdir(join(dir, globex.admin.tenantId))).toEqual([`${(await uploadedIds(globex))[0]}.pdf`]);
  });

  it('removes nothing when PostgreSQL cannot say whether the documents exist', async () => {
    const orphan = await plant(`${acme.admin.tenantId}/${randomUUID()}.pdf`, 2 * HOUR);
    const away = { existing: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) };
    const blind = new StoreSweeper(t.app.get(AppConfig), t.app.get(DocumentStorage), away as unknown as DocumentsRepository, t.app.get(ReportsRepository), t.app.get(TenantsService), t.app.get(PendingFileRemovals), pino({ level: 'silent' }));
    await expect(blind.sweep()).rejects.toThrow(/ECONNREFUSED/);
    expect(await exists(orphan)).toBe(true);
    expect(await sweeper.sweep()).toEqual({ orphans: 1, incoming: 0, refused: false, pending: 0 });
  });

  describe('removals that fail after the deleting commit are recorded and retried by the sweep', () => {
    const pendingRows = async (tenantId: string) =>
      (await sql(`SELECT storage_key, reason, attempts, last_error FROM pending_file_removals WHERE tenant_id = $1 ORDER BY storage_key`, [tenantId])) as Array<{
        storage_key: string;
        reason: string;
        attempts: number;
        last_error: string | null;
      }>;

    it("a deleted document's original and layout stay while the store refuses, and are gone after the first sweep once it accepts", async () => {
      const tenant = await createTenant(t.http);
      const doc = await uploadAs(tenant);
      expect((await t.http.get(`/api/v1/nexus/doc-fetch/${doc.jobId}?type=LAYOUT`).set(bearer(tenant.analyst))).status).toBe(200);
      const layout = doc.path.replace(/\.pdf$/, '.layout.zip');
      const restore = await blockRemovals(join(dir, tenant.admin.tenantId));
      try {
        expect((await t.http.delete(`/api/v1/nexus/documents/${doc.docId}`).set(bearer(tenant.analyst))).status).toBe(204);
        expect((await sql('SELECT count(*)::int AS n FROM documents WHERE id = $1', [doc.docId]))[0].n).toBe(0);
        // The removal right after the commit failed for real: the files are there, and so is the record.
        expect({ original: await exists(doc.path), layout: await exists(layout) }).toEqual({ original: true, layout: true });
        const key = `${tenant.admin.tenantId}/${doc.docId}`;
        expect(await pendingRows(tenant.admin.tenantId)).toEqual([
          { storage_key: `${key}.layout.zip`, reason: 'document.delete', attempts: 1, last_error: expect.any(String) },
          { storage_key: `${key}.pdf`, reason: 'document.delete', attempts: 1, last_error: expect.any(String) },
        ]);
        // A sweep while the store still refuses removes nothing and keeps the record.
        expect(await sweeper.sweep()).toEqual({ orphans: 0, incoming: 0, refused: false, pending: 0 });
        expect((await pendingRows(tenant.admin.tenantId)).map((r) => r.attempts)).toEqual([2, 2]);
      } finally {
        await restore();
      }
      // The files are recent, so the orphan scan (grace period) would not touch them: the record does.
      expect(await sweeper.sweep()).toEqual({ orphans: 0, incoming: 0, refused: false, pending: 2 });
      expect({ original: await exists(doc.path), layout: await exists(layout) }).toEqual({ original: false, layout: false });
      expect(await pendingRows(tenant.admin.tenantId)).toEqual([]);
    });

    it("a purged original stays while the store refuses (its row is kept, so no orphan scan would ever see it) and is gone after the sweep", async () => {
      const tenant = await createTenant(t.http);
      const doc = await uploadAs(tenant);
      await sql(`UPDATE tenants SET retention_days = 1 WHERE id = $1`, [tenant.admin.tenantId]);
      await sql(`UPDATE documents SET created_at = now() - interval '3 days' WHERE id = $1`, [doc.docId]);
      const restore = await blockRemovals(join(dir, tenant.admin.tenantId));
      try {
        expect((await t.app.get(RetentionPurge).purge()).documents).toBeGreaterThanOrEqual(1);
        expect((await sql('SELECT original_purged_at FROM documents WHERE id = $1', [doc.docId]))[0].original_purged_at).not.toBeNull();
        expect(await exists(doc.path)).toBe(true);
        // The original's removal failed and is recorded; its layout was never rendered, so that one was not.
        expect((await pendingRows(tenant.admin.tenantId)).map((r) => [r.storage_key, r.reason, r.attempts])).toEqual([[`${tenant.admin.tenantId}/${doc.docId}.pdf`, 'document.original_purge', 1]]);
      } finally {
        await restore();
      }
      expect(await sweeper.sweep()).toEqual({ orphans: 0, incoming: 0, refused: false, pending: 1 });
      expect(await exists(doc.path)).toBe(false);
      expect(await pendingRows(tenant.admin.tenantId)).toEqual([]);
    });
  });

  async function uploadedIds(tenant: Tenant): Promise<string[]> {
    const res = await t.http.get('/api/v1/documents/me').set(bearer(tenant.analyst));
    return (res.body.result as Array<{ doc_id: string }>).map((d) => d.doc_id);
  }
});
