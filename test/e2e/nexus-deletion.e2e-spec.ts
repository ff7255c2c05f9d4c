import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { generateStatement, type GeneratedStatement } from '../fixtures/generator/index.js';
import { addUser, bearer, createTenant, errorCode, startTestApp, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { ask, newSession, uploadIntoSession } from '../support/chat.js';
import { DocumentErasure } from '../../src/modules/nexus/index.js';
import { DOCUMENT_DATA, ERASED_TABLES, NOT_DOCUMENT_DATA, PURGED_TABLES } from '../../src/modules/nexus/erasure/document-data.js';
import { rowsMentioning, textColumns } from '../support/data-sweep.js';
import { sql } from '../support/db.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

/** Every row in every table that names the document (directly, or through its processes). */
async function rowsOf(documentId: string): Promise<Record<string, number>> {
  const [row] = await sql<Record<string, string>>(
    `SELECT (SELECT count(*) FROM documents WHERE id = $1) AS documents,
            (SELECT count(*) FROM extractions WHERE document_id = $1) AS extractions,
            (SELECT count(*) FROM pipeline_processes WHERE document_id = $1) AS pipeline_processes,
            (SELECT count(*) FROM pipeline_stages s WHERE s.process_id IN (SELECT id FROM pipeline_processes WHERE document_id = $1)) AS pipeline_stages_by_document,
            (SELECT count(*) FROM token_usage WHERE document_id = $1) AS token_usage,
            (SELECT count(*) FROM reports WHERE document_id = $1) AS reports,
            (SELECT count(*) FROM document_investors WHERE document_id = $1) AS document_investors,
            (SELECT count(*) FROM chat_chunks WHERE document_id = $1) AS chat_chunks,
            (SELECT count(*) FROM chat_documents WHERE document_id = $1) AS chat_documents,
            (SELECT count(*) FROM chat_messages WHERE citations @> $2::jsonb) AS chat_messages_quoting`,
    [documentId, JSON.stringify([{ doc_id: documentId }])],
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

const stageRowsOf = async (processIds: string[]) => Number((await sql(`SELECT count(*) AS n FROM pipeline_stages WHERE process_id = ANY($1::uuid[])`, [processIds]))[0].n);

/** Every file under the tenant's part of the store (originals, layouts, reports), as paths relative to it. */
async function storedFiles(tenantId: string): Promise<string[]> {
  const root = join(process.env.STORAGE_DIR!, tenantId);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

const storedBytes = async (account: Account) => (await sql(`SELECT coalesce(sum(size_bytes + layout_bytes), 0)::text AS n FROM documents WHERE tenant_id = $1`, [account.tenantId]))[0].n as string;

async function until(check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const del = (t: TestApp, account: Account, docId: string) => t.http.delete(`/api/v1/nexus/documents/${docId}`).set(bearer(account));

describe('nexus document deletion: DELETE /api/v1/nexus/documents/{doc_id}', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let statement: GeneratedStatement;

  beforeAll(async () => {
    ({ t, acme, rival } = await twoTenants());
    statement = await generateStatement('cams_detailed', { seed: 57, investors: 2 });
  }, 90_000);
  afterAll(() => t.close());

  it('removes a completed document and everything derived from it: rows, files, chat passages and quoting messages, stored bytes; 204 then 404', async () => {
    const session = await newSession(t, acme.analyst);
    const docId = await uploadIntoSession(t, acme.analyst, session, statement.pdf);
    const [{ job_id: jobId, storage_key: storageKey }] = await sql(`SELECT job_id, storage_key FROM documents WHERE id = $1`, [docId]);
    const quoted = await ask(t, acme.analyst, session, 'What is the total value of my portfolio?');
    expect(quoted.body.result.meta.citations[0]).toMatchObject({ doc_id: docId });
    const csv = await t.http.get(`/api/v1/nexus/export/${jobId}?export_type=holdings&format=csv`).set(bearer(acme.analyst));
    expect(csv.status).toBe(200);
    const layout = await t.http.get(`/api/v1/nexus/doc-fetch/${jobId}?type=LAYOUT`).set(bearer(acme.analyst));
    expect(layout.status).toBe(200);
    // Another document of the same user stays, with its bytes.
    const other = await uploadPdf(t, acme.analyst, statement.pdf, 'kept.pdf');

    const before = await rowsOf(docId);
    expect(before).toMatchObject({ documents: 1, extractions: 1, pipeline_processes: 1, pipeline_stages_by_document: 10, reports: 1, chat_chunks: expect.any(Number), chat_documents: 1, chat_messages_quoting: 1 });
    expect(before.chat_chunks).toBeGreaterThan(0);
    const processIds = (await sql(`SELECT id FROM pipeline_processes WHERE document_id = $1`, [docId])).map((r) => r.id as string);
    const files = await storedFiles(acme.analyst.tenantId);
    expect(files).toEqual(expect.arrayContaining([storageKey.split('/')[1], storageKey.split('/')[1].replace('.pdf', '.layout.zip'), `reports/${csv.headers['x-report-id']}.csv`]));
    expect(Number(await storedBytes(acme.analyst))).toBe(2 * statement.pdf.length + Number(layout.headers['content-length']));

    const res = await del(t, acme.analyst, docId);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    expect(Object.values(await rowsOf(docId)).every((n) => n === 0)).toBe(true);
    expect(await stageRowsOf(processIds)).toBe(0);
    expect(await storedFiles(acme.analyst.tenantId)).toEqual([`${other.doc_id}.pdf`]);
    expect(Number(await storedBytes(acme.analyst))).toBe(statement.pdf.length);
    const usage = await t.http.get('/api/v1/tenants/me/usage').set(bearer(acme.admin));
    expect(usage.body.result.tenant.stored_bytes.used).toBe(statement.pdf.length);
    // The session and the question stay; the reply that quoted the document is gone.
    const messages = await sql(`SELECT role FROM chat_messages WHERE session_id = $1`, [session]);
    expect(messages.map((m) => m.role)).toEqual(['user']);

    expect((await t.http.get(`/api/v1/nexus/doc-fetch/${jobId}`).set(bearer(acme.analyst))).status).toBe(404);
    const again = await del(t, acme.analyst, docId);
    expect(again.status).toBe(404);
    expect(errorCode(again)).toBe('NOT_FOUND');
  }, 120_000);

  it('leaves an audit entry with ids only: no PAN, no name, no file name', async () => {
    const upload = await uploadPdf(t, acme.analyst, statement.pdf, `${statement.model.investors[0].name} ${statement.model.investors[0].pan}.pdf`);
    expect((await del(t, acme.admin, upload.doc_id)).status).toBe(204);
    const [entry] = await sql(`SELECT * FROM audit_logs WHERE tenant_id = $1 AND action = 'document.delete' AND target_id = $2`, [acme.admin.tenantId, upload.doc_id]);
    expect(entry).toMatchObject({ actor_id: acme.admin.userId, outcome: 'success', target_type: 'document', ip: null });
    const text = JSON.stringify(entry);
    for (const investor of statement.model.investors) {
      expect(text).not.toContain(investor.pan);
      expect(text).not.toContain(investor.name);
    }
    expect(text).not.toContain('.pdf');
  });

  it('is allowed to the uploader and to an admin; another analyst gets 404, a viewer 403, another tenant 404', async () => {
    const mine = await uploadPdf(t, acme.analyst, statement.pdf);
    const peer = await addUser(t.http, acme.admin, 'analyst');

    const viewer = await del(t, acme.viewer, mine.doc_id);
    expect(viewer.status).toBe(403);
    expect(errorCode(viewer)).toBe('FORBIDDEN');
    const otherAnalyst = await del(t, peer, mine.doc_id);
    expect(otherAnalyst.status).toBe(404);
    expect(errorCode(otherAnalyst)).toBe('NOT_FOUND');
    for (const outsider of [rival.admin, rival.analyst]) {
      const res = await del(t, outsider, mine.doc_id);
      expect(res.status).toBe(404);
      expect(errorCode(res)).toBe('NOT_FOUND');
    }
    expect((await del(t, acme.analyst, 'not-a-uuid')).status).toBe(404);
    expect((await rowsOf(mine.doc_id)).documents).toBe(1);

    expect((await del(t, acme.analyst, mine.doc_id)).status).toBe(204);
    const byAdmin = await uploadPdf(t, acme.analyst, statement.pdf);
    expect((await del(t, acme.admin, byAdmin.doc_id)).status).toBe(204);
    expect((await rowsOf(byAdmin.doc_id)).documents).toBe(0);
  });
});

describe('nexus document deletion while the pipeline runs', () => {
  let t: TestApp;
  let acme: Tenant;
  let large: GeneratedStatement;
  let redis: Redis;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await createTenant(t.http);
    large = await generateStatement('cams_detailed', { seed: 58, pages: 40 });
    redis = new Redis(process.env.REDIS_URL!);
  }, 90_000);
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  const failureEvents = async (docId: string) =>
    Number((await sql(`SELECT count(*) AS n FROM outbox_events WHERE event_type = 'document.failed' AND data->>'document_id' = $1`, [docId]))[0].n);

  it.each([
    { when: 'mid-way (a stage completed, later ones still to run)', ready: (statuses: string[]) => statuses.includes('completed') },
    { when: 'at once (the first job still queued or running)', ready: () => true },
  ])('deleting $when leaves no row, file or queued job behind, and no failure', async ({ ready }) => {
    const upload = await uploadPdf(t, acme.analyst, large.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
    const processId = start.body.process_id as string;
    await until(async () => ready((await sql(`SELECT status FROM pipeline_stages WHERE process_id = $1`, [processId])).map((r) => r.status as string)));

    const [{ status }] = await sql(`SELECT status FROM pipeline_processes WHERE id = $1`, [processId]);
    expect(status).toBe('processing');
    const res = await del(t, acme.analyst, upload.doc_id);
    expect(res.status).toBe(204);

    // Long enough for any stage that was running to end and try to write its output.
    const settle = Date.now() + 4000;
    while (Date.now() < settle) {
      expect(Object.values(await rowsOf(upload.doc_id)).every((n) => n === 0)).toBe(true);
      expect(await stageRowsOf([processId])).toBe(0);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await storedFiles(acme.analyst.tenantId)).not.toEqual(expect.arrayContaining([expect.stringContaining(upload.doc_id)]));
    expect(await redis.keys(`bull:pipeline-*:${processId}:*`)).toEqual([]);
    expect(await failureEvents(upload.doc_id)).toBe(0);
    expect((await t.http.get(`/api/v2/nexus/status/process/${processId}/progress`).set(bearer(acme.analyst))).status).toBe(404);
  }, 60_000);
});

describe('client deletion with its statements: DELETE /api/v1/clients/{client_id} (and ?dry_run=true)', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    ({ t, acme, rival } = await twoTenants());
  }, 90_000);
  afterAll(() => t.close());

  async function processed(account: Account, pdf: Buffer) {
    const upload = await uploadPdf(t, account, pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: upload.job_id });
    expect((await waitForProcess(t, account, start.body.process_id, 60_000)).final.status).toBe('completed');
    return upload;
  }
  const clientOf = async (pan: string) => (await t.http.get(`/api/v1/clients?pan=${pan}`).set(bearer(acme.admin))).body.result.items[0]?.client_id as string | undefined;
  const documentsOf = async (clientId: string) => (await t.http.get(`/api/v1/clients/${clientId}/documents`).set(bearer(acme.admin))).body.result.items.map((d: { doc_id: string }) => d.doc_id).sort();
  const deletionAudit = async () =>
    (await sql(`SELECT action, target_id, metadata FROM audit_logs WHERE tenant_id = $1 AND action IN ('document.delete', 'client.delete') ORDER BY created_at`, [acme.admin.tenantId])) as Array<{
      action: string;
      target_id: string;
      metadata: Record<string, unknown>;
    }>;

  it('a dry run lists every statement of the client with the joint one marked and changes nothing; a plain delete removes them all with the client', async () => {
    const joint = await generateStatement('cams_detailed', { seed: 59, investors: 2 });
    const [first, second] = joint.model.investors;
    const alone = await generateStatement('cams_summary', { seed: 60 });
    const peer = await addUser(t.http, acme.admin, 'analyst');

    // The joint statement goes through a chat session (passages, and an answer that quotes it), an export and a layout.
    const session = await newSession(t, acme.analyst);
    const jointId = await uploadIntoSession(t, acme.analyst, session, joint.pdf);
    const quoted = await ask(t, acme.analyst, session, 'What is the total value of my portfolio?');
    expect(quoted.body.result.meta.citations[0]).toMatchObject({ doc_id: jointId });
    const [{ job_id: jointJob }] = await sql(`SELECT job_id FROM documents WHERE id = $1`, [jointId]);
    expect((await t.http.get(`/api/v1/nexus/export/${jointJob}?export_type=holdings&format=csv`).set(bearer(acme.analyst))).status).toBe(200);
    expect((await t.http.get(`/api/v1/nexus/doc-fetch/${jointJob}?type=LAYOUT`).set(bearer(acme.analyst))).status).toBe(200);
    const clientId = (await clientOf(first.pan))!;
    const otherId = (await clientOf(second.pan))!;
    expect(clientId).toBeDefined();
    expect(otherId).toBeDefined();
    // A statement of the first investor alone, uploaded by another analyst (the generator draws its
    // PANs from the seed, so the link to the first investor's client is set on the row).
    const aloneDoc = await processed(peer, alone.pdf);
    await sql(`UPDATE document_investors SET client_id = $2, pan = $3 WHERE document_id = $1`, [aloneDoc.doc_id, clientId, first.pan]);
    // A statement of the other investor only stays.
    const othersOwn = await processed(acme.analyst, (await generateStatement('cams_summary', { seed: 61 })).pdf);
    await sql(`UPDATE document_investors SET client_id = $2, pan = $3 WHERE document_id = $1`, [othersOwn.doc_id, otherId, second.pan]);
    const expected = [jointId, aloneDoc.doc_id].sort();
    expect(await documentsOf(clientId)).toEqual(expected);

    const rowsBefore = { joint: await rowsOf(jointId), alone: await rowsOf(aloneDoc.doc_id) };
    expect(rowsBefore.joint).toMatchObject({ documents: 1, extractions: 1, reports: 1, document_investors: 2, chat_documents: 1, chat_messages_quoting: 1 });
    expect(rowsBefore.joint.chat_chunks).toBeGreaterThan(0);
    const filesBefore = await storedFiles(acme.analyst.tenantId);
    expect(filesBefore.length).toBeGreaterThanOrEqual(5); // three originals, the layout, the export

    // Dry run: the list, with what makes each joint; nothing changes, not even the audit.
    const dry = await t.http.delete(`/api/v1/clients/${clientId}?dry_run=true`).set(bearer(acme.admin));
    expect(dry.status).toBe(200);
    expect(dry.body.result).toMatchObject({ client_id: clientId, deleted: false });
    const listed = Object.fromEntries((dry.body.result.documents as Array<Record<string, unknown>>).map((d) => [d.doc_id, d]));
    expect(Object.keys(listed).sort()).toEqual(expected);
    expect(listed[jointId]).toEqual({
      doc_id: jointId,
      document_type: 'CAMS_DETAILED_CAS',
      statement_date: joint.model.period.to,
      investor_index: 0,
      linked_at: expect.any(String),
      joint: true,
      other_client_ids: [otherId],
    });
    expect(listed[aloneDoc.doc_id]).toMatchObject({ document_type: 'CAMS_SUMMARY_CAS', joint: false, other_client_ids: [] });
    expect({ joint: await rowsOf(jointId), alone: await rowsOf(aloneDoc.doc_id) }).toEqual(rowsBefore);
    expect(await storedFiles(acme.analyst.tenantId)).toEqual(filesBefore);
    expect(await clientOf(first.pan)).toBe(clientId);
    expect(await documentsOf(clientId)).toEqual(expected);
    expect(await deletionAudit()).toEqual([]);

    // Only an admin of the tenant deletes; the old opt-in parameter is refused, not ignored.
    expect((await t.http.delete(`/api/v1/clients/${clientId}`).set(bearer(acme.analyst))).status).toBe(403);
    const byRival = await t.http.delete(`/api/v1/clients/${clientId}`).set(bearer(rival.admin));
    expect({ status: byRival.status, code: errorCode(byRival) }).toEqual({ status: 404, code: 'CLIENT_NOT_FOUND' });
    const legacy = await t.http.delete(`/api/v1/clients/${clientId}?with_documents=true`).set(bearer(acme.admin));
    expect({ status: legacy.status, code: errorCode(legacy) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await documentsOf(clientId)).toEqual(expected);

    const res = await t.http.delete(`/api/v1/clients/${clientId}`).set(bearer(acme.admin));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ client_id: clientId, deleted: true });
    expect(res.body.result.documents.map((d: { doc_id: string }) => d.doc_id).sort()).toEqual(expected);
    for (const id of expected) expect(Object.values(await rowsOf(id)).every((n) => n === 0)).toBe(true);
    const [othersOriginal] = await sql(`SELECT storage_key FROM documents WHERE id = $1`, [othersOwn.doc_id]);
    expect(await storedFiles(acme.analyst.tenantId)).toEqual([(othersOriginal.storage_key as string).split('/')[1]]);
    expect(await clientOf(first.pan)).toBeUndefined();
    expect((await t.http.get(`/api/v1/clients/${clientId}`).set(bearer(acme.admin))).status).toBe(404);
    // The joint statement's other investor stays a client, with its own statement and without the deleted one.
    expect(await clientOf(second.pan)).toBe(otherId);
    expect(await documentsOf(otherId)).toEqual([othersOwn.doc_id]);
    // The audit: one entry per document and one for the client, with ids and no personal data.
    const audit = await deletionAudit();
    expect(audit.map((a) => `${a.action} ${a.target_id}`).sort()).toEqual([`client.delete ${clientId}`, ...expected.map((id) => `document.delete ${id}`)].sort());
    expect((audit.find((a) => a.action === 'client.delete')!.metadata.document_ids as string[]).sort()).toEqual(expected);
    const auditText = JSON.stringify(audit);
    for (const personal of [first.pan, first.name, second.pan, second.name]) expect(auditText).not.toContain(personal);
    expect((await t.http.delete(`/api/v1/clients/${clientId}`).set(bearer(acme.admin))).status).toBe(404);
  }, 240_000);

  it('leaves no copy anywhere: batch files named after the investor are erased and the batch finishes; no table holds the name, the PAN or the address', async () => {
    const firm = await createTenant(t.http);
    const statement = await generateStatement('cams_summary', { seed: 64 });
    const [investor] = statement.model.investors;
    const words = [investor.name, investor.pan, investor.address[0]];
    const named = `${investor.name.replace(/ /g, '_')}_${investor.pan}_CAS.pdf`;
    const postBatch = (files: Array<{ name: string; bytes: Buffer; type: string }>, clientIds?: Record<string, string>) => {
      let req = t.http.post('/api/v1/nexus/upload/batch').set(bearer(firm.analyst));
      for (const f of files) req = req.attach('files', f.bytes, { filename: f.name, contentType: f.type });
      return clientIds ? req.field('client_ids', JSON.stringify(clientIds)) : req;
    };
    const batchOf = async (id: string) => (await t.http.get(`/api/v1/nexus/upload/batch/${id}`).set(bearer(firm.analyst))).body.result;
    const first = (await postBatch([{ name: named, bytes: statement.pdf, type: 'application/pdf' }])).body.result.batch_id as string;
    await until(async () => (await batchOf(first)).done === true, 90_000);
    expect((await batchOf(first)).files[0]).toMatchObject({ file_name: named, status: 'completed' });
    const clientId = (await t.http.get(`/api/v1/clients?pan=${investor.pan}`).set(bearer(firm.admin))).body.result.items[0].client_id as string;
    // A file the batch refused (no document) that named the client.
    const notes = `${investor.name.replace(/ /g, '_')}_${investor.pan}_notes.txt`;
    const second = (await postBatch([{ name: notes, bytes: Buffer.from('not a statement'), type: 'text/plain' }], { [notes]: clientId })).body.result.batch_id as string;
    expect((await batchOf(second)).files[0]).toMatchObject({ file_name: notes, status: 'refused' });
    const [{ job_id: job }] = await sql(`SELECT job_id FROM documents WHERE tenant_id = $1`, [firm.admin.tenantId]);
    expect((await t.http.get(`/api/v1/nexus/export/${job}?export_type=holdings&format=csv`).set(bearer(firm.analyst))).status).toBe(200);
    expect(Object.keys(await rowsMentioning(firm.admin.tenantId, words))).toEqual(expect.arrayContaining(['clients.name', 'extractions.result', 'upload_batch_files.file_name', 'pipeline_stages.output']));

    expect((await t.http.delete(`/api/v1/clients/${clientId}`).set(bearer(firm.admin))).status).toBe(200);
    expect(await rowsMentioning(firm.admin.tenantId, words)).toEqual({});
    for (const id of [first, second]) {
      const batch = await batchOf(id);
      expect(batch).toMatchObject({ done: true, counts: { erased: 1 } });
      expect(batch.files).toEqual([{ position: 0, file_name: null, status: 'erased', doc_id: null, job_id: null, process_id: null, client_id: null, error: null }]);
    }
  }, 180_000);

  it('the map of a document\'s data names every text column of the schema, and deletion and retention act on every table it names', async () => {
    const mapped = new Set([...DOCUMENT_DATA.flatMap((c) => c.columns.map((col) => `${c.table}.${col}`)), ...Object.keys(NOT_DOCUMENT_DATA)]);
    const schema = [...(await textColumns())].flatMap(([table, columns]) => columns.map((c) => `${table}.${c}`));
    expect(schema.filter((c) => !mapped.has(c))).toEqual([]);
    expect([...mapped].filter((c) => !schema.includes(c))).toEqual([]);
    expect(DOCUMENT_DATA.flatMap((c) => c.columns.map((col) => `${c.table}.${col}`)).filter((c) => c in NOT_DOCUMENT_DATA)).toEqual([]);
    const handled = t.app.get(DocumentErasure).handledTables();
    expect([...new Set(handled.erase)].sort()).toEqual([...ERASED_TABLES].sort());
    expect([...new Set(handled.purge)].sort()).toEqual([...PURGED_TABLES].sort());
  });

  it('deletes a client no statement is linked to, and a dry run of it lists nothing', async () => {
    const created = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: 'No Statements', pan: 'ABCPN1234Q' });
    expect(created.status).toBe(201);
    const id = created.body.result.client_id as string;
    const dry = await t.http.delete(`/api/v1/clients/${id}?dry_run=true`).set(bearer(acme.admin));
    expect(dry.body.result).toEqual({ client_id: id, deleted: false, documents: [] });
    expect((await t.http.get(`/api/v1/clients/${id}`).set(bearer(acme.admin))).status).toBe(200);
    const res = await t.http.delete(`/api/v1/clients/${id}`).set(bearer(acme.admin));
    expect(res.body.result).toEqual({ client_id: id, deleted: true, documents: [] });
    expect((await t.http.get(`/api/v1/clients/${id}`).set(bearer(acme.admin))).status).toBe(404);
  });
});
