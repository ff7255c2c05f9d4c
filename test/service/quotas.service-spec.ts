import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Principal } from '../../src/common/auth/principal.js';
import { AppException } from '../../src/common/errors/app.exception.js';
import { DocumentErasure, DocumentsService } from '../../src/modules/nexus/index.js';
import { QuotasService, UsageService } from '../../src/modules/quotas/index.js';
import { sql } from '../support/db.js';
import { simplePdf } from '../support/pdf.js';
import { failure, serviceHarness, type ServiceHarness, type TestTenant } from '../support/service-harness.js';
import { nexusHarnessModules, storeDocument } from '../support/service-documents.js';

const HOUR = 3600;
const DAY = 86_400;

/** The 429 a call is refused with: the quota and scope it names, and its Retry-After (checked to be within `maxSeconds`). */
async function quotaRefusal(call: Promise<unknown>, maxSeconds: number): Promise<string> {
  const error = await call.then(
    (answer) => {
      throw new Error(`expected a refusal, the call answered ${JSON.stringify(answer)}`);
    },
    (e: unknown) => e,
  );
  if (!(error instanceof AppException)) throw error;
  expect(error.code).toBe('QUOTA_EXCEEDED');
  expect(error.getStatus()).toBe(429);
  const retryAfter = Number(error.headers['Retry-After']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return /Quota (\w+ \(\w+\))/.exec(error.details)?.[1] ?? error.details;
}

const documentsOf = async (userId: string) => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE owner_id = $1', [userId]))[0].n;

// The quotas on the work they bound: uploads through DocumentsService.upload (with real PDFs read by the
// PDF engine), chat invocations and tokens through QuotasService's admissions, the usage report through
// UsageService. How a refusal looks on the wire (429, the envelope, Retry-After) is in test/e2e/quotas.e2e-spec.ts.
describe('quotas: uploads per hour', () => {
  let h: ServiceHarness;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await simplePdf(['Consolidated Account Statement']);
    h = await serviceHarness(nexusHarnessModules('api'), {
      env: { QUOTA_UPLOADS_PER_USER_PER_HOUR: '3', QUOTA_UPLOADS_PER_TENANT_PER_HOUR: '5', QUEUE_PREFIX: `squ${Date.now()}` },
    });
  });
  afterAll(() => h.close());

  const upload = (user: Principal, body = pdf) => storeDocument(h, user, body);
  const storedFiles = async (tenantId: string) => (await readdir(join(h.config.storage.dir, tenantId)).catch(() => [])).length;

  it('refuses the upload past the per-user limit until the next hour, and stores nothing', async () => {
    const tenant = await h.tenant();
    for (let i = 0; i < 3; i++) await upload(tenant.admin);
    expect(await quotaRefusal(upload(tenant.admin), HOUR)).toBe('uploads_per_hour (user)');
    expect(await documentsOf(tenant.admin.userId)).toBe(3);
    expect(await storedFiles(tenant.id)).toBe(3);
  });

  it("one user's exhausted limit leaves the others theirs, up to the tenant's limit; another tenant is unaffected", async () => {
    const tenant = await h.tenant();
    const [first, second] = await Promise.all([tenant.user('analyst'), tenant.user('analyst')]);
    for (let i = 0; i < 3; i++) await upload(first);
    expect(await quotaRefusal(upload(first), HOUR)).toBe('uploads_per_hour (user)');
    // The tenant has 2 of its 5 left: the second analyst gets them, then the tenant is full for everyone.
    for (let i = 0; i < 2; i++) await upload(second);
    expect(await quotaRefusal(upload(tenant.admin), HOUR)).toBe('uploads_per_hour (tenant)');
    expect(await storedFiles(tenant.id)).toBe(5);
    await upload((await h.tenant()).admin);
  });

  it('a parallel burst cannot overtake the limit', async () => {
    const { admin } = await h.tenant();
    const burst = await Promise.allSettled(Array.from({ length: 8 }, () => upload(admin)));
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of burst) if (r.status === 'rejected') expect((r.reason as AppException).code).toBe('QUOTA_EXCEEDED');
    expect(await documentsOf(admin.userId)).toBe(3);
  });

  it('an upload refused before the PDF engine reads it (not a PDF) is not counted', async () => {
    const { admin } = await h.tenant();
    for (let i = 0; i < 4; i++) expect(await failure(upload(admin, Buffer.from('just text')))).toBe('UNSUPPORTED_MEDIA_TYPE');
    for (let i = 0; i < 3; i++) await upload(admin);
  });

  it('a PDF the engine read and refused (damaged) is counted: damaged files cannot buy unlimited engine work', async () => {
    const { admin } = await h.tenant();
    const damaged = Buffer.from('%PDF-1.7\n1 0 obj garbage without xref or trailer');
    for (let i = 0; i < 3; i++) expect(await failure(upload(admin, damaged))).toBe('UNPROCESSABLE');
    expect(await quotaRefusal(upload(admin), HOUR)).toBe('uploads_per_hour (user)');
    expect(await documentsOf(admin.userId)).toBe(0);
  });
});

describe('quotas: stored bytes', () => {
  let h: ServiceHarness;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await simplePdf(['Holding statement']);
    // Room for two documents per user and four per tenant.
    h = await serviceHarness(nexusHarnessModules('api'), {
      env: { QUOTA_STORED_BYTES_PER_USER: String(pdf.length * 2 + 10), QUOTA_STORED_BYTES_PER_TENANT: String(pdf.length * 4 + 10), QUEUE_PREFIX: `sqb${Date.now()}` },
    });
  });
  afterAll(() => h.close());

  const upload = (user: Principal) => storeDocument(h, user, pdf);

  it('refuses a document that does not fit, per user then per tenant; parallel uploads cannot overshoot', async () => {
    const tenant = await h.tenant();
    const burst = await Promise.allSettled(Array.from({ length: 6 }, () => upload(tenant.admin)));
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await quotaRefusal(upload(tenant.admin), HOUR)).toBe('stored_bytes (user)');
    expect(await documentsOf(tenant.admin.userId)).toBe(2);

    const second = await tenant.user('analyst');
    for (let i = 0; i < 2; i++) await upload(second);
    expect(await quotaRefusal(upload(await tenant.user('analyst')), HOUR)).toBe('stored_bytes (tenant)');
    await upload((await h.tenant()).admin);
  });

  it('bytes are read from the documents kept: a deleted document frees its bytes at once', async () => {
    const { admin } = await h.tenant();
    const [first] = [await upload(admin), await upload(admin)];
    expect(await quotaRefusal(upload(admin), HOUR)).toBe('stored_bytes (user)');
    await h.get(DocumentErasure).erase(admin, first.doc_id);
    await upload(admin);
  });

  it('the usage report counts the bytes of the documents kept, the tenant and each user', async () => {
    const tenant = await h.tenant();
    const analyst = await tenant.user('analyst');
    await upload(analyst);
    await upload(analyst);
    await upload(tenant.admin);
    const bytes = await h.get(DocumentsService).storedBytes(tenant.id, [analyst.userId, tenant.admin.userId]);
    const originals = (n: number) => ({ originals: pdf.length * n, layouts: 0, exports: 0, reports: 0 });
    expect(bytes).toEqual({ tenant: originals(3), byUser: new Map([[analyst.userId, originals(2)], [tenant.admin.userId, originals(1)]]) });
  });
});

describe('quotas: chat invocations and tokens per day', () => {
  let h: ServiceHarness;
  let quotas: QuotasService;
  beforeAll(async () => {
    h = await serviceHarness(nexusHarnessModules('api'), {
      env: {
        QUOTA_CHAT_INVOCATIONS_PER_USER_PER_DAY: '2',
        QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY: '3',
        QUOTA_CHAT_TOKENS_PER_USER_PER_DAY: '100',
        QUEUE_PREFIX: `sqc${Date.now()}`,
      },
    });
    quotas = h.get(QuotasService);
  });
  afterAll(() => h.close());

  it("refuses an invocation past the per-user limit; another user goes on until the tenant's limit; another tenant is unaffected", async () => {
    const tenant = await h.tenant();
    const [first, second] = await Promise.all([tenant.user('analyst'), tenant.user('analyst')]);
    for (let i = 0; i < 2; i++) await quotas.admitChat(first);
    expect(await quotaRefusal(quotas.admitChat(first), DAY)).toBe('chat_invocations_per_day (user)');
    await quotas.admitChat(tenant.admin);
    expect(await quotaRefusal(quotas.admitChat(second), DAY)).toBe('chat_invocations_per_day (tenant)');
    await quotas.admitChat((await h.tenant()).admin);
  });

  it('a parallel burst cannot overtake the limit', async () => {
    const { admin } = await h.tenant();
    const burst = await Promise.allSettled(Array.from({ length: 6 }, () => quotas.admitChat(admin)));
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  });

  it('an invocation that produced no answer is given back, once however often it is released', async () => {
    const { admin } = await h.tenant();
    await quotas.admitChat(admin);
    const failed = await quotas.admitChat(admin);
    await failed.release();
    await failed.release();
    await quotas.admitChat(admin);
    expect(await quotaRefusal(quotas.admitChat(admin), DAY)).toBe('chat_invocations_per_day (user)');
  });

  it("refuses invocations once the day's tokens are spent; the last one admitted may take them past the limit", async () => {
    const tenant = await h.tenant();
    const admission = await quotas.admitChat(tenant.admin);
    await admission.spent(150);
    expect(await quotaRefusal(quotas.admitChat(tenant.admin), DAY)).toBe('chat_tokens_per_day (user)');
    // Another user of the tenant still has tokens.
    await quotas.admitChat(await tenant.user('analyst'));
  });
});

describe('quotas: the usage report', () => {
  let h: ServiceHarness;
  let pdf: Buffer;
  let tenant: TestTenant;
  let analyst: Principal;
  let viewer: Principal;
  let report: (admin: Principal, query?: { user_id?: string; page?: number; limit?: number }) => ReturnType<UsageService['usage']>;
  beforeAll(async () => {
    pdf = await simplePdf(['Statement for the usage report']);
    h = await serviceHarness(nexusHarnessModules('api'), {
      env: { QUOTA_UPLOADS_PER_USER_PER_HOUR: '7', QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY: '50', QUEUE_PREFIX: `squr${Date.now()}` },
    });
    const documents = h.get(DocumentsService);
    report = (admin, query = {}) => h.get(UsageService).usage(admin, { page: 1, limit: 20, ...query }, (tenantId, ids) => documents.storedBytes(tenantId, ids));
    tenant = await h.tenant();
    [analyst, viewer] = await Promise.all([tenant.user('analyst'), tenant.user('viewer')]);
    for (const user of [analyst, analyst, tenant.admin]) await storeDocument(h, user, pdf);
    const quotas = h.get(QuotasService);
    for (const tokens of [120, 80]) await (await quotas.admitChat(analyst)).spent(tokens);
    // Another tenant's usage must not show.
    await storeDocument(h, (await h.tenant()).admin, pdf);
  });
  afterAll(() => h.close());

  it("answers the tenant's totals and every user's figures against the limits, in the current windows", async () => {
    const usage = await report(tenant.admin);
    expect(usage.tenant_id).toBe(tenant.id);
    expect(usage.tenant.uploads_per_hour).toMatchObject({ used: 3, limit: 2000, remaining: 1997 });
    expect(new Date(usage.tenant.uploads_per_hour.resets_at!).getTime() % 3_600_000).toBe(0);
    expect(usage.tenant.stored_bytes).toEqual({
      used: pdf.length * 3,
      limit: 100 * 1024 ** 3,
      remaining: 100 * 1024 ** 3 - pdf.length * 3,
      resets_at: null,
      by_kind: { originals: pdf.length * 3, layouts: 0, exports: 0, reports: 0 },
    });
    expect(usage.tenant.chat_invocations_per_day).toMatchObject({ used: 2, limit: 50, remaining: 48 });
    expect(new Date(usage.tenant.chat_invocations_per_day.resets_at!).getTime() % 86_400_000).toBe(0);
    expect(usage.tenant.chat_tokens_per_day.used).toBe(200);

    expect(usage.users).toMatchObject({ page: 1, limit: 20, total: 3, has_more: false });
    const byId = Object.fromEntries(usage.users.items.map((u) => [u.user_id, u]));
    expect(byId[analyst.userId]).toMatchObject({
      email: analyst.email,
      role: 'analyst',
      uploads_per_hour: { used: 2, limit: 7, remaining: 5 },
      stored_bytes: { used: pdf.length * 2 },
      chat_invocations_per_day: { used: 2, limit: 1000 },
      chat_tokens_per_day: { used: 200 },
    });
    expect(byId[tenant.admin.userId]).toMatchObject({ uploads_per_hour: { used: 1 }, stored_bytes: { used: pdf.length }, chat_invocations_per_day: { used: 0 } });
    expect(byId[viewer.userId]).toMatchObject({ uploads_per_hour: { used: 0 }, stored_bytes: { used: 0 } });
  });

  it('answers one user, the caller (`me`) or a user of the tenant, with the tenant totals; NOT_FOUND for a user of another tenant', async () => {
    const me = await report(tenant.admin, { user_id: 'me' });
    expect(me.users).toMatchObject({ total: 1, items: [{ user_id: tenant.admin.userId }] });
    expect(me.tenant.uploads_per_hour.used).toBe(3);
    const one = await report(tenant.admin, { user_id: analyst.userId });
    expect(one.users.items.map((u) => [u.user_id, u.uploads_per_hour.used])).toEqual([[analyst.userId, 2]]);
    const rival = await h.tenant();
    expect(await failure(report(rival.admin, { user_id: analyst.userId }))).toBe('NOT_FOUND');
  });

  it('pages through the users', async () => {
    const second = await report(tenant.admin, { page: 2, limit: 2 });
    expect(second.users).toMatchObject({ page: 2, limit: 2, total: 3, has_more: false });
    expect(second.users.items).toHaveLength(1);
  });
});
