import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { generateStatement, type GeneratedStatement } from '../fixtures/generator/index.js';
import { bearer, createTenant, errorCode, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';
import { simplePdf } from '../support/pdf.js';
import { zipBomb } from '../support/zip-bomb.js';

// Batch uploads through the API on the real PostgreSQL, Redis and PDF engine: multipart and ZIP
// batches, the ZIP limits, encrypted statements opened with the register's passwords, per-file
// statuses, tenancy, and the admission cap (2 here) observed on the database while a batch runs.

const CAP = 2;
const MiB = 1024 * 1024;

describe('nexus: batch uploads', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    ({ t, acme, rival } = await twoTenants({
      BATCH_ADMISSION_PER_TENANT: String(CAP),
      BATCH_MAX_FILES: '8',
      BATCH_ZIP_MAX_ENTRY_BYTES: String(2 * MiB),
      BATCH_ZIP_MAX_TOTAL_BYTES: String(6 * MiB),
      PIPELINE_RECONCILE_INTERVAL_MS: '500',
    }));
  });
  afterAll(() => t.close());

  const pdfFile = (s: GeneratedStatement | Buffer, name: string) => ({ name, bytes: Buffer.isBuffer(s) ? s : s.pdf });
  const postBatch = (account: Account, files: Array<{ name: string; bytes: Buffer; type?: string }>, clientIds?: Record<string, string>) => {
    let req = t.http.post('/api/v1/nexus/upload/batch').set(bearer(account));
    for (const f of files) req = req.attach('files', f.bytes, { filename: f.name, contentType: f.type ?? 'application/pdf' });
    if (clientIds) req = req.field('client_ids', JSON.stringify(clientIds));
    return req;
  };
  const getBatch = (account: Account, id: string) => t.http.get(`/api/v1/nexus/upload/batch/${id}`).set(bearer(account));

  /** Polls the batch until no file is waiting, admitted or processing. */
  async function settled(account: Account, id: string, timeoutMs = 90_000, onPoll?: () => Promise<void>) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await onPoll?.();
      const res = await getBatch(account, id);
      expect(res.status).toBe(200);
      if (res.body.result.done) return res.body.result;
      if (Date.now() > deadline) throw new Error(`batch ${id} not done: ${JSON.stringify(res.body.result.counts)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const byName = (batch: { files: Array<{ file_name: string }> }) => Object.fromEntries(batch.files.map((f) => [f.file_name, f])) as Record<string, any>;

  it('takes several PDFs in one multipart request: each becomes a document and completes; a non-PDF is refused on its own', async () => {
    const [a, b] = await Promise.all([generateStatement('cams_detailed', { seed: 101 }), generateStatement('kfintech_summary', { seed: 102 })]);
    const res = await postBatch(acme.analyst, [pdfFile(a, 'cams.pdf'), pdfFile(b, 'kfin.pdf'), { name: 'notes.txt', bytes: Buffer.from('not a statement'), type: 'text/plain' }]);
    expect(res.status).toBe(201);
    expect(res.body.result.batch_id).toMatch(/^bat_[0-9a-f]{24}$/);
    expect(res.body.result).toMatchObject({ source: 'multipart', file_count: 3 });
    const batch = await settled(acme.analyst, res.body.result.batch_id);
    const files = byName(batch);
    expect(files['cams.pdf']).toMatchObject({ status: 'completed', doc_id: expect.any(String), job_id: expect.any(String), process_id: expect.any(String), error: null });
    expect(files['kfin.pdf'].status).toBe('completed');
    expect(files['notes.txt']).toMatchObject({ status: 'refused', doc_id: null, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('opens encrypted statements with the register: a password derived from a client\'s PAN and date of birth, one the client holds; one nobody holds is PDF_PASSWORD_REQUIRED on its own', async () => {
    const nsdl = await generateStatement('nsdl_cas', { seed: 111, encrypt: true });
    const investor = nsdl.model.investors[0];
    const held = await generateStatement('cams_detailed', { seed: 112, encrypt: { password: 'Chosen-at-request-77' } });
    const orphan = await generateStatement('cdsl_cas', { seed: 113, encrypt: { password: 'nobody-knows-this-1' } });
    const derivedClient = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: investor.name, pan: investor.pan, date_of_birth: investor.date_of_birth });
    expect(derivedClient.status).toBe(201);
    const holder = await t.http
      .post('/api/v1/clients')
      .set(bearer(acme.analyst))
      .send({ name: held.model.investors[0].name, pan: held.model.investors[0].pan, statement_passwords: ['Chosen-at-request-77'] });
    expect(holder.status).toBe(201);

    const res = await postBatch(acme.analyst, [pdfFile(nsdl, 'NSDL_CAS_Sep2025.pdf'), pdfFile(held, 'CAMS_mailback.pdf'), pdfFile(orphan, 'CDSL_CAS.pdf')], {
      'CAMS_mailback.pdf': holder.body.result.client_id,
    });
    expect(res.status).toBe(201);
    const files = byName(await settled(acme.analyst, res.body.result.batch_id));
    expect(files['NSDL_CAS_Sep2025.pdf']).toMatchObject({ status: 'completed', client_id: null });
    expect(files['CAMS_mailback.pdf']).toMatchObject({ status: 'completed', client_id: holder.body.result.client_id });
    expect(files['CDSL_CAS.pdf']).toMatchObject({ status: 'password_required', doc_id: expect.any(String), error: { code: 'PDF_PASSWORD_REQUIRED' } });
    // The password that opened it is sealed on the document, never in clear.
    const [row] = await sql(`SELECT sealed_password FROM documents WHERE id = $1`, [files['NSDL_CAS_Sep2025.pdf'].doc_id]);
    expect(row.sealed_password).toBeTruthy();
    expect(row.sealed_password).not.toContain(nsdl.password!);
    // The one nobody holds is an ordinary document: started with its password, it completes.
    const started = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: files['CDSL_CAS.pdf'].job_id, password: 'nobody-knows-this-1' });
    expect(started.status).toBeLessThan(300);
    const after = byName(await settled(acme.analyst, res.body.result.batch_id));
    expect(after['CDSL_CAS.pdf'].status).toBe('completed');
  });

  it('takes one ZIP of PDFs (entries in folders, an archive inside not opened)', async () => {
    const [a, b] = await Promise.all([generateStatement('cams_summary', { seed: 121 }), generateStatement('kfintech_detailed', { seed: 122 })]);
    const inner = zipSync({ 'hidden.pdf': new Uint8Array(a.pdf) });
    const zip = Buffer.from(zipSync({ 'q3/a.pdf': new Uint8Array(a.pdf), 'q3/b.pdf': new Uint8Array(b.pdf), 'more.zip': inner, 'q3/': new Uint8Array(0) }));
    const res = await postBatch(acme.analyst, [{ name: 'quarter.zip', bytes: zip, type: 'application/zip' }]);
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ source: 'zip', file_count: 3 });
    const files = byName(await settled(acme.analyst, res.body.result.batch_id));
    expect(files['a.pdf'].status).toBe('completed');
    expect(files['b.pdf'].status).toBe('completed');
    expect(files['more.zip']).toMatchObject({ status: 'refused', error: { code: 'ZIP_NESTED_ARCHIVE' } });
  });

  it.each([
    { case: 'a ZIP bomb (300 KiB inflating to 256 MiB)', zip: () => zipBomb(256 * MiB), status: 413, code: 'ZIP_ENTRY_TOO_LARGE' },
    { case: 'a ZIP bomb that declares a small size', zip: () => zipBomb(256 * MiB, 'statement.pdf', 1000), status: 413, code: 'ZIP_ENTRY_TOO_LARGE' },
    { case: 'entries inflating past the total', zip: () => Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`${i}.pdf`, new Uint8Array(1.9 * MiB)])))), status: 413, code: 'ZIP_TOO_LARGE' },
    { case: 'too many entries', zip: () => Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`${i}.pdf`, new TextEncoder().encode('%PDF-1.7')])))), status: 413, code: 'ZIP_TOO_MANY_ENTRIES' },
    { case: 'bytes that only start like a ZIP', zip: () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]), status: 400, code: 'ZIP_INVALID' },
  ])('refuses $case with $status $code, stores nothing and stays up', async ({ zip, status, code }) => {
    const [{ count: before }] = await sql(`SELECT count(*)::int AS count FROM documents WHERE tenant_id = $1`, [acme.analyst.tenantId]);
    const res = await postBatch(acme.analyst, [{ name: 'bomb.zip', bytes: zip(), type: 'application/zip' }]);
    expect(res.status).toBe(status);
    expect(errorCode(res)).toBe(code);
    const [{ count: after }] = await sql(`SELECT count(*)::int AS count FROM documents WHERE tenant_id = $1`, [acme.analyst.tenantId]);
    expect(after).toBe(before);
    const health = await t.http.get('/api/v1/health');
    expect(health.status).toBe(200);
  });

  it('refuses more multipart files than BATCH_MAX_FILES with 413 BATCH_TOO_MANY_FILES, and a ZIP among other files with 400', async () => {
    const pdf = await simplePdf(['one page']);
    const many = await postBatch(acme.analyst, Array.from({ length: 9 }, (_, i) => ({ name: `${i}.pdf`, bytes: pdf })));
    expect(many.status).toBe(413);
    expect(errorCode(many)).toBe('BATCH_TOO_MANY_FILES');
    const mixed = await postBatch(acme.analyst, [{ name: 'a.pdf', bytes: pdf }, { name: 'b.zip', bytes: Buffer.from(zipSync({ 'c.pdf': new Uint8Array(pdf) })), type: 'application/zip' }]);
    expect(mixed.status).toBe(400);
    expect(errorCode(mixed)).toBe('VALIDATION_ERROR');
  });

  it('keeps batches to their tenant and roles: 404 across tenants and to a viewer who does not own it, 403 to a viewer uploading, 404 CLIENT_NOT_FOUND for another tenant\'s client', async () => {
    const pdf = await simplePdf(['one page']);
    const res = await postBatch(acme.analyst, [{ name: 'a.pdf', bytes: pdf }]);
    expect(res.status).toBe(201);
    const id = res.body.result.batch_id;
    for (const account of [rival.admin, rival.analyst, acme.viewer]) {
      const denied = await getBatch(account, id);
      expect(denied.status).toBe(404);
      expect(errorCode(denied)).toBe('BATCH_NOT_FOUND');
    }
    expect((await getBatch(acme.admin, id)).status).toBe(200);
    expect((await postBatch(acme.viewer, [{ name: 'a.pdf', bytes: pdf }])).status).toBe(403);
    const rivalClient = await t.http.post('/api/v1/clients').set(bearer(rival.analyst)).send({ name: 'R', pan: 'ABCPR1234Z' });
    const foreign = await postBatch(acme.analyst, [{ name: 'a.pdf', bytes: pdf }], { 'a.pdf': rivalClient.body.result.client_id });
    expect(foreign.status).toBe(404);
    expect(errorCode(foreign)).toBe('CLIENT_NOT_FOUND');
  });

  it(`admits at most ${CAP} of a tenant's batch documents into the pipeline at once, keeps the rest waiting in PostgreSQL, and completes them all`, async () => {
    const tenant = await createTenant(t.http);
    const statements = await Promise.all(Array.from({ length: 8 }, (_, i) => generateStatement(i % 2 ? 'cams_detailed' : 'nsdl_cas', { seed: 130 + i })));
    const res = await postBatch(tenant.analyst, statements.map((s, i) => pdfFile(s, `s${i}.pdf`)));
    expect(res.status).toBe(201);
    let peak = 0;
    let sawWaiting = false;
    const observe = async () => {
      const [row] = await sql(
        `SELECT count(*) FILTER (WHERE d.status = 'processing')::int AS processing,
                count(*) FILTER (WHERE f.outcome = 'waiting')::int AS waiting
           FROM upload_batch_files f JOIN documents d ON d.id = f.document_id WHERE f.batch_id = $1`,
        [res.body.result.batch_id],
      );
      peak = Math.max(peak, row.processing);
      sawWaiting ||= row.waiting > 0;
    };
    const batch = await settled(tenant.analyst, res.body.result.batch_id, 180_000, observe);
    expect(batch.counts).toMatchObject({ completed: 8, waiting: 0, processing: 0 });
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(CAP);
    expect(sawWaiting).toBe(true);
  });
});
