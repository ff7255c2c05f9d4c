import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addUser, bearer, createTenant, errorCode, register, startTestApp, type Account, type Tenant, type TestApp } from '../support/app.js';
import { ask, newSession } from '../support/chat.js';
import { sql } from '../support/db.js';
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

const storedFiles = async (tenantId: string) => (await readdir(resolve(STORAGE_DIR, tenantId)).catch(() => [])).length;
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

  it("one user's exhausted limit leaves the others theirs, up to the tenant's limit; another tenant is unaffected", async () => {
    const acme = await createTenant(t.http);
    const second = await addUser(t.http, acme.admin, 'analyst');
    for (let i = 0; i < 3; i++) expect((await upload(acme.analyst)).status).toBe(201);
    expectQuotaRefusal(await upload(acme.analyst), 'uploads_per_hour', 'user', HOUR);

    // The tenant has 2 of its 5 left: the second analyst gets them, then the tenant is full for everyone.
    for (let i = 0; i < 2; i++) expect((await upload(second)).status).toBe(201);
    expectQuotaRefusal(await upload(acme.admin), 'uploads_per_hour', 'tenant', HOUR);
    expect(await storedFiles(acme.analyst.tenantId)).toBe(5);

    const rival = await register(t.http);
    expect((await upload(rival)).status).toBe(201);
  });

  it('a parallel burst cannot overtake the limit', async () => {
    const acme = await createTenant(t.http);
    const burst = await Promise.all(Array.from({ length: 8 }, () => upload(acme.analyst)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of burst.filter((x) => x.status !== 201)) expectQuotaRefusal(r, 'uploads_per_hour', 'user', HOUR);
    expect(await documentsOf(acme.analyst.userId)).toBe(3);
  });

  it('an upload refused for another reason does not use up the quota', async () => {
    const acme = await createTenant(t.http);
    for (let i = 0; i < 4; i++) {
      const notPdf = await t.http.post('/api/v1/nexus/upload').set(bearer(acme.analyst)).attach('file', Buffer.from('just text'), { filename: 'a.pdf', contentType: 'application/pdf' });
      expect(notPdf.status).toBe(415);
    }
    for (let i = 0; i < 3; i++) expect((await upload(acme.analyst)).status).toBe(201);
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

  it('refuses a document that does not fit, per user then per tenant, and stores nothing; parallel uploads cannot overshoot', async () => {
    const acme = await createTenant(t.http);
    const burst = await Promise.all(Array.from({ length: 6 }, () => upload(acme.analyst)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of burst.filter((x) => x.status !== 201)) expectQuotaRefusal(r, 'stored_bytes', 'user', HOUR);
    expect(await documentsOf(acme.analyst.userId)).toBe(2);

    const second = await addUser(t.http, acme.admin, 'analyst');
    for (let i = 0; i < 2; i++) expect((await upload(second)).status).toBe(201);
    expectQuotaRefusal(await upload(acme.admin), 'stored_bytes', 'tenant', HOUR);
    expect(await storedFiles(acme.analyst.tenantId)).toBe(4);

    const rival = await register(t.http);
    expect((await upload(rival)).status).toBe(201);
  });

  it('bytes are read from the documents kept: a removed document frees its bytes at once', async () => {
    const acme = await createTenant(t.http);
    for (let i = 0; i < 2; i++) expect((await upload(acme.analyst)).status).toBe(201);
    expectQuotaRefusal(await upload(acme.analyst), 'stored_bytes', 'user', HOUR);
    await sql('DELETE FROM documents WHERE id = (SELECT id FROM documents WHERE owner_id = $1 ORDER BY created_at LIMIT 1)', [acme.analyst.userId]);
    expect((await upload(acme.analyst)).status).toBe(201);
  });
});

describe('quotas: chat invocations and tokens per day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ QUOTA_CHAT_INVOCATIONS_PER_USER_PER_DAY: '2', QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY: '3', QUEUE_PREFIX: `qc${Date.now()}` });
  });
  afterAll(() => t.close());

  it("refuses a question past the per-user limit; another user asks until the tenant's limit; another tenant is unaffected", async () => {
    const acme = await createTenant(t.http);
    const session = await newSession(t, acme.analyst);
    for (let i = 0; i < 2; i++) expect((await ask(t, acme.analyst, session, 'What is my portfolio worth?')).status).toBe(200);
    const refused = await ask(t, acme.analyst, session, 'What is my portfolio worth?');
    expectQuotaRefusal(refused, 'chat_invocations_per_day', 'user', DAY);
    // The refused question was not stored.
    expect((await t.http.get(`/api/v1/zen/chat/${session}/messages`).set(bearer(acme.analyst))).body.result).toHaveLength(4);

    const adminSession = await newSession(t, acme.admin);
    expect((await t.http.post(`/api/v1/zen/chat/${adminSession}/message`).set(bearer(acme.admin)).send({ query: 'Top holdings?' })).status).toBe(200);
    const second = await addUser(t.http, acme.admin, 'analyst');
    expectQuotaRefusal(await ask(t, second, await newSession(t, second), 'Top holdings?'), 'chat_invocations_per_day', 'tenant', DAY);

    const rival = await createTenant(t.http);
    expect((await ask(t, rival.analyst, await newSession(t, rival.analyst), 'Top holdings?')).status).toBe(200);
  });

  it('a parallel burst cannot overtake the limit', async () => {
    const acme = await createTenant(t.http);
    const session = await newSession(t, acme.analyst);
    const burst = await Promise.all(Array.from({ length: 6 }, () => ask(t, acme.analyst, session, 'What is my allocation?')));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of burst.filter((x) => x.status !== 200)) expectQuotaRefusal(r, 'chat_invocations_per_day', 'user', DAY);
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
  let tokensSpent: number;
  beforeAll(async () => {
    pdf = await simplePdf(['Statement for the usage report']);
    t = await startTestApp({ STORAGE_DIR, QUOTA_UPLOADS_PER_USER_PER_HOUR: '7', QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY: '50', QUEUE_PREFIX: `qr${Date.now()}` });
    acme = await createTenant(t.http);
    for (let i = 0; i < 2; i++) {
      await t.http.post('/api/v1/nexus/upload').set(bearer(acme.analyst)).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' }).expect(201);
    }
    await t.http.post('/api/v1/nexus/upload').set(bearer(acme.admin)).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' }).expect(201);
    const session = await newSession(t, acme.analyst);
    tokensSpent = 0;
    for (const q of ['What is my portfolio worth?', 'Top holdings?']) {
      const res = await ask(t, acme.analyst, session, q);
      expect(res.status).toBe(200);
      tokensSpent += res.body.result.meta.token_usage.input + res.body.result.meta.token_usage.output;
    }
    // Another tenant's usage must not show.
    const rival = await register(t.http);
    await t.http.post('/api/v1/nexus/upload').set(bearer(rival)).attach('file', pdf, { filename: 'CAS.pdf', contentType: 'application/pdf' }).expect(201);
  });
  afterAll(() => t.close());

  it("answers the tenant's totals and every user's figures against the limits", async () => {
    const res = await t.http.get('/api/v1/tenants/me/usage').set(bearer(acme.admin));
    expect(res.status).toBe(200);
    const usage = res.body.result;
    expect(usage.tenant_id).toBe(acme.admin.tenantId);
    expect(usage.tenant.uploads_per_hour).toMatchObject({ used: 3, limit: 2000, remaining: 1997 });
    expect(new Date(usage.tenant.uploads_per_hour.resets_at).getTime() % 3_600_000).toBe(0);
    expect(usage.tenant.stored_bytes).toMatchObject({ used: pdf.length * 3, limit: 100 * 1024 ** 3, resets_at: null });
    expect(usage.tenant.chat_invocations_per_day).toMatchObject({ used: 2, limit: 50, remaining: 48 });
    expect(new Date(usage.tenant.chat_invocations_per_day.resets_at).getTime() % 86_400_000).toBe(0);
    expect(usage.tenant.chat_tokens_per_day.used).toBe(tokensSpent);

    expect(usage.users).toMatchObject({ page: 1, limit: 20, total: 3, has_more: false });
    const byId = Object.fromEntries(usage.users.items.map((u: { user_id: string }) => [u.user_id, u]));
    expect(byId[acme.analyst.userId]).toMatchObject({
      email: acme.analyst.email,
      role: 'analyst',
      uploads_per_hour: { used: 2, limit: 7, remaining: 5 },
      stored_bytes: { used: pdf.length * 2 },
      chat_invocations_per_day: { used: 2, limit: 1000 },
      chat_tokens_per_day: { used: tokensSpent },
    });
    expect(byId[acme.admin.userId]).toMatchObject({ uploads_per_hour: { used: 1 }, stored_bytes: { used: pdf.length }, chat_invocations_per_day: { used: 0 } });
    expect(byId[acme.viewer.userId]).toMatchObject({ uploads_per_hour: { used: 0 }, stored_bytes: { used: 0 } });
  });

  it('answers one user: the caller (`me`) or a user of the tenant; 404 for anyone else', async () => {
    const me = await t.http.get('/api/v1/tenants/me/usage?user_id=me').set(bearer(acme.admin));
    expect(me.body.result.users).toMatchObject({ total: 1, items: [{ user_id: acme.admin.userId }] });
    expect(me.body.result.tenant.uploads_per_hour.used).toBe(3);
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
