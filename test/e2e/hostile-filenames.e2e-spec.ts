// Uploaded file names cannot escape storage (docs/reliability.md, "Hostile input"): whatever the
// client calls its file, the original lands at STORAGE_DIR/<tenant>/<uuid>.pdf and nowhere else, and
// the name shown back is a sanitised display name.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createTenant, errorCode, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { simplePdf } from '../support/pdf.js';

const HOSTILE_NAMES = [
  '../../../../etc/passwd.pdf',
  '../../escape.pdf',
  '/etc/passwd',
  '/tmp/absolute.pdf',
  'C:\\Windows\\System32\\drivers\\etc\\hosts.pdf',
  '..\\..\\windows-escape.pdf',
  '\\\\server\\share\\unc.pdf',
  'nul\u0000byte.pdf',
  'statement.pdf\u0000.exe',
  `${'a'.repeat(5000)}.pdf`,
  `${'😀'.repeat(300)}.pdf`,
  '\u2025\u2215\u2024\u2024\u2215lookalike.pdf', // two-dot leader, division slashes, one-dot leaders
  '\uFF0E\uFF0E\uFF0Ffullwidth.pdf', // fullwidth ．．／
  '%2e%2e%2fencoded.pdf',
  'evil\u202Efdp.exe', // right-to-left override: displays as "evilexe.pdf"
  'line\r\nbreak.pdf',
  'tab\there.pdf',
  '..',
  '.',
  '  ',
  'CON',
  'report";filename="other.exe',
];

/** Every file under `dir`, relative to it. */
async function walk(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path, base)));
    else out.push(relative(base, path));
  }
  return out;
}

describe('hostile input: uploaded file names cannot escape storage', () => {
  let t: TestApp;
  let acme: Tenant;
  let root: string;
  let storage: string;
  let pdf: Buffer;
  /** Uploads that were stored (a name the multipart parser cannot read as a file name is refused: 400). */
  let stored = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'foliodesk-hostile-names-'));
    storage = join(root, 'storage');
    t = await startTestApp({ STORAGE_DIR: storage });
    acme = await createTenant(t.http);
    pdf = await simplePdf(['Consolidated Account Statement']);
  });
  afterAll(() => t.close());

  /**
   * 201 and a clean display name, or a clean 400 when the multipart parser cannot use the name: it
   * drops "." and ".." (no file: VALIDATION_ERROR) and refuses a NUL in a part header (BAD_REQUEST).
   */
  function expectStoredOrRefused(res: { status: number; body: any }) {
    expect([201, 400]).toContain(res.status);
    if (res.status === 400) {
      expect(['VALIDATION_ERROR', 'BAD_REQUEST']).toContain(errorCode(res));
      return false;
    }
    stored++;
    return true;
  }

  it.each(HOSTILE_NAMES.map((name) => [JSON.stringify(name).slice(0, 60), name]))('nexus upload named %s is stored under a generated key, shown under a clean name (or refused)', async (_label, name) => {
    const res = await t.http.post('/api/v1/nexus/upload/').set(bearer(acme.analyst)).attach('file', pdf, { filename: name, contentType: 'application/pdf' });
    if (!expectStoredOrRefused(res)) return;
    const list = await t.http.get('/api/v1/documents/me?limit=200').set(bearer(acme.analyst));
    const item = list.body.result.find((d: { doc_id: string }) => d.doc_id === res.body.result.doc_id);
    expectCleanDisplayName(item.file_name);

    const original = await t.http.get(`/api/v1/nexus/doc-fetch/${res.body.result.job_id}?type=ORIGINAL`).set(bearer(acme.analyst));
    expect(original.status).toBe(200);
    // One attachment, one quoted file name: nothing of the client's name breaks out of the header.
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename="[\x20-\x21\x23-\x7e]*"$/);
  });

  it('chat uploads apply the same rules', async () => {
    const session = (await t.http.post('/api/v1/zen/chat').set(bearer(acme.analyst))).body as string;
    for (const name of ['../../../../etc/passwd.pdf', 'C:\\evil\\x.pdf', 'nul\u0000byte.pdf', 'evil\u202Efdp.exe']) {
      const res = await t.http.post('/api/v1/zen/uploads/').set(bearer(acme.analyst)).field('session_id', session).attach('file', pdf, { filename: name, contentType: 'application/pdf' });
      if (expectStoredOrRefused(res)) expectCleanDisplayName(res.body.result.file_name);
    }
  });

  it('nothing was written anywhere but STORAGE_DIR/<tenant>/<uuid>.pdf', async () => {
    // Only the storage directory exists beside it: no ../escape.pdf, no passwd.pdf.
    expect(await readdir(root)).toEqual(['storage']);
    const files = await walk(storage);
    expect(files.length).toBe(stored);
    const pattern = new RegExp(`^${acme.analyst.tenantId}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.pdf$`);
    expect(files.filter((f) => !pattern.test(f))).toEqual([]);
  });
});

function expectCleanDisplayName(name: string) {
  expect(typeof name).toBe('string');
  expect(name.length).toBeGreaterThan(0);
  expect([...name].length).toBeLessThanOrEqual(255);
  expect(name).not.toMatch(/[/\\]/);
  // No control characters (C0, DEL, C1), no bidirectional overrides, no lone surrogates.
  expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  expect(['.', '..']).not.toContain(name);
}
