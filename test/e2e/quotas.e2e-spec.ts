import { readdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createTenant, errorCode, register, startTestApp, type Account, type Tenant, type TestApp } from '../support/app.js';
import { ask, newSession } from '../support/chat.js';
import { generateStatement, type GeneratedStatement } from '../fixtures/generator/index.js';
import { waitForReport } from '../support/client-reports.js';
import { sql } from '../support/db.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { simplePdf } from '../support/pdf.js';

// Its own store, so the "nothing stored" checks count only this suite's files.
const STORAGE_DIR = `${process.env.STORAGE_DIR}-quotas`;
const HOUR = 3600;
const DAY = 86_400;

type Res = Awaited<ReturnType<TestApp['http']['get']>>;

/** A 429 QUOTA_EXCEEDED naming the quota and scope, with a Retry-After within `maxSeconds`. */
function expectQuotaRefusal(res: Res, quota: string, scope: 'user' | 'tenant', maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(errorCode(res)).toBe('QUOTA_EXCEEDED');
  expect(res.body.error.details).toContain(`Quota ${quota} (${scope})`);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

const storedFiles = async (tenantId: string) => (await readdir(resolve(STORAGE_DIR, tenantId), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).length;
const documentsOf = async (userId: string) => Number((await sql<{ n: string }>('SELECT count(*) AS n FROM documents WHERE owner_id = $1', [userId]))[0].n);

describe('quotas: uploads per hour', () => {
  let t: TestApp;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await simplePdf(['Consolidated Account Statement']);
    t = await startTestApp({ STORAGE_DIR, QUOTA_UPLOADS_PER_USER_PER_HOUR: '3', QUOTA_UPLOADS_PER_TENANT_PER_HOUR: '5', QUEUE_PREFIX: `qu${Date.now()}` });
  });
  afterAll(() => t.close());

  const upload = (account: Account) => t.http.post('/api/v1/nexus/upload').set(bearer(account)).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' });
  const chatUpload = (account: Account, sessionId: string) =>
    t.http.post('/api/v1/zen/uploads').set(bearer(account)).field('session_id', sessionId).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' });

  it('refuses the upload past the per-user limit with 429 and Retry-After, and stores nothing; nexus and chat uploads count together', async () => {
    const acme = await createTenant(t.http);
    for (let i = 0; i < 2; i++) expect((await upload(acme.analyst)).status).toBe(201);
    expect((await chatUpload(acme.analyst, await newSession(t, acme.analyst))).status).toBe(201);

    const refused = await upload(acme.analyst);
    expectQuotaRefusal(refused, 'uploads_per_hour', 'user', HOUR);
    expectQuotaRefusal(await chatUpload(acme.analyst, await newSession(t, acme.analyst)), 'uploads_per_hour', 'user', HOUR);
    expect(await documentsOf(acme.analyst.userId)).toBe(3);
    expect(await storedFiles(acme.analyst.tenantId)).toBe(3);
    expect(await readdir(resolve(STORAGE_DIR, '.incoming')).catch(() => [])).toEqual([]);
  });
});

describe('quotas: stored bytes', () => {
  let t: TestApp;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await simplePdf(['Holding statement']);
    // Room for two documents per user and four per tenant.
    t = await startTestApp({
      STORAGE_DIR,
      QUOTA_STORED_BYTES_PER_USER: String(pdf.length * 2 + 10),
      QUOTA_STORED_BYTES_PER_TENANT: String(pdf.length * 4 + 10),
      QUEUE_PREFIX: `qb${Date.now()}`,
    });
  });
  afterAll(() => t.close());

  const upload = (account: Account) => t.http.post('/api/v1/nexus/upload').set(bearer(account)).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' });

  it('refuses a document that does not fit with 429 and Retry-After, and stores nothing', async () => {
    const acme = await createTenant(t.http);
    for (let i = 0; i < 2; i++) expect((await upload(acme.analyst)).status).toBe(201);
    expectQuotaRefusal(await upload(acme.analyst), 'stored_bytes', 'user', HOUR);
    expect(await documentsOf(acme.analyst.userId)).toBe(2);
    expect(await storedFiles(acme.analyst.tenantId)).toBe(2);
  });

  it("a document's layout is stored only if it fits: 429 for a layout over the quota, and nothing stored", async () => {
    const acme = await createTenant(t.http);
    const { job_id: jobId, doc_id: docId } = (await upload(acme.analyst)).body.result;
    const refused = await t.http.get(`/api/v1/nexus/doc-fetch/${jobId}?type=LAYOUT`).set(bearer(acme.analyst));
    expectQuotaRefusal(refused, 'stored_bytes', 'user', HOUR);
    expect(await readdir(resolve(STORAGE_DIR, acme.analyst.tenantId))).toEqual([`${docId}.pdf`]);
    expect((await sql<{ layout_bytes: string }>('SELECT layout_bytes FROM documents WHERE id = $1', [docId]))[0].layout_bytes).toBe('0');
    // The document itself is kept, and the room the layout did not take is still there.
    expect((await upload(acme.analyst)).status).toBe(201);
  });
});

describe('quotas: exports and reports count as stored bytes', () => {
  let t: TestApp;
  let statement: GeneratedStatement;
  /** Room per user for one statement and a few small exports; a tenant limit that never binds. */
  const ROOM = 3_000;
  beforeAll(async () => {
    statement = await generateStatement('cams_summary', { seed: 71 });
    t = await startTestApp({ STORAGE_DIR, QUOTA_STORED_BYTES_PER_USER: String(statement.pdf.length + ROOM), QUOTA_STORED_BYTES_PER_TENANT: String(100 * statement.pdf.length), QUEUE_PREFIX: `qx${Date.now()}` });
  }, 60_000);
  afterAll(() => t.close());

  async function processed(account: Account) {
    const upload = await uploadPdf(t, account, statement.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: upload.job_id });
    expect((await waitForProcess(t, account, start.body.process_id, 60_000)).final.status).toBe('completed');
    return upload;
  }

  it('exports fill the quota until a 429 that stores nothing; the usage report shows each kind; a report that does not fit fails QUOTA_EXCEEDED, and one asked for with no room left is refused', async () => {
    const acme = await createTenant(t.http);
    const { job_id: job } = await processed(acme.analyst);
    const sizes: number[] = [];
    let refused: Res | null = null;
    for (let i = 0; i < 40 && !refused; i++) {
      const res = await t.http.get(`/api/v1/nexus/export/${job}?export_type=holdings&format=csv`).set(bearer(acme.analyst));
      if (res.status === 200) sizes.push(Buffer.byteLength(res.text));
      else refused = res;
    }
    expect(sizes.length).toBeGreaterThan(0);
    expectQuotaRefusal(refused!, 'stored_bytes', 'user', HOUR);
    expect(await storedFiles(acme.analyst.tenantId)).toBe(1 + sizes.length);
    const exported = sizes.reduce((a, b) => a + b, 0);
    expect(statement.pdf.length + exported).toBeLessThanOrEqual(statement.pdf.length + ROOM);
    const usage = (await t.http.get('/api/v1/tenants/me/usage?user_id=' + acme.analyst.userId).set(bearer(acme.admin))).body.result;
    expect(usage.users.items[0].stored_bytes).toMatchObject({ used: statement.pdf.length + exported, by_kind: { originals: statement.pdf.length, layouts: 0, exports: exported, reports: 0 } });
    expect(usage.tenant.stored_bytes.by_kind).toEqual({ originals: statement.pdf.length, layouts: 0, exports: exported, reports: 0 });

    // A client report (a PDF larger than the room left) is counted when stored: it fails, nothing is kept.
    const clientId = (await t.http.get(`/api/v1/clients?pan=${statement.model.investors[0].pan}`).set(bearer(acme.admin))).body.result.items[0].client_id as string;
    const queued = await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary' });
    expect(queued.status).toBe(202);
    const report = await waitForReport(t, acme.analyst, queued.body.result.report_id);
    expect(report).toMatchObject({ status: 'failed', error: { code: 'QUOTA_EXCEEDED' } });
    expect(await storedFiles(acme.analyst.tenantId)).toBe(1 + sizes.length);
    // With no byte left, the request itself is refused.
    await sql(`UPDATE reports SET size_bytes = $2 WHERE id = (SELECT id FROM reports WHERE tenant_id = $1 AND created_by = $3 AND params IS NULL LIMIT 1)`, [acme.analyst.tenantId, ROOM, acme.analyst.userId]);
    expectQuotaRefusal(await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary' }), 'stored_bytes', 'user', HOUR);
  }, 120_000);
});

describe('quotas: layouts that are not stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ STORAGE_DIR, LAYOUT_MAX_BYTES: '1000', QUEUE_PREFIX: `qm${Date.now()}` });
  });
  afterAll(() => t.close());

  const uploaded = async (account: Account) => {
    const res = await t.http.post('/api/v1/nexus/upload').set(bearer(account)).attach('file', await simplePdf(['A page']), { filename: 'CAS.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(201);
    return res.body.result as { job_id: string; doc_id: string };
  };
  const layout = (account: Account, jobId: string) => t.http.get(`/api/v1/nexus/doc-fetch/${jobId}?type=LAYOUT`).set(bearer(account));

  it('a layout over LAYOUT_MAX_BYTES answers 422 LAYOUT_TOO_LARGE, and is not stored', async () => {
    const acme = await createTenant(t.http);
    const { job_id: jobId, doc_id: docId } = await uploaded(acme.analyst);
    const res = await layout(acme.analyst, jobId);
    expect(res.status).toBe(422);
    expect(errorCode(res)).toBe('LAYOUT_TOO_LARGE');
    expect(res.body.error.details).toContain('LAYOUT_MAX_BYTES');
    expect(await readdir(resolve(STORAGE_DIR, acme.analyst.tenantId))).toEqual([`${docId}.pdf`]);
  });

  it('a layout that cannot be drawn answers 422 UNPROCESSABLE', async () => {
    const acme = await createTenant(t.http);
    const { job_id: jobId, doc_id: docId } = await uploaded(acme.analyst);
    await writeFile(resolve(STORAGE_DIR, acme.analyst.tenantId, `${docId}.pdf`), Buffer.from('%PDF-1.7\n1 0 obj garbage without xref or trailer'));
    const res = await layout(acme.analyst, jobId);
    expect(res.status).toBe(422);
    expect(errorCode(res)).toBe('UNPROCESSABLE');
  });
});

describe('quotas: chat invocations and tokens per day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ QUOTA_CHAT_INVOCATIONS_PER_USER_PER_DAY: '2', QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY: '3', QUEUE_PREFIX: `qc${Date.now()}` });
  });
  afterAll(() => t.close());

  it('refuses a question past the per-user limit with 429 and Retry-After, and does not store it', async () => {
    const acme = await createTenant(t.http);
    const session = await newSession(t, acme.analyst);
    for (let i = 0; i < 2; i++) expect((await ask(t, acme.analyst, session, 'What is my portfolio worth?')).status).toBe(200);
    const refused = await ask(t, acme.analyst, session, 'What is my portfolio worth?');
    expectQuotaRefusal(refused, 'chat_invocations_per_day', 'user', DAY);
    expect((await t.http.get(`/api/v1/zen/chat/${session}/messages`).set(bearer(acme.analyst))).body.result).toHaveLength(4);
  });

  it("refuses questions once the day's tokens are spent", async () => {
    const tokens = await startTestApp({ QUOTA_CHAT_TOKENS_PER_USER_PER_DAY: '1', QUEUE_PREFIX: `qt${Date.now()}` });
    try {
      const acme = await createTenant(tokens.http);
      const session = await newSession(tokens, acme.analyst);
      const first = await ask(tokens, acme.analyst, session, 'What is my portfolio worth?');
      expect(first.status).toBe(200);
      expect(first.body.result.meta.token_usage.input + first.body.result.meta.token_usage.output).toBeGreaterThan(0);
      expectQuotaRefusal(await ask(tokens, acme.analyst, session, 'And my allocation?'), 'chat_tokens_per_day', 'user', DAY);
      // Another user of the tenant still has tokens.
      expect((await ask(tokens, acme.admin, await newSession(tokens, acme.admin), 'What is my portfolio worth?')).status).toBe(200);
    } finally {
      await tokens.close();
    }
  });
});

describe('quotas: anonymous SSO sign-in starts per IP', () => {
  it('answers 429 RATE_LIMITED with Retry-After past the per-IP limit, whatever the tenant', async () => {
    const t = await startTestApp({ SSO_LOGINS_PER_IP_PER_MINUTE: '3', QUEUE_PREFIX: `qs${Date.now()}` });
    try {
      const tenant = await register(t.http);
      for (let i = 0; i < 3; i++) expect((await t.http.get(`/api/v1/auth/sso/login?tenant=${tenant.tenantId}`)).status).toBe(400); // SSO_NOT_CONFIGURED: counted all the same
      for (const query of [`tenant=${tenant.tenantId}`, 'tenant=ten_000000000000000000000000']) {
        const refused = await t.http.get(`/api/v1/auth/sso/login?${query}`);
        expect(refused.status).toBe(429);
        expect(errorCode(refused)).toBe('RATE_LIMITED');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
    } finally {
      await t.close();
    }
  });
});

describe('quotas: GET /api/v1/tenants/me/usage', () => {
  let t: TestApp;
  let acme: Tenant;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await simplePdf(['Statement for the usage report']);
    t = await startTestApp({ STORAGE_DIR, QUOTA_UPLOADS_PER_USER_PER_HOUR: '7', QUEUE_PREFIX: `qr${Date.now()}` });
    acme = await createTenant(t.http);
    for (let i = 0; i < 2; i++) {
      await t.http.post('/api/v1/nexus/upload').set(bearer(acme.analyst)).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' }).expect(201);
    }
    expect((await ask(t, acme.analyst, await newSession(t, acme.analyst), 'What is my portfolio worth?')).status).toBe(200);
  });
  afterAll(() => t.close());

  it("answers the tenant's totals and a page of every user's figures against the limits", async () => {
    const res = await t.http.get('/api/v1/tenants/me/usage').set(bearer(acme.admin));
    expect(res.status).toBe(200);
    const usage = res.body.result;
    const figure = { used: expect.any(Number), limit: expect.any(Number), remaining: expect.any(Number), resets_at: expect.any(String) };
    expect(usage).toEqual({
      tenant_id: acme.admin.tenantId,
      generated_at: expect.any(String),
      tenant: { uploads_per_hour: figure, stored_bytes: { ...figure, resets_at: null, by_kind: { originals: pdf.length * 2, layouts: 0, exports: 0, reports: 0 } }, chat_invocations_per_day: figure, chat_tokens_per_day: figure },
      users: { items: expect.any(Array), page: 1, limit: 20, total: 3, has_more: false },
    });
    expect(usage.tenant).toMatchObject({ uploads_per_hour: { used: 2 }, stored_bytes: { used: pdf.length * 2 }, chat_invocations_per_day: { used: 1 } });
    const analyst = usage.users.items.find((u: { user_id: string }) => u.user_id === acme.analyst.userId);
    expect(analyst).toMatchObject({
      email: acme.analyst.email,
      full_name: expect.any(String),
      role: 'analyst',
      uploads_per_hour: { used: 2, limit: 7, remaining: 5 },
      stored_bytes: { used: pdf.length * 2 },
      chat_invocations_per_day: { used: 1 },
    });
    expect(analyst.chat_tokens_per_day.used).toBeGreaterThan(0);
  });

  it('answers one user: the caller (`me`) or a user of the tenant; 404 for anyone else', async () => {
    const me = await t.http.get('/api/v1/tenants/me/usage?user_id=me').set(bearer(acme.admin));
    expect(me.body.result.users).toMatchObject({ total: 1, items: [{ user_id: acme.admin.userId }] });
    const analyst = await t.http.get(`/api/v1/tenants/me/usage?user_id=${acme.analyst.userId}`).set(bearer(acme.admin));
    expect(analyst.body.result.users.items).toHaveLength(1);
    expect(analyst.body.result.users.items[0].uploads_per_hour.used).toBe(2);

    const rival = await register(t.http);
    const across = await t.http.get(`/api/v1/tenants/me/usage?user_id=${acme.analyst.userId}`).set(bearer(rival));
    expect(across.status).toBe(404);
    expect(errorCode(across)).toBe('NOT_FOUND');
  });

  it('is for admins only', async () => {
    expect((await t.http.get('/api/v1/tenants/me/usage')).status).toBe(401);
    for (const account of [acme.viewer, acme.analyst]) {
      const res = await t.http.get('/api/v1/tenants/me/usage').set(bearer(account));
      expect(res.status).toBe(403);
      expect(errorCode(res)).toBe('FORBIDDEN');
    }
  });
});
