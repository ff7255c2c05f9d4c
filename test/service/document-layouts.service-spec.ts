import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Principal } from '../../src/common/auth/principal.js';
import { DocumentErasure, DocumentsService } from '../../src/modules/nexus/index.js';
import { sql } from '../support/db.js';
import { simplePdf } from '../support/pdf.js';
import { failure, serviceHarness, type ServiceHarness } from '../support/service-harness.js';
import { nexusHarnessModules, runPipeline, storeDocument, type StoredDocument } from '../support/service-documents.js';

const DAMAGED = Buffer.from('%PDF-1.7\n1 0 obj garbage without xref or trailer');

// A document's layout (DocumentsService.layout): drawn once by the PDF engine and stored beside the
// original, counted in the stored bytes once; a verdict that it cannot be drawn is kept, and cleared by a
// new password. How these answer on the wire (the zip, 422 UNPROCESSABLE, 422 LAYOUT_TOO_LARGE, 429) is in
// test/e2e/quotas.e2e-spec.ts and test/e2e/nexus-upload.e2e-spec.ts.
describe('document layouts', () => {
  let h: ServiceHarness;
  let documents: DocumentsService;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await simplePdf(['Layout statement', 'Second page']);
    h = await serviceHarness(nexusHarnessModules('all'), { env: { QUEUE_PREFIX: `layout${Date.now()}` } });
    documents = h.get(DocumentsService);
  });
  afterAll(() => h.close());

  const originalPath = (user: Principal, doc: StoredDocument) => join(h.config.storage.dir, user.tenantId, `${doc.doc_id}.pdf`);
  const layoutBytes = async (docId: string) => Number((await sql<{ layout_bytes: string }>('SELECT layout_bytes FROM documents WHERE id = $1', [docId]))[0].layout_bytes);

  it("a stored layout counts once in its owner's and the tenant's stored bytes; fetched again, in parallel too, it is the stored zip; deleting the document frees both", async () => {
    const { admin, id: tenantId } = await h.tenant();
    const doc = await storeDocument(h, admin, pdf);
    const { zip } = await documents.layout(admin, doc.job_id);
    expect(zip.length).toBeGreaterThan(0);
    expect(await layoutBytes(doc.doc_id)).toBe(zip.length);
    const again = await Promise.all([documents.layout(admin, doc.job_id), documents.layout(admin, doc.job_id)]);
    for (const a of again) expect(Buffer.compare(a.zip, zip)).toBe(0);
    const kept = { originals: pdf.length, layouts: zip.length, exports: 0, reports: 0 };
    expect(await documents.storedBytes(tenantId, [admin.userId])).toEqual({ tenant: kept, byUser: new Map([[admin.userId, kept]]) });
    await h.get(DocumentErasure).erase(admin, doc.doc_id);
    expect((await documents.storedBytes(tenantId, [admin.userId])).tenant).toEqual({ originals: 0, layouts: 0, exports: 0, reports: 0 });
  });

  it("a layout that cannot be drawn is refused the same way again without being drawn again; another document's layout is unaffected", async () => {
    const { admin } = await h.tenant();
    const doc = await storeDocument(h, admin, pdf);
    const good = pdf;
    await writeFile(originalPath(admin, doc), DAMAGED);
    expect(await failure(documents.layout(admin, doc.job_id))).toBe('UNPROCESSABLE');
    // Were it drawn again, the readable file now in place would be drawn.
    await writeFile(originalPath(admin, doc), good);
    expect(await failure(documents.layout(admin, doc.job_id))).toBe('UNPROCESSABLE');
    expect(await layoutBytes(doc.doc_id)).toBe(0);
    const other = await storeDocument(h, admin, pdf);
    expect((await documents.layout(admin, other.job_id)).zip.length).toBeGreaterThan(0);
  });

  it('a new PDF password clears the verdict: the layout is drawn again with it', async () => {
    const { admin } = await h.tenant();
    const locked = await storeDocument(h, admin, await simplePdf(['Encrypted statement'], 'ABCDE1234F'));
    expect(await failure(documents.layout(admin, locked.job_id))).toBe('PDF_PASSWORD_REQUIRED');
    await runPipeline(h, admin, locked.job_id, 'ABCDE1234F');
    // A verdict kept from an earlier password.
    await sql(`UPDATE documents SET layout_error = '{"code":"UNPROCESSABLE","message":"drawn with another password"}' WHERE id = $1`, [locked.doc_id]);
    expect(await failure(documents.layout(admin, locked.job_id))).toBe('UNPROCESSABLE');
    await runPipeline(h, admin, locked.job_id, 'ABCDE1234F');
    expect((await documents.layout(admin, locked.job_id)).zip.length).toBeGreaterThan(0);
  });
});

describe('document layouts: the largest stored layout (LAYOUT_MAX_BYTES)', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await serviceHarness(nexusHarnessModules('api'), { env: { LAYOUT_MAX_BYTES: '1000', QUEUE_PREFIX: `layoutmax${Date.now()}` } });
  });
  afterAll(() => h.close());

  it('a layout over the limit is refused with LAYOUT_TOO_LARGE, not stored, and not drawn again', async () => {
    const { admin } = await h.tenant();
    const doc = await storeDocument(h, admin, await simplePdf(['A page']));
    const documents = h.get(DocumentsService);
    expect(await failure(documents.layout(admin, doc.job_id))).toBe('LAYOUT_TOO_LARGE');
    expect((await sql<{ layout_bytes: string }>('SELECT layout_bytes FROM documents WHERE id = $1', [doc.doc_id]))[0].layout_bytes).toBe('0');
    // Drawn again, a damaged original would be refused as UNPROCESSABLE.
    await writeFile(join(h.config.storage.dir, admin.tenantId, `${doc.doc_id}.pdf`), DAMAGED);
    expect(await failure(documents.layout(admin, doc.job_id))).toBe('LAYOUT_TOO_LARGE');
  });
});
