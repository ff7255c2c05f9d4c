import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unzipSync } from 'fflate';
import { DocumentStorage } from '../../src/modules/nexus/storage/document-storage.js';
import { bearer, createTenant, errorCode, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';
import { simplePdf } from '../support/pdf.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { generateStatement } from '../fixtures/generator/index.js';
import { notPdfStatements, pdfAfter } from '../fixtures/generator/negative.js';

// supertest's parser signature takes the raw response stream.
const binaryParser = (res: any, cb: (e: Error | null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('nexus: upload, listing and the original', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let statement: Buffer;
  beforeAll(async () => {
    ({ t, acme, rival } = await twoTenants({ MAX_UPLOAD_BYTES: String(256 * 1024) }));
    statement = await simplePdf(['Consolidated Account Statement', 'Page two', 'Page three']);
  });
  afterAll(() => t.close());

  /** The names of a tenant's stored objects, whichever driver the store is on (TEST_STORAGE_DRIVER). */
  const storedOf = async (tenantId: string) => {
    const names: string[] = [];
    for await (const object of t.app.get(DocumentStorage).list(`${tenantId}/`)) names.push(object.key.slice(tenantId.length + 1));
    return names;
  };

  const upload = (account: Account, body: Buffer, filename = 'CAS_statement.pdf', path = '/api/v1/nexus/upload/') =>
    t.http.post(path).set(bearer(account)).attach('file', body, { filename, contentType: 'application/pdf' });

  it('stores a PDF and answers {job_id, doc_id, status: uploaded, password_required: false} (with and without the trailing slash)', async () => {
    for (const path of ['/api/v1/nexus/upload/', '/api/v1/nexus/upload']) {
      const res = await upload(acme.analyst, statement, 'CAS_statement.pdf', path);
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.result).toEqual({
        job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        doc_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'uploaded',
        password_required: false,
        password_hint: null,
      });
    }
  });

  it("admits a quarter-end burst: fifty uploads at once from one user are all stored, and another tenant's upload meanwhile is not held behind them", async () => {
    const [firm, other] = await Promise.all([createTenant(t.http), createTenant(t.http)]);
    const pdf = await simplePdf(['Consolidated Account Statement', 'burst']);
    const send = (account: Account) => t.http.post('/api/v1/nexus/upload/').set(bearer(account)).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' });
    const started = Date.now();
    const burst = Array.from({ length: 50 }, () => send(firm.analyst).then((r) => ({ status: r.status, code: r.status === 201 ? null : errorCode(r), at: Date.now() - started })));
    await new Promise((r) => setTimeout(r, 150));
    const theirs = await send(other.analyst);
    const theirsAt = Date.now() - started;
    expect(theirs.status).toBe(201);
    const answers = await Promise.all(burst);
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    expect(await sql('SELECT count(*)::int AS n FROM documents WHERE owner_id = $1', [firm.analyst.userId])).toEqual([{ n: 50 }]);
    // The other tenant's upload is read in its own turn: answered before the burst is through.
    expect(theirsAt).toBeLessThan(Math.max(...answers.map((a) => a.at)));
  }, 120_000);

  it('detects an encrypted PDF and gives the issuer’s password convention as a hint', async () => {
    const encrypted = await simplePdf(['secret holdings'], 'ABCDE1234F');
    const res = await upload(acme.analyst, encrypted, 'NSDL_CAS_Sep2025.pdf');
    expect(res.status).toBe(201);
    expect(res.body.result.password_required).toBe(true);
    expect(res.body.result.password_hint).toMatch(/PAN.*date of birth/);
  });

  it('gives back the exact bytes as application/pdf to the owner and the tenant admin, 404 to others', async () => {
    const res = await upload(acme.analyst, statement);
    const { job_id: jobId } = res.body.result;
    for (const account of [acme.analyst, acme.admin]) {
      const got = await t.http.get(`/api/v1/nexus/doc-fetch/${jobId}?type=ORIGINAL`).set(bearer(account)).buffer(true).parse(binaryParser);
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(createHash('sha256').update(got.body as Buffer).digest('hex')).toBe(createHash('sha256').update(statement).digest('hex'));
    }
    for (const account of [acme.viewer, rival.admin, rival.analyst]) {
      const denied = await t.http.get(`/api/v1/nexus/doc-fetch/${jobId}?type=ORIGINAL`).set(bearer(account));
      expect(denied.status).toBe(404);
      expect(errorCode(denied)).toBe('NOT_FOUND');
    }
  });

  it('gives the layout analysis as a zip of page images with the text runs outlined, plus their boxes', async () => {
    const res = await upload(acme.analyst, statement);
    const got = await t.http.get(`/api/v1/nexus/doc-fetch/${res.body.result.job_id}?type=LAYOUT`).set(bearer(acme.analyst)).buffer(true).parse(binaryParser);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(got.body as Buffer));
    expect(Object.keys(files).sort()).toEqual(['layout.json', 'page-001.png', 'page-002.png', 'page-003.png']);
    expect(Buffer.from(files['page-001.png'].subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    const layout = JSON.parse(new TextDecoder().decode(files['layout.json']));
    const first = layout.boxes.find((b: { text: string }) => b.text.includes('Consolidated Account Statement'));
    expect(first).toMatchObject({ page: 1 });
    expect(first.width).toBeGreaterThan(0);
    const denied = await t.http.get(`/api/v1/nexus/doc-fetch/${res.body.result.job_id}?type=LAYOUT`).set(bearer(rival.admin));
    expect(denied.status).toBe(404);
    const locked = await upload(acme.analyst, await simplePdf(['secret'], 'ABCDE1234F'));
    const needsPassword = await t.http.get(`/api/v1/nexus/doc-fetch/${locked.body.result.job_id}?type=LAYOUT`).set(bearer(acme.analyst));
    expect(needsPassword.status).toBe(422);
    expect(errorCode(needsPassword)).toBe('PDF_PASSWORD_REQUIRED');
  });

  it('answers 404 for an unknown or malformed job id and 400 for an unknown type', async () => {
    const unknown = await t.http.get('/api/v1/nexus/doc-fetch/00000000-0000-4000-8000-000000000000').set(bearer(acme.admin));
    expect(unknown.status).toBe(404);
    const malformed = await t.http.get('/api/v1/nexus/doc-fetch/not-a-uuid').set(bearer(acme.admin));
    expect(malformed.status).toBe(404);
    const res = await upload(acme.analyst, statement);
    const badType = await t.http.get(`/api/v1/nexus/doc-fetch/${res.body.result.job_id}?type=THUMBNAIL`).set(bearer(acme.analyst));
    expect(badType.status).toBe(400);
    expect(errorCode(badType)).toBe('VALIDATION_ERROR');
  });

  describe('bad uploads', () => {
    it('answers 415 for a file that is not a PDF, whatever its name and content type say', async () => {
      const res = await upload(acme.analyst, Buffer.from('PK\u0003\u0004 this is a zip, not a PDF'), 'statement.pdf');
      expect(res.status).toBe(415);
      expect(errorCode(res)).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('refuses with 415 a ZIP archive renamed .pdf whose member is the PDF, though %PDF- is in its first kilobyte', async () => {
      const zip = notPdfStatements(statement).find((c) => c.detected === 'zip')!.file;
      // The archive really carries the statement, byte for byte, and shows its header early.
      expect(Buffer.from(unzipSync(new Uint8Array(zip))['CAS_statement.pdf']).equals(statement)).toBe(true);
      expect(zip.subarray(0, 1024).includes('%PDF-')).toBe(true);
      const res = await upload(acme.analyst, zip, 'CAS_statement.pdf');
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(res.body.error.details).toContain('detected: zip');
    });

    it('refuses with 415 every file that does not start with %PDF- (archives, office files, images, HTML, text, a PDF behind other bytes, an empty file), naming what it found, and stores nothing of them', async () => {
      const fresh = await createTenant(t.http);
      const pdfText = 'Consolidated Account Statement';
      for (const c of notPdfStatements(statement)) {
        const res = await upload(fresh.analyst, c.file, 'CAS_statement.pdf');
        expect({ name: c.name, status: res.status, code: errorCode(res), detected: /detected: ([a-z0-9_]+)/.exec(res.body.error?.details ?? '')?.[1] }).toEqual({
          name: c.name,
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
          detected: c.detected,
        });
        expect(res.text).not.toContain(pdfText);
        expect(res.text).not.toContain('%PDF-1');
      }
      expect(await sql('SELECT id FROM documents WHERE tenant_id = $1', [fresh.analyst.tenantId])).toEqual([]);
      expect(await storedOf(fresh.analyst.tenantId)).toEqual([]);
      expect(await readdir(resolve(process.env.STORAGE_DIR!, '.incoming')).catch(() => [])).toEqual([]);
    });

    it('accepts a real statement behind leading whitespace, and the pipeline reads it whole', async () => {
      const generated = await generateStatement('cams_detailed', { seed: 41 });
      const padded = pdfAfter('\r\n \t\n', generated.pdf);
      const up = await uploadPdf(t, acme.analyst, padded);
      const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: up.job_id });
      expect(start.status).toBe(200);
      const { final } = await waitForProcess(t, acme.analyst, start.body.process_id);
      expect(final.status).toBe('completed');
      expect(final.extractions.holdings.length).toBe(generated.model.holdings.length);
    }, 60_000);

    it('answers 415 for an empty file and 400 for a missing file field', async () => {
      const empty = await upload(acme.analyst, Buffer.alloc(0));
      expect(empty.status).toBe(415);
      expect(errorCode(empty)).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(empty.body.error.details).toContain('detected: empty');
      const missing = await t.http.post('/api/v1/nexus/upload/').set(bearer(acme.analyst)).field('other', 'x');
      expect(missing.status).toBe(400);
    });

    it('answers 413 for a file over MAX_UPLOAD_BYTES and keeps nothing of it', async () => {
      const incoming = resolve(process.env.STORAGE_DIR!, '.incoming');
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300 * 1024, 0x20)]);
      const res = await upload(acme.analyst, big);
      expect(res.status).toBe(413);
      expect(errorCode(res)).toBe('PAYLOAD_TOO_LARGE');
      const leftovers = await readdir(incoming).catch(() => []);
      expect(leftovers).toEqual([]);
    });

    it('answers 422 for a damaged PDF', async () => {
      const res = await upload(acme.analyst, Buffer.from('%PDF-1.7\n1 0 obj garbage without xref or trailer'));
      expect(res.status).toBe(422);
    });

    it('refuses viewers (403) and anonymous callers (401)', async () => {
      expect((await upload(acme.viewer, statement)).status).toBe(403);
      const anon = await t.http.post('/api/v1/nexus/upload/').attach('file', statement, 'a.pdf');
      expect(anon.status).toBe(401);
    });

    it('never uses the client’s path: a traversal file name is stored under a generated key', async () => {
      const res = await upload(acme.analyst, statement, '../../../../etc/passwd.pdf');
      expect(res.status).toBe(201);
      const list = await t.http.get('/api/v1/documents/me').set(bearer(acme.analyst));
      const item = list.body.result.find((d: { doc_id: string }) => d.doc_id === res.body.result.doc_id);
      expect(item.file_name).toBe('passwd.pdf');
      const stored = await storedOf(acme.analyst.tenantId);
      expect(stored).toContain(`${res.body.result.doc_id}.pdf`);
    });
  });

  describe('listing', () => {
    it('GET /api/v1/documents/me lists only the caller’s documents, newest first, with limit and skip', async () => {
      const owner = acme.admin;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await upload(owner, statement, `doc-${i}.pdf`)).body.result.doc_id);
      const res = await t.http.get('/api/v1/documents/me').set(bearer(owner));
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.result)).toBe(true);
      expect(res.body.result.slice(0, 3).map((d: { doc_id: string }) => d.doc_id)).toEqual([...ids].reverse());
      for (const item of res.body.result) {
        expect(Object.keys(item)).toEqual(['doc_id', 'job_id', 'file_name', 'status', 'classification', 'confidence_score', 'created_at', 'updated_at']);
        expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
      }
      // Written as compactly as everywhere else (the page is built by PostgreSQL): no spaces or line breaks between tokens.
      expect(res.text).toBe(JSON.stringify(res.body));
      const page = await t.http.get('/api/v1/documents/me?limit=1&skip=1').set(bearer(owner));
      expect(page.body.result.map((d: { doc_id: string }) => d.doc_id)).toEqual([ids[1]]);
      const analystView = await t.http.get('/api/v1/documents/me?limit=200').set(bearer(acme.analyst));
      expect(analystView.body.result.some((d: { doc_id: string }) => ids.includes(d.doc_id))).toBe(false);
      const rivalView = await t.http.get('/api/v1/documents/me').set(bearer(rival.admin));
      expect(rivalView.body.result).toEqual([]);
    });

    it('each item follows its row: any change of the document, however written, is in the next listing, exactly as the admin listing reads the row', async () => {
      const owner = acme.analyst;
      const doc = (await upload(owner, statement, 'follow.pdf')).body.result.doc_id as string;
      const itemOf = async () => {
        const res = await t.http.get('/api/v1/documents/me?limit=200').set(bearer(owner));
        return res.body.result.find((d: { doc_id: string }) => d.doc_id === doc);
      };
      expect(await itemOf()).toMatchObject({ status: 'uploaded', classification: null, confidence_score: null, file_name: 'follow.pdf' });
      // Written behind the service's back, with values that need escaping.
      const fileName = 'Ré "quoted" \\ back\tslash ₹.pdf';
      await sql(
        `UPDATE documents SET status = 'completed', classification = 'CAMS_DETAILED_CAS', confidence_score = 0.1::float8 + 0.2::float8, file_name = $2,
                              updated_at = '2026-11-23T10:11:12.345678Z' WHERE id = $1`,
        [doc, fileName],
      );
      const item = await itemOf();
      expect(item).toEqual({
        doc_id: doc,
        job_id: expect.any(String),
        file_name: fileName,
        status: 'completed',
        classification: 'CAMS_DETAILED_CAS',
        confidence_score: 0.1 + 0.2,
        created_at: expect.any(String),
        updated_at: '2026-11-23T10:11:12.345Z',
      });
      const admin = await t.http.get('/api/v1/nexus/documents?limit=200').set(bearer(acme.admin));
      const row = admin.body.result.items.find((d: { doc_id: string }) => d.doc_id === doc);
      for (const field of Object.keys(item)) expect({ field, value: item[field] }).toEqual({ field, value: row[field] });
    });

    it('answers 400 for bad limit or skip', async () => {
      for (const q of ['limit=0', 'limit=abc', 'skip=-1', 'limit=100000']) {
        const res = await t.http.get(`/api/v1/documents/me?${q}`).set(bearer(acme.viewer));
        expect({ q, status: res.status }).toEqual({ q, status: 400 });
      }
    });

    it('GET /api/v1/nexus/documents gives admins the whole tenant and nobody else anything', async () => {
      const res = await t.http.get('/api/v1/nexus/documents?limit=200').set(bearer(acme.admin));
      expect(res.status).toBe(200);
      const owners = new Set(res.body.result.items.map((d: { owner_id: string }) => d.owner_id));
      expect(owners.has(acme.analyst.userId)).toBe(true);
      expect(owners.has(acme.admin.userId)).toBe(true);
      expect([...owners].every((o) => [acme.admin.userId, acme.analyst.userId, acme.viewer.userId].includes(o as string))).toBe(true);
      expect(res.body.result.total).toBe(res.body.result.items.length);
      expect((await t.http.get('/api/v1/nexus/documents').set(bearer(acme.analyst))).status).toBe(403);
      const rivalRes = await t.http.get('/api/v1/nexus/documents').set(bearer(rival.admin));
      expect(rivalRes.body.result.items).toEqual([]);
    });

    it('GET /api/v1/nexus/documents pages by skip and limit, echoing skip beside the page it starts in', async () => {
      const all = (await t.http.get('/api/v1/nexus/documents?limit=200').set(bearer(acme.admin))).body.result;
      expect(all.total).toBeGreaterThanOrEqual(4);
      const ids = all.items.map((d: { doc_id: string }) => d.doc_id);
      const res = await t.http.get('/api/v1/nexus/documents?skip=1&limit=2').set(bearer(acme.admin));
      expect(res.status).toBe(200);
      const { items, ...meta } = res.body.result;
      expect(meta).toEqual({ page: 1, skip: 1, limit: 2, total: all.total, has_more: true });
      expect((await t.http.get('/api/v1/nexus/documents?skip=2&limit=2').set(bearer(acme.admin))).body.result).toMatchObject({ page: 2, skip: 2 });
      expect(items.map((d: { doc_id: string }) => d.doc_id)).toEqual(ids.slice(1, 3));
      const last = (await t.http.get(`/api/v1/nexus/documents?skip=${all.total - 1}&limit=2`).set(bearer(acme.admin))).body.result;
      expect(last).toMatchObject({ skip: all.total - 1, limit: 2, total: all.total, has_more: false });
      expect(last.items.map((d: { doc_id: string }) => d.doc_id)).toEqual(ids.slice(-1));
    });
  });
});
