// The retention purge (RetentionPurge) through the API on real PostgreSQL, store and PDFs: a tenant's
// `retention_days` removes originals older than that (the file, the stored layout, the stage rows'
// page text), keeps the extraction, and answers the downloads and re-runs 410 ORIGINAL_PURGED.
// Documents are aged by setting `documents.created_at` back in SQL; the test calls the purge's pass
// (RetentionPurge.purge) instead of waiting for RETENTION_PURGE_INTERVAL_MS.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RetentionPurge } from '../../src/modules/nexus/erasure/retention-purge.js';
import { generateStatement, type GeneratedStatement } from '../fixtures/generator/index.js';
import { bearer, createTenant, errorCode, startTestApp, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { ask, newSession, uploadIntoSession } from '../support/chat.js';
import { rowsMentioning } from '../support/data-sweep.js';
import { sql } from '../support/db.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

/** Every file under the tenant's part of the store, relative to it. */
async function storedFiles(tenantId: string): Promise<string[]> {
  const root = join(process.env.STORAGE_DIR!, tenantId);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

/** The document's stage rows: how many, and how many still hold an output. */
async function stageOutputs(docId: string): Promise<{ rows: number; withOutput: number }> {
  const [row] = await sql(
    `SELECT count(*)::int AS rows, count(s.output)::int AS "withOutput"
       FROM pipeline_stages s JOIN pipeline_processes p ON p.id = s.process_id WHERE p.document_id = $1`,
    [docId],
  );
  return row as { rows: number; withOutput: number };
}

/** Sets the document's creation time `days` back: the test's way of making it old. */
const age = (docId: string, days: number) => sql(`UPDATE documents SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [docId, days]);

describe('retention purge: originals older than the tenant\'s retention_days', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let statement: GeneratedStatement;
  let purge: RetentionPurge;

  beforeAll(async () => {
    ({ t, acme, rival } = await twoTenants());
    purge = t.app.get(RetentionPurge);
    statement = await generateStatement('cams_detailed', { seed: 61 });
  }, 90_000);
  afterAll(() => t.close());

  async function processed(account: Account) {
    const upload = await uploadPdf(t, account, statement.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: upload.job_id });
    expect(start.status).toBe(200);
    expect((await waitForProcess(t, account, start.body.process_id as string)).final.status).toBe('completed');
    return upload;
  }

  it('removes an old original, its layout and its stage page text, keeps the extraction, answers 410 ORIGINAL_PURGED; recent and other tenants\' documents stay', async () => {
    const patch = await t.http.patch('/api/v1/tenants/me').set(bearer(acme.admin)).send({ retention_days: 30 });
    expect(patch.body.result).toMatchObject({ retention_days: 30 });

    const old = await processed(acme.analyst);
    const layout = await t.http.get(`/api/v1/nexus/doc-fetch/${old.job_id}?type=LAYOUT`).set(bearer(acme.analyst));
    expect(layout.status).toBe(200);
    const recent = await uploadPdf(t, acme.analyst, statement.pdf, 'recent.pdf');
    // Another tenant without a retention period: its document as old is untouched.
    const foreign = await processed(rival.analyst);
    await age(old.doc_id, 31);
    await age(recent.doc_id, 29);
    await age(foreign.doc_id, 400);

    const extractionBefore = await t.http.get(`/api/v1/nexus/documents/${old.doc_id}/extraction`).set(bearer(acme.analyst));
    expect(extractionBefore.status).toBe(200);
    expect(await stageOutputs(old.doc_id)).toEqual({ rows: 10, withOutput: 10 });
    const pageText = JSON.stringify((await sql(`SELECT s.output FROM pipeline_stages s JOIN pipeline_processes p ON p.id = s.process_id WHERE p.document_id = $1`, [old.doc_id])).map((r) => r.output));
    expect(pageText).toContain(statement.model.investors[0].pan);
    expect(await storedFiles(acme.analyst.tenantId)).toEqual(expect.arrayContaining([`${old.doc_id}.pdf`, `${old.doc_id}.layout.zip`, `${recent.doc_id}.pdf`]));
    const usageBefore = await t.http.get('/api/v1/tenants/me/usage').set(bearer(acme.admin));
    expect(usageBefore.body.result.tenant.stored_bytes.used).toBe(2 * statement.pdf.length + Number(layout.headers['content-length']));

    // The pass covers every tenant of the database: at least this document (the assertions below name it).
    expect((await purge.purge()).documents).toBeGreaterThanOrEqual(1);

    // The files and the stage rows' page text are gone; the stage rows themselves (their timings) stay.
    expect((await storedFiles(acme.analyst.tenantId)).sort()).toEqual([`${recent.doc_id}.pdf`]);
    expect(await stageOutputs(old.doc_id)).toEqual({ rows: 10, withOutput: 0 });
    const [purged] = await sql(`SELECT original_purged_at, layout_bytes FROM documents WHERE id = $1`, [old.doc_id]);
    expect(purged.original_purged_at).toBeInstanceOf(Date);
    expect(Number(purged.layout_bytes)).toBe(0);
    // The admin listing says so; the recent document is not purged.
    const listing = await t.http.get('/api/v1/nexus/documents').set(bearer(acme.admin));
    const listed = new Map((listing.body.result.items as Array<{ doc_id: string; original_purged_at: string | null }>).map((d) => [d.doc_id, d.original_purged_at]));
    expect(listed.get(old.doc_id)).toBe((purged.original_purged_at as Date).toISOString());
    expect(listed.get(recent.doc_id)).toBeNull();
    // The extraction reads as before.
    const extractionAfter = await t.http.get(`/api/v1/nexus/documents/${old.doc_id}/extraction`).set(bearer(acme.analyst));
    expect(extractionAfter.status).toBe(200);
    expect(extractionAfter.body.result).toEqual(extractionBefore.body.result);
    // The original, the layout and a re-run answer the catalogue's code.
    for (const path of [`/api/v1/nexus/doc-fetch/${old.job_id}`, `/api/v1/nexus/doc-fetch/${old.job_id}?type=LAYOUT`]) {
      const res = await t.http.get(path).set(bearer(acme.analyst));
      expect(res.status).toBe(410);
      expect(errorCode(res)).toBe('ORIGINAL_PURGED');
    }
    const rerun = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: old.job_id });
    expect(rerun.status).toBe(410);
    expect(errorCode(rerun)).toBe('ORIGINAL_PURGED');
    // The stored-bytes quotas no longer count it.
    const usageAfter = await t.http.get('/api/v1/tenants/me/usage').set(bearer(acme.admin));
    expect(usageAfter.body.result.tenant.stored_bytes.used).toBe(statement.pdf.length);
    // An audit entry with ids only.
    const [entry] = await sql(`SELECT * FROM audit_logs WHERE tenant_id = $1 AND action = 'document.original_purge' AND target_id = $2`, [acme.admin.tenantId, old.doc_id]);
    expect(entry).toMatchObject({ actor_id: null, outcome: 'success', target_type: 'document' });
    expect(JSON.stringify(entry)).not.toContain(statement.model.investors[0].pan);
    expect(JSON.stringify(entry)).not.toContain('.pdf');

    // The recent document and the other tenant's old one are untouched.
    expect((await t.http.get(`/api/v1/nexus/doc-fetch/${recent.job_id}`).set(bearer(acme.analyst))).status).toBe(200);
    expect(await storedFiles(rival.analyst.tenantId)).toEqual([`${foreign.doc_id}.pdf`]);
    expect(await stageOutputs(foreign.doc_id)).toEqual({ rows: 10, withOutput: 10 });
    const foreignOriginal = await t.http.get(`/api/v1/nexus/doc-fetch/${foreign.job_id}`).set(bearer(rival.analyst)).buffer(true);
    expect(foreignOriginal.status).toBe(200);
    expect(Buffer.compare(foreignOriginal.body as Buffer, statement.pdf)).toBe(0);

    // A second pass finds nothing more to purge.
    expect(await purge.purge()).toEqual({ documents: 0 });
  }, 120_000);

  it("takes the page text out of chat too: a purged chat upload's passages and the answers quoting them are gone, and chat no longer quotes it", async () => {
    const firm = await createTenant(t.http);
    await t.http.patch('/api/v1/tenants/me').set(bearer(firm.admin)).send({ retention_days: 30 });
    const [investor] = statement.model.investors;
    const session = await newSession(t, firm.analyst);
    const docId = await uploadIntoSession(t, firm.analyst, session, statement.pdf);
    const quoting = await ask(t, firm.analyst, session, 'Where does the statement mention stamp duty?');
    expect(quoting.body.result.meta.citations[0]).toMatchObject({ doc_id: docId, source: 'document_text' });
    const address = investor.address[0];
    expect(Object.keys(await rowsMentioning(firm.admin.tenantId, [address]))).toEqual(expect.arrayContaining(['chat_chunks.text', 'pipeline_stages.output']));
    await age(docId, 31);

    expect((await purge.purge()).documents).toBeGreaterThanOrEqual(1);

    // The page text is nowhere (the extraction, which holds no address, stays), and so is the answer that quoted it.
    expect(await rowsMentioning(firm.admin.tenantId, [address])).toEqual({});
    expect(await sql(`SELECT count(*)::int AS n FROM chat_chunks WHERE document_id = $1`, [docId])).toEqual([{ n: 0 }]);
    const history = await t.http.get(`/api/v1/zen/chat/${session}/messages`).set(bearer(firm.analyst));
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain('document_text');
    for (const question of [`Where does the statement mention ${investor.pan}?`, `What is the address on the statement: ${address}?`]) {
      const res = await ask(t, firm.analyst, session, question);
      expect((res.body.result.meta.citations as Array<{ source: string }>).filter((c) => c.source === 'document_text')).toEqual([]);
      expect(res.body.result.response).not.toContain(address);
    }
  }, 120_000);
});

describe('retention purge: scheduled where workers run', () => {
  it('purges on its own every RETENTION_PURGE_INTERVAL_MS in a process with workers; an API-only process has no purge', async () => {
    const t = await startTestApp({ RETENTION_PURGE_INTERVAL_MS: '1000' });
    const api = await startTestApp({ ROLE: 'api' });
    try {
      expect(() => api.app.get(RetentionPurge)).toThrow();
      const tenant = await createTenant(t.http);
      expect((await t.http.patch('/api/v1/tenants/me').set(bearer(tenant.admin)).send({ retention_days: 1 })).status).toBe(200);
      const upload = await uploadPdf(t, tenant.analyst, (await generateStatement('cams_detailed', { seed: 62 })).pdf);
      await age(upload.doc_id, 2);
      // The first pass comes within two intervals of the start (one, plus a spread of up to one).
      const deadline = Date.now() + 15_000;
      while ((await sql(`SELECT original_purged_at FROM documents WHERE id = $1`, [upload.doc_id]))[0].original_purged_at === null) {
        if (Date.now() > deadline) throw new Error('not purged by the scheduled pass');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await storedFiles(tenant.analyst.tenantId)).toEqual([]);
      const res = await api.http.get(`/api/v1/nexus/doc-fetch/${upload.job_id}`).set(bearer(tenant.analyst));
      expect(res.status).toBe(410);
      expect(errorCode(res)).toBe('ORIGINAL_PURGED');
    } finally {
      await api.close();
      await t.close();
    }
  }, 60_000);
});
