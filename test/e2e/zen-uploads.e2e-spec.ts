import { readdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ModulesContainer } from '@nestjs/core';
import { NexusModule } from '../../src/modules/nexus/nexus.module.js';
import { ChunkRetriever, SessionDocuments } from '../../src/modules/zen/documents/chunk-retriever.js';
import { buildLines } from '../../src/modules/pdf/text-lines.js';
import { extractPdfText } from '../../src/modules/pdf/reader/pdfium.js';
import { generateStatement, imageOnlyPdf } from '../fixtures/generator/index.js';
import { notPdfStatements, pdfAfter, zipOfPdf } from '../fixtures/generator/negative.js';
import { addUser, bearer, errorCode, login, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { simplePdf } from '../support/pdf.js';
import { uploadPdf } from '../support/pipeline.js';
import { sql } from '../support/db.js';

// Its own store, so the "nothing left in .incoming" checks do not see other suites' uploads.
const STORAGE_DIR = './var/test-storage-zen-uploads';
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;


const incomingLeftovers = async () => {
  // The temporary upload is removed as the request ends; give the unlink a moment.
  for (let i = 0; i < 20; i++) {
    const left = await readdir(resolve(STORAGE_DIR, '.incoming')).catch(() => []);
    if (left.length === 0) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
  return readdir(resolve(STORAGE_DIR, '.incoming')).catch(() => []);
};

describe('zen: documents uploaded into a chat session', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    await rm(resolve(STORAGE_DIR, '.incoming'), { recursive: true, force: true });
    ({ t, acme, rival } = await twoTenants({ STORAGE_DIR, MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) }));
  });
  afterAll(() => t.close());

  const newSession = async (account: Account): Promise<string> => {
    const res = await t.http.post('/api/v1/zen/chat/').set(bearer(account));
    if (res.status !== 201 || !UUID.test(res.body)) throw new Error(`create session failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as string;
  };

  const upload = (account: Account, sessionId: string | null, pdf: Buffer | null, options: { filename?: string; password?: string; path?: string } = {}) => {
    let req = t.http.post(options.path ?? '/api/v1/zen/uploads/').set(bearer(account));
    if (sessionId !== null) req = req.field('session_id', sessionId);
    if (options.password !== undefined) req = req.field('password', options.password);
    if (pdf) req = req.attach('file', pdf, { filename: options.filename ?? 'CAS_statement.pdf', contentType: 'application/pdf' });
    return req;
  };

  const status = (account: Account, sessionId: string, docId: string) => t.http.get(`/api/v1/zen/chat/${sessionId}/documents/${docId}/status`).set(bearer(account));

  /** Polls the chat document status until it is completed or failed; returns every body seen. */
  async function waitForDocument(account: Account, sessionId: string, docId: string, timeoutMs = 30_000) {
    const seen: Array<Record<string, any>> = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await status(account, sessionId, docId);
      if (res.status !== 200) throw new Error(`status failed: ${res.status} ${JSON.stringify(res.body)}`);
      seen.push(res.body.result);
      if (res.body.result.status === 'completed' || res.body.result.status === 'failed') return { final: res.body.result, seen };
      if (Date.now() > deadline) throw new Error(`document ${docId} still ${res.body.result.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const chatDocuments = (sessionId: string) => sql('SELECT document_id, chunks_indexed FROM chat_documents WHERE session_id = $1', [sessionId]);
  const documentCount = async (account: Account) => Number((await sql('SELECT count(*) AS n FROM documents WHERE owner_id = $1', [account.userId]))[0].n);

  it('indexes a statement page by page, starts the pipeline, and the status walks from nexus_processing to completed', async () => {
    const statement = await generateStatement('cams_detailed', { seed: 21, pages: 3 });
    const sessionId = await newSession(acme.analyst);
    const res = await upload(acme.analyst, sessionId, statement.pdf, { filename: 'CAS_Apr-Sep2025.pdf' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, error: null });
    expect(res.body.result).toEqual({ document_ids: [expect.stringMatching(UUID)], file_name: 'CAS_Apr-Sep2025.pdf', status: 'processed' });
    const docId: string = res.body.result.document_ids[0];

    const chunks = await sql<{ page: number; ordinal: number; text: string }>('SELECT page, ordinal, text FROM chat_chunks WHERE document_id = $1 ORDER BY ordinal', [docId]);
    expect(chunks.length).toBeGreaterThan(0);
    expect([...new Set(chunks.map((c) => c.page))]).toEqual([1, 2, 3]);
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
    for (const c of chunks) expect(c.text.split(/\s+/).length).toBeLessThanOrEqual(300);
    expect(await chatDocuments(sessionId)).toEqual([{ document_id: docId, chunks_indexed: chunks.length }]);

    const { final, seen } = await waitForDocument(acme.analyst, sessionId, docId);
    expect(final).toEqual({
      doc_id: docId,
      status: 'completed',
      filename: 'CAS_Apr-Sep2025.pdf',
      source: 'nexus',
      chunks_indexed: chunks.length,
      nexus_progress: { current_stage: 'completion', stages_completed: 10, total_stages: 10, status: 'completed', progress_pct: 100 },
      error_message: null,
    });
    for (const body of seen.slice(0, -1)) {
      expect(body.status).toBe('nexus_processing');
      expect(body.nexus_progress.status).toBe('processing');
      expect(body.nexus_progress.progress_pct).toBeLessThan(100);
      expect(body.nexus_progress.total_stages).toBe(10);
    }
    const pcts = seen.map((b) => b.nexus_progress.progress_pct);
    expect([...pcts].sort((a, b) => a - b)).toEqual(pcts);

    // It is one of the user's nexus documents too, with its extraction.
    const extraction = await t.http.get(`/api/v1/nexus/documents/${docId}/extraction`).set(bearer(acme.analyst));
    expect(extraction.status).toBe(200);
    const isins = extraction.body.result.entities.flatMap((e: { holdings: Array<{ isin: string }> }) => e.holdings.map((h) => h.isin)).sort();
    expect(isins).toEqual(statement.model.holdings.map((h) => h.isin).sort());
  });

  it("stays its owner's: the register's clients, documents and portfolios do not see it until the owner attaches it; deleting the session erases an unattached upload", async () => {
    const statement = await generateStatement('cams_summary', { seed: 27 });
    const { pan } = statement.model.investors[0];
    const clientOf = async () => (await t.http.get(`/api/v1/clients?pan=${pan}`).set(bearer(acme.viewer))).body.result.items as Array<{ client_id: string }>;
    const sessionId = await newSession(acme.analyst);
    const docId = (await upload(acme.analyst, sessionId, statement.pdf)).body.result.document_ids[0] as string;
    expect((await waitForDocument(acme.analyst, sessionId, docId)).final.status).toBe('completed');
    // Read, but private: no client was made from it, no link written; the firm's viewer sees nothing of it.
    expect(await clientOf()).toEqual([]);
    expect(await sql('SELECT count(*)::int AS n FROM document_investors WHERE document_id = $1', [docId])).toEqual([{ n: 0 }]);

    // Only the session's owner attaches it (404 for anyone else), an analyst at least.
    const attach = (account: Account, session = sessionId) => t.http.post(`/api/v1/zen/chat/${session}/documents/${docId}/attach`).set(bearer(account));
    expect((await attach(acme.admin)).status).toBe(404);
    expect((await attach(rival.analyst)).status).toBe(404);
    expect((await attach(acme.viewer)).status).toBe(403);
    const attached = await attach(acme.analyst);
    expect(attached.status).toBe(200);
    expect(attached.body.result).toMatchObject({ doc_id: docId, attached_at: expect.any(String), linked_investors: 1 });
    const [client] = await clientOf();
    const documents = await t.http.get(`/api/v1/clients/${client.client_id}/documents`).set(bearer(acme.viewer));
    expect(documents.body.result.items.map((d: { doc_id: string }) => d.doc_id)).toEqual([docId]);
    expect((await attach(acme.analyst)).body.result.attached_at).toBe(attached.body.result.attached_at);

    // Deleting a session erases its uploads that are still private, and keeps those attached.
    const other = await newSession(acme.analyst);
    const privateId = (await upload(acme.analyst, other, statement.pdf)).body.result.document_ids[0] as string;
    expect((await waitForDocument(acme.analyst, other, privateId)).final.status).toBe('completed');
    expect((await t.http.delete(`/api/v1/zen/chat/session/${other}`).set(bearer(acme.analyst))).status).toBe(200);
    expect(await sql('SELECT count(*)::int AS n FROM documents WHERE id = $1', [privateId])).toEqual([{ n: 0 }]);
    expect(await sql('SELECT count(*)::int AS n FROM extractions WHERE document_id = $1', [privateId])).toEqual([{ n: 0 }]);
    expect((await t.http.delete(`/api/v1/zen/chat/session/${sessionId}`).set(bearer(acme.analyst))).status).toBe(200);
    expect(await sql('SELECT count(*)::int AS n FROM documents WHERE id = $1', [docId])).toEqual([{ n: 1 }]);
  }, 90_000);

  it('is served with and without the trailing slash', async () => {
    const sessionId = await newSession(acme.analyst);
    const pdf = await simplePdf(['Consolidated Account Statement']);
    for (const path of ['/api/v1/zen/uploads/', '/api/v1/zen/uploads']) {
      const res = await upload(acme.analyst, sessionId, pdf, { path });
      expect(res.status).toBe(201);
      expect(res.body.result.status).toBe('processed');
    }
    expect(await chatDocuments(sessionId)).toHaveLength(2);
  });

  it('accepts a real statement behind leading whitespace: indexed, and processed to completion', async () => {
    const statement = await generateStatement('cams_detailed', { seed: 43 });
    const sessionId = await newSession(acme.analyst);
    const res = await upload(acme.analyst, sessionId, pdfAfter('\n\r\n  \t', statement.pdf));
    expect(res.status).toBe(201);
    const docId: string = res.body.result.document_ids[0];
    const { final } = await waitForDocument(acme.analyst, sessionId, docId);
    expect(final.status).toBe('completed');
    expect(final.chunks_indexed).toBeGreaterThan(0);
    const extraction = await t.http.get(`/api/v1/nexus/documents/${docId}/extraction`).set(bearer(acme.analyst));
    const isins = extraction.body.result.entities.flatMap((e: { holdings: Array<{ isin: string }> }) => e.holdings.map((h) => h.isin)).sort();
    expect(isins).toEqual(statement.model.holdings.map((h) => h.isin).sort());
  });

  it('takes the password of an encrypted statement, and refuses a missing or wrong one (422) leaving nothing behind', async () => {
    const statement = await generateStatement('cams_detailed', { seed: 5, encrypt: true });
    const sessionId = await newSession(acme.analyst);
    const before = await documentCount(acme.analyst);

    const missing = await upload(acme.analyst, sessionId, statement.pdf);
    expect(missing.status).toBe(422);
    expect(errorCode(missing)).toBe('PDF_PASSWORD_REQUIRED');
    const wrong = await upload(acme.analyst, sessionId, statement.pdf, { password: 'WRONG1234X' });
    expect(wrong.status).toBe(422);
    expect(errorCode(wrong)).toBe('PDF_PASSWORD_INVALID');
    expect(await documentCount(acme.analyst)).toBe(before);
    expect(await chatDocuments(sessionId)).toEqual([]);
    expect(await incomingLeftovers()).toEqual([]);

    const ok = await upload(acme.analyst, sessionId, statement.pdf, { password: statement.password! });
    expect(ok.status).toBe(201);
    const docId = ok.body.result.document_ids[0];
    const { final } = await waitForDocument(acme.analyst, sessionId, docId);
    expect(final.status).toBe('completed');
    expect(final.chunks_indexed).toBeGreaterThan(0);
    const [{ n }] = await sql('SELECT count(*)::int AS n FROM chat_chunks WHERE document_id = $1 AND text LIKE $2', [docId, `%${statement.model.holdings[0].isin}%`]);
    expect(n).toBeGreaterThan(0);
  });

  it('reports failed with the pipeline’s error message when the pipeline fails (an image-only PDF: nothing to index)', async () => {
    const sessionId = await newSession(acme.analyst);
    const res = await upload(acme.analyst, sessionId, await imageOnlyPdf(), { filename: 'scan.pdf' });
    expect(res.status).toBe(201);
    const docId = res.body.result.document_ids[0];
    const { final } = await waitForDocument(acme.analyst, sessionId, docId);
    expect(final).toMatchObject({ status: 'failed', filename: 'scan.pdf', chunks_indexed: 0, nexus_progress: { status: 'failed' } });
    expect(final.error_message).toEqual(expect.any(String));
    expect(final.error_message.length).toBeGreaterThan(0);
  });

  it('reports processing while the text is not indexed or the pipeline not started', async () => {
    const sessionId = await newSession(acme.analyst);
    const { doc_id: docId } = await uploadPdf(t, acme.analyst, await simplePdf(['Half-way']), 'halfway.pdf');
    await sql('INSERT INTO chat_documents (tenant_id, session_id, document_id, chunks_indexed, indexed_at) VALUES ($1, $2, $3, 0, NULL)', [acme.analyst.tenantId, sessionId, docId]);
    const res = await status(acme.analyst, sessionId, docId);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      doc_id: docId,
      status: 'processing',
      filename: 'halfway.pdf',
      source: 'nexus',
      chunks_indexed: 0,
      nexus_progress: { current_stage: 'upload', stages_completed: 0, total_stages: 10, status: 'pending', progress_pct: 0 },
      error_message: null,
    });
  });

  describe('bad uploads', () => {
    let sessionId: string;
    let pdf: Buffer;
    beforeAll(async () => {
      sessionId = await newSession(acme.analyst);
      pdf = await simplePdf(['Consolidated Account Statement']);
    });

    const expectError = async (res: { status: number; body: any }, status: number, code: string) => {
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status, code });
    };

    it('400 without a file, without a session_id, with a malformed one, or with an unknown field', async () => {
      await expectError(await upload(acme.analyst, sessionId, null), 400, 'VALIDATION_ERROR');
      await expectError(await upload(acme.analyst, null, pdf), 400, 'VALIDATION_ERROR');
      await expectError(await upload(acme.analyst, 'not-a-uuid', pdf), 400, 'VALIDATION_ERROR');
      await expectError(await upload(acme.analyst, sessionId, pdf).field('folder', 'x'), 400, 'VALIDATION_ERROR');
    });

    it('415 for an empty file and for a file that is not a PDF, 413 over MAX_UPLOAD_BYTES, 422 for a damaged PDF', async () => {
      await expectError(await upload(acme.analyst, sessionId, Buffer.alloc(0)), 415, 'UNSUPPORTED_MEDIA_TYPE');
      await expectError(await upload(acme.analyst, sessionId, Buffer.from('PK\u0003\u0004 a zip named .pdf')), 415, 'UNSUPPORTED_MEDIA_TYPE');
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 0x20)]);
      await expectError(await upload(acme.analyst, sessionId, big), 413, 'PAYLOAD_TOO_LARGE');
      await expectError(await upload(acme.analyst, sessionId, Buffer.from('%PDF-1.7\n1 0 obj garbage without xref or trailer')), 422, 'UNPROCESSABLE');
    });

    it('415 for a ZIP archive renamed .pdf whose member is a readable PDF, naming it; no document is stored', async () => {
      const before = await documentCount(acme.analyst);
      const statement = await simplePdf(['Consolidated Account Statement', 'Folio No: 12345678/90']);
      const zip = zipOfPdf(statement);
      expect(zip.subarray(0, 1024).includes('%PDF-')).toBe(true);
      const res = await upload(acme.analyst, sessionId, zip, { filename: 'CAS_statement.pdf' });
      await expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.error.details).toContain('detected: zip');
      expect(res.text).not.toContain('12345678');
      expect(await documentCount(acme.analyst)).toBe(before);
    });

    it('415 for every file that does not start with %PDF- (archives, office files, images, HTML, text, a PDF behind other bytes), naming what it found; no document is stored', async () => {
      const before = await documentCount(acme.analyst);
      for (const c of notPdfStatements(pdf)) {
        const res = await upload(acme.analyst, sessionId, c.file);
        expect({ name: c.name, status: res.status, code: errorCode(res), detected: /detected: ([a-z0-9_]+)/.exec(res.body.error?.details ?? '')?.[1] }).toEqual({
          name: c.name,
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
          detected: c.detected,
        });
      }
      expect(await documentCount(acme.analyst)).toBe(before);
    });

    it('404 for an unknown session, another user’s session and another tenant’s session', async () => {
      await expectError(await upload(acme.analyst, '00000000-0000-4000-8000-000000000000', pdf), 404, 'NOT_FOUND');
      await expectError(await upload(acme.analyst, await newSession(acme.admin), pdf), 404, 'NOT_FOUND');
      await expectError(await upload(acme.analyst, await newSession(rival.analyst), pdf), 404, 'NOT_FOUND');
      await expectError(await upload(rival.admin, sessionId, pdf), 404, 'NOT_FOUND');
    });

    it('409 for a closed session', async () => {
      const closed = await newSession(acme.analyst);
      const close = await t.http.post(`/api/v1/zen/chat/session/${closed}/close`).set(bearer(acme.analyst));
      expect(close.status).toBeLessThan(300);
      await expectError(await upload(acme.analyst, closed, pdf), 409, 'CONFLICT');
    });

    it('403 for a viewer, 401 without a token', async () => {
      await expectError(await upload(acme.viewer, sessionId, pdf), 403, 'FORBIDDEN');
      const anonymous = await t.http.post('/api/v1/zen/uploads/').field('session_id', sessionId).attach('file', pdf, 'a.pdf');
      expect(anonymous.status).toBe(401);
    });

    it('leaves no document, link or temporary file behind', async () => {
      expect(await chatDocuments(sessionId)).toEqual([]);
      expect(await incomingLeftovers()).toEqual([]);
    });
  });

  describe('status isolation', () => {
    let sessionId: string;
    let docId: string;
    beforeAll(async () => {
      sessionId = await newSession(acme.analyst);
      const res = await upload(acme.analyst, sessionId, await simplePdf(['Isolation test']));
      docId = res.body.result.document_ids[0];
    });

    it('answers the session’s owner only: 404 to the tenant admin, another tenant, another of the owner’s sessions, unknown and malformed ids', async () => {
      expect((await status(acme.analyst, sessionId, docId)).status).toBe(200);
      const otherSession = await newSession(acme.analyst);
      for (const [account, s, d] of [
        [acme.admin, sessionId, docId],
        [rival.admin, sessionId, docId],
        [acme.analyst, otherSession, docId],
        [acme.analyst, sessionId, '00000000-0000-4000-8000-000000000000'],
        [acme.analyst, 'not-a-uuid', docId],
        [acme.analyst, sessionId, 'not-a-uuid'],
      ] as Array<[Account, string, string]>) {
        const res = await status(account, s, d);
        expect({ s, d, status: res.status, code: errorCode(res) }).toEqual({ s, d, status: 404, code: 'NOT_FOUND' });
      }
      expect((await t.http.get(`/api/v1/zen/chat/${sessionId}/documents/${docId}/status`)).status).toBe(401);
    });

    it('is readable by a viewer who owns the session', async () => {
      const person = await addUser(t.http, acme.admin, 'analyst');
      const own = await newSession(person);
      const res = await upload(person, own, await simplePdf(['Viewer later']));
      const demote = await t.http.patch(`/api/v1/users/${person.userId}`).set(bearer(acme.admin)).send({ role: 'viewer' });
      expect(demote.status).toBe(200);
      const asViewer = await login(t.http, person.email);
      const got = await status(asViewer, own, res.body.result.document_ids[0]);
      expect(got.status).toBe(200);
      expect(got.body.result.doc_id).toBe(res.body.result.document_ids[0]);
    });
  });

  describe('retrieval (ChunkRetriever, SessionDocuments)', () => {
    const PAGES = [
      'Axis Bluechip Fund - Direct Plan - Growth. Closing Unit Balance: 1,204.331 units. NAV 58.1200.',
      'Mirae Asset Large Cap Fund - Regular Plan. Closing Unit Balance: 88.000 units. NAV 101.4500.',
      'Parag Parikh Flexi Cap Fund - Direct Plan - Growth. Closing Unit Balance: 512.900 units. NAV 77.3300.',
    ];
    let retriever: ChunkRetriever;
    let sessionDocs: SessionDocuments;
    let sessionId: string;
    let statementDoc: string;
    let simpleDoc: string;
    let statement: Awaited<ReturnType<typeof generateStatement>>;
    beforeAll(async () => {
      retriever = t.app.get(ChunkRetriever, { strict: false });
      sessionDocs = t.app.get(SessionDocuments, { strict: false });
      sessionId = await newSession(acme.analyst);
      statement = await generateStatement('cams_detailed', { seed: 33, pages: 3 });
      statementDoc = (await upload(acme.analyst, sessionId, statement.pdf, { filename: 'CAS_seed33.pdf' })).body.result.document_ids[0];
      simpleDoc = (await upload(acme.analyst, sessionId, await simplePdf(PAGES), { filename: 'three-funds.pdf' })).body.result.document_ids[0];
    });

    it('finds a scheme by name on the page it is printed on, with the file name', async () => {
      const hits = await retriever.search(acme.analyst.tenantId, sessionId, 'Parag Parikh Flexi Cap', 5);
      expect(hits[0]).toMatchObject({ doc_id: simpleDoc, file_name: 'three-funds.pdf', page: 3, chunk_id: expect.stringMatching(UUID) });
      expect(hits[0].text).toContain('Parag Parikh Flexi Cap Fund');
      expect(hits[0].score).toBeGreaterThan(0);
    });

    it('finds a scheme of a generated statement on the right page', async () => {
      const pages = buildLines(await extractPdfText(new Uint8Array(statement.pdf)));
      const onOnePage = statement.model.holdings.find((h) => {
        const found = new Set(pages.filter((l) => l.text.includes(h.scheme_name)).map((l) => l.page));
        return found.size === 1 && !found.has(1);
      });
      expect(onOnePage).toBeDefined();
      const page = pages.find((l) => l.text.includes(onOnePage!.scheme_name))!.page;
      const hits = await retriever.search(acme.analyst.tenantId, sessionId, onOnePage!.scheme_name, 3);
      expect(hits[0]).toMatchObject({ doc_id: statementDoc, file_name: 'CAS_seed33.pdf', page });
      expect(hits[0].text).toContain(onOnePage!.scheme_name);
      const asked = await retriever.search(acme.analyst.tenantId, sessionId, `What is my closing unit balance in ${onOnePage!.scheme_name}?`, 3);
      expect(asked[0]).toMatchObject({ doc_id: statementDoc, page });
    });

    it('answers a conversational question whose words no passage holds all of', async () => {
      const hits = await retriever.search(acme.analyst.tenantId, sessionId, 'How many units of Mirae Asset Large Cap do I hold right now?', 3);
      expect(hits[0]).toMatchObject({ doc_id: simpleDoc, page: 2 });
    });

    it('stays within the tenant and the session', async () => {
      expect(await retriever.search(rival.admin.tenantId, sessionId, 'Parag Parikh Flexi Cap', 5)).toEqual([]);
      const other = await newSession(acme.analyst);
      expect(await retriever.search(acme.analyst.tenantId, other, 'Parag Parikh Flexi Cap', 5)).toEqual([]);
      expect(await retriever.search(acme.analyst.tenantId, sessionId, '   ', 5)).toEqual([]);
      expect(await retriever.search(acme.analyst.tenantId, sessionId, 'the of and', 5)).toEqual([]);
    });

    it('takes any text as a question: operators, quotes and punctuation are words, not syntax errors', async () => {
      for (const q of ['???', "O'Brien's \\ fund", 'axis & (bluechip | !nav) <-> :*', '"Parag Parikh" or Mirae -Axis', '- - -', 'ü 日本 ₹ 1,204.331']) {
        await expect(retriever.search(acme.analyst.tenantId, sessionId, q, 5)).resolves.toEqual(expect.any(Array));
      }
      const quoted = await retriever.search(acme.analyst.tenantId, sessionId, '"Parag Parikh" or Mirae -Axis', 5);
      expect(quoted.slice(0, 2).map((h) => h.page).sort()).toEqual([2, 3]);
      expect(await retriever.search(acme.analyst.tenantId, sessionId, '1,204.331', 1)).toEqual([expect.objectContaining({ doc_id: simpleDoc, page: 1 })]);
    });

    it('shares the application’s one NexusModule (no second set of pipeline workers or routes)', () => {
      const nexus = [...t.app.get(ModulesContainer).values()].filter((m) => m.metatype === NexusModule);
      expect(nexus).toHaveLength(1);
    });

    it('lists the session’s documents, oldest first', async () => {
      expect(await sessionDocs.documentIds(acme.analyst.tenantId, sessionId)).toEqual([statementDoc, simpleDoc]);
      expect(await sessionDocs.documentIds(rival.admin.tenantId, sessionId)).toEqual([]);
    });
  });
});
