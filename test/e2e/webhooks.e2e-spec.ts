import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { verify } from '@octokit/webhooks-methods';
import { Redis } from 'ioredis';
import { delayBeforeAttempt } from '../../src/modules/webhooks/delivery/retry-schedule.js';
import { bearer, createTenant, errorCode, startTestApp, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { simplePdf } from '../support/pdf.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { Receiver } from '../support/receiver.js';
import { startSandboxListener } from '../../src/sandbox-listener.js';
import { sql } from '../support/db.js';

const SECRET = 'whsec_test-secret-0123456789';
const SCALE = 0.001;


async function completeADocument(t: TestApp, account: Account): Promise<string> {
  const upload = await uploadPdf(t, account, await simplePdf(['A note, not a statement']));
  const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: upload.job_id });
  await waitForProcess(t, account, start.body.process_id);
  return upload.doc_id;
}

describe('webhooks', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let receiver: Receiver;
  beforeAll(async () => ({ t, acme, rival } = await twoTenants({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_DELAY_SCALE: String(SCALE), WEBHOOK_DISPATCH_INTERVAL_MS: '50', WEBHOOK_RECOVERY_AFTER_MS: '1500' })));
  afterAll(() => t.close());
  beforeEach(async () => {
    receiver = await new Receiver().start();
  });
  afterEach(() => receiver.stop());

  const subscribe = async (admin: Account, events = ['document.completed', 'document.failed'], url = receiver.url) => {
    const res = await t.http.post('/api/v1/webhooks/subscribe').set(bearer(admin)).send({ url, events, secret: SECRET });
    expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ status: 201, body: null });
    return res.body.result as { webhook_id: string; status: string };
  };
  const deliveries = async (admin: Account, id: string) =>
    (await t.http.get(`/api/v1/webhooks/${id}/deliveries?limit=100`).set(bearer(admin))).body.result.items as Array<Record<string, any>>;
  /** The receiver has answered; the worker records the outcome a moment later. */
  const settled = async (admin: Account, id: string) => {
    await until(async () => (await deliveries(admin, id)).every((d) => d.status !== 'pending'));
    return deliveries(admin, id);
  };

  it('subscribes (never returning the secret), lists, reads, updates and deletes', async () => {
    const sub = await subscribe(acme.admin);
    expect(sub).toMatchObject({ webhook_id: expect.stringMatching(/^whk_[0-9a-f]{24}$/), url: receiver.url, events: ['document.completed', 'document.failed'], status: 'active' });
    const list = await t.http.get('/api/v1/webhooks').set(bearer(acme.admin));
    const get = await t.http.get(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
    const patch = await t.http.patch(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin)).send({ events: ['report.generated'], secret: 'whsec_rotated-secret-0123' });
    for (const res of [list, get, patch]) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('whsec_');
    }
    expect(patch.body.result.events).toEqual(['report.generated']);
    expect((await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin))).status).toBe(200);
    expect((await t.http.get(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin))).status).toBe(404);
  });

  it('audits create, update and delete with the caller’s address', async () => {
    const sub = await subscribe(acme.admin);
    expect((await t.http.patch(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin)).send({ status: 'paused' })).status).toBe(200);
    expect((await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin))).status).toBe(200);
    const res = await t.http.get('/api/v1/audit?limit=100').set(bearer(acme.admin));
    expect(res.status).toBe(200);
    const about = (res.body.result.items as Array<{ action: string; target_id: string; ip: string | null; metadata: Record<string, unknown> }>).filter(
      (e) => e.target_id === sub.webhook_id,
    );
    // No TRUST_PROXY here: the address is the test client's own (loopback).
    expect(about.map((e) => ({ action: e.action, ip: e.ip }))).toEqual([
      { action: 'webhook.delete', ip: expect.stringMatching(/127\.0\.0\.1|::1/) },
      { action: 'webhook.update', ip: expect.stringMatching(/127\.0\.0\.1|::1/) },
      { action: 'webhook.create', ip: expect.stringMatching(/127\.0\.0\.1|::1/) },
    ]);
    expect(about[1].metadata).toEqual({ fields: ['status'] });
  });

  it('refuses bad subscriptions with 400, non-admins with 403 and other tenants with 404', async () => {
    const bad: Array<[object, string]> = [
      [{ url: 'ftp://example.in/x', events: ['document.completed'], secret: SECRET }, 'url'],
      [{ url: 'not a url', events: ['document.completed'], secret: SECRET }, 'url'],
      [{ url: receiver.url, events: ['document.deleted'], secret: SECRET }, 'events'],
      [{ url: receiver.url, events: [], secret: SECRET }, 'events'],
      [{ url: receiver.url, events: ['document.completed'], secret: 'short' }, 'secret'],
      [{ url: receiver.url, events: 'document.completed', secret: SECRET }, 'events'],
    ];
    for (const [body, field] of bad) {
      const res = await t.http.post('/api/v1/webhooks/subscribe').set(bearer(acme.admin)).send(body);
      expect({ body, status: res.status, code: errorCode(res) }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
      expect(res.body.error.details).toContain(field);
    }
    for (const account of [acme.analyst, acme.viewer]) {
      expect((await t.http.post('/api/v1/webhooks/subscribe').set(bearer(account)).send({ url: receiver.url, events: ['document.completed'], secret: SECRET })).status).toBe(403);
      expect((await t.http.get('/api/v1/webhooks').set(bearer(account))).status).toBe(403);
    }
    const sub = await subscribe(acme.admin);
    for (const req of [
      t.http.get(`/api/v1/webhooks/${sub.webhook_id}`),
      t.http.patch(`/api/v1/webhooks/${sub.webhook_id}`).send({ status: 'paused' }),
      t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`),
      t.http.get(`/api/v1/webhooks/${sub.webhook_id}/deliveries`),
      t.http.post('/api/v1/webhooks/test').send({ webhook_id: sub.webhook_id, event: 'document.completed' }),
    ]) {
      const res = await req.set(bearer(rival.admin));
      expect(res.status).toBe(404);
    }
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  // Which targets are refused (loopback, private, link-local, reserved) when private targets are not
  // allowed, a subscription's stored state, and what a paused one refuses are service tests:
  // test/service/webhooks.service-spec.ts.

  it('delivers document.completed from the outbox, signed over the exact bytes, verifiable by a third-party receiver library', async () => {
    const sub = await subscribe(acme.admin);
    const docId = await completeADocument(t, acme.analyst);
    const [req] = await receiver.waitFor((r) => r.length >= 1);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-service-event']).toBe('document.completed');
    expect(req.headers['x-service-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Number(req.headers['x-service-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(await verify(SECRET, req.body, req.headers['x-service-signature'] as string)).toBe(true);
    expect(await verify('another-secret-0123456789', req.body, req.headers['x-service-signature'] as string)).toBe(false);
    // Beside it, v2 signs "<timestamp>.<body>": the same bytes under a later timestamp no longer verify.
    const timestamp = req.headers['x-service-timestamp'] as string;
    const v2 = (ts: string) => `v2=${createHmac('sha256', SECRET).update(`${ts}.${req.body}`).digest('hex')}`;
    expect(req.headers['x-service-signature-v2']).toBe(v2(timestamp));
    expect(req.headers['x-service-signature-v2']).not.toBe(v2(String(Number(timestamp) + 600)));
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({ event: 'document.completed', data: { document_id: docId, tenant_id: acme.admin.tenantId, user_id: acme.analyst.userId, extractions: { holdings_count: 0 } } });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    const [d] = await settled(acme.admin, sub.webhook_id);
    expect(d).toMatchObject({ delivery_id: req.headers['x-service-delivery'], status: 'succeeded', attempts: 1, last_status_code: 200 });
    expect(d.attempt_log).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, success: true, error: null })]);
    // Nothing for a rival's subscription, and nothing for kinds not subscribed.
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  it('retries on the specified schedule with the same delivery id, until a 2xx', async () => {
    const sub = await subscribe(acme.admin);
    receiver.script = [500, 503, 502, 500];
    await completeADocument(t, acme.analyst);
    const got = await receiver.waitFor((r) => r.length >= 5, 30_000);
    const ids = new Set(got.map((r) => r.headers['x-service-delivery']));
    expect(ids.size).toBe(1);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    const [d] = await settled(acme.admin, sub.webhook_id);
    expect(d.status).toBe('succeeded');
    expect(d.attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 502, 500, 200]);
    // Each gap is at least the schedule's delay (scaled by WEBHOOK_RETRY_DELAY_SCALE in this test).
    for (let k = 1; k < got.length; k++) {
      expect(got[k].at - got[k - 1].at).toBeGreaterThanOrEqual(delayBeforeAttempt(k + 1) * SCALE - 5);
    }
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  it('pauses at once on 410 Gone, and resuming delivers the pending event exactly once', async () => {
    const sub = await subscribe(acme.admin);
    receiver.script = [410];
    await completeADocument(t, acme.analyst);
    await receiver.waitFor((r) => r.length >= 1);
    await until(async () => (await t.http.get(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin))).body.result.status === 'paused');
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.requests).toHaveLength(1);
    const resumed = await t.http.patch(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin)).send({ status: 'active' });
    expect(resumed.body.result.status).toBe('active');
    await receiver.waitFor((r) => r.length >= 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1].headers['x-service-delivery']).toBe(receiver.requests[0].headers['x-service-delivery']);
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  it('pauses a subscription that has been failing for 48 hours (simulated) and stops sending to it', async () => {
    const sub = await subscribe(acme.admin);
    await sql(`UPDATE webhook_subscriptions SET failing_since = now() - interval '49 hours' WHERE id = $1`, [sub.webhook_id]);
    receiver.fallback = 500;
    await completeADocument(t, acme.analyst);
    await receiver.waitFor((r) => r.length >= 1);
    await until(async () => (await t.http.get(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin))).body.result.status === 'paused');
    const before = receiver.requests.length;
    await completeADocument(t, acme.analyst);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests.length).toBe(before);
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  it('redelivers a delivery with the same id and bytes', async () => {
    const sub = await subscribe(acme.admin);
    await completeADocument(t, acme.analyst);
    const [first] = await receiver.waitFor((r) => r.length >= 1);
    const id = first.headers['x-service-delivery'] as string;
    const res = await t.http.post(`/api/v1/webhooks/${sub.webhook_id}/deliveries/${id}/redeliver`).set(bearer(acme.admin));
    expect(res.status).toBe(200);
    const [, second] = await receiver.waitFor((r) => r.length >= 2);
    expect(second.headers['x-service-delivery']).toBe(id);
    expect(second.body).toBe(first.body);
    expect((await t.http.post(`/api/v1/webhooks/${sub.webhook_id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`).set(bearer(acme.admin))).status).toBe(404);
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  it("test deliveries are bounded per tenant: a burst at a slow receiver holds two at once, refuses past four waiting with 429 TENANT_BUSY, and another tenant's test answers at once", async () => {
    receiver.delayMs = 800;
    const slow = await subscribe(acme.admin, ['report.generated']);
    const fast = await new Receiver().start();
    try {
      const other = await subscribe(rival.admin, ['report.generated'], fast.url);
      const burst = Array.from({ length: 8 }, () => t.http.post('/api/v1/webhooks/test').set(bearer(acme.admin)).send({ webhook_id: slow.webhook_id, event: 'report.generated' }).then((r) => r));
      await receiver.waitFor((r) => r.length >= 2);
      const started = Date.now();
      const theirs = await t.http.post('/api/v1/webhooks/test').set(bearer(rival.admin)).send({ webhook_id: other.webhook_id, event: 'report.generated' });
      expect(theirs.body.result).toMatchObject({ success: true });
      expect(Date.now() - started).toBeLessThan(600);
      const answers = await Promise.all(burst);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused.map(errorCode)).toEqual(['TENANT_BUSY', 'TENANT_BUSY']);
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(6);
      expect(receiver.maxInFlight).toBe(2);
    } finally {
      await fast.stop();
      await t.http.delete(`/api/v1/webhooks/${slow.webhook_id}`).set(bearer(acme.admin));
    }
  }, 30_000);

  it('redelivers an old delivery behind more than 100 newer ones and answers with that delivery', async () => {
    const sub = await subscribe(acme.admin, ['report.generated']);
    const test = await t.http.post('/api/v1/webhooks/test').set(bearer(acme.admin)).send({ webhook_id: sub.webhook_id, event: 'report.generated' });
    const oldId = test.body.result.delivery_id as string;
    await sql(`UPDATE webhook_deliveries SET created_at = now() - interval '1 day' WHERE id = $1`, [oldId]);
    await sql(
      `INSERT INTO webhook_deliveries (tenant_id, id, subscription_id, event_type, body, status, attempts)
       SELECT $1, gen_random_uuid(), $2, 'document.completed', '{}', 'succeeded', 1 FROM generate_series(1, 101)`,
      [acme.admin.tenantId, sub.webhook_id],
    );
    const res = await t.http.post(`/api/v1/webhooks/${sub.webhook_id}/deliveries/${oldId}/redeliver`).set(bearer(acme.admin));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ delivery_id: oldId, event: 'report.generated' });
    expect(res.body.result.attempt_log[0]).toMatchObject({ attempt: 1, status_code: 200, success: true });
    const [, again] = await receiver.waitFor((r) => r.length >= 2);
    expect(again.headers['x-service-delivery']).toBe(oldId);
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  it('answers 409 CONFLICT to a test or a redelivery to a paused subscription', async () => {
    const sub = await subscribe(acme.admin, ['report.generated']);
    const sent = await t.http.post('/api/v1/webhooks/test').set(bearer(acme.admin)).send({ webhook_id: sub.webhook_id, event: 'report.generated' });
    await t.http.patch(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin)).send({ status: 'paused' }).expect(200);
    const test = await t.http.post('/api/v1/webhooks/test').set(bearer(acme.admin)).send({ webhook_id: sub.webhook_id, event: 'report.generated' });
    const redeliver = await t.http.post(`/api/v1/webhooks/${sub.webhook_id}/deliveries/${sent.body.result.delivery_id}/redeliver`).set(bearer(acme.admin));
    for (const res of [test, redeliver]) {
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 409, code: 'CONFLICT' });
    }
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  it('loses no delivery when Redis is flushed while it waits for a retry', async () => {
    const sub = await subscribe(acme.admin);
    receiver.script = [500, 500];
    await completeADocument(t, acme.analyst);
    await receiver.waitFor((r) => r.length >= 1);
    const redis = new Redis(process.env.REDIS_URL!);
    await redis.flushdb();
    redis.disconnect();
    const got = await receiver.waitFor((r) => r.length >= 3, 30_000);
    expect(new Set(got.map((r) => r.headers['x-service-delivery'])).size).toBe(1);
    const [d] = await settled(acme.admin, sub.webhook_id);
    expect(d.status).toBe('succeeded');
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  it('delivers a retry whose job a Redis flush left as a fragment (Bull re-creates the hash of a job flushed mid-activation)', async () => {
    // Five failures: attempt 6 then waits delayBeforeAttempt(6) × SCALE = 3.6 s in Redis, long enough to catch.
    const sub = await subscribe(acme.admin, ['document.completed']);
    receiver.script = [500, 500, 500, 500, 500];
    await completeADocument(t, acme.analyst);
    const got = await receiver.waitFor((r) => r.length >= 5, 20_000);
    const id = got[0].headers['x-service-delivery'] as string;
    expect(delayBeforeAttempt(6) * SCALE).toBeGreaterThanOrEqual(3000);
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      let jobKey: string | undefined;
      await until(async () => ([jobKey] = await redis.keys(`*:webhook-delivery:${id}:6`)).length > 0);
      await redis.flushdb();
      await redis.hset(jobKey!, 'processedOn', String(Date.now()));
      await redis.set(`${jobKey}:lock`, 'gone-worker', 'PX', 120_000);
    } finally {
      redis.disconnect();
    }
    const all = await receiver.waitFor((r) => r.length >= 6, 30_000);
    expect(all.map((r) => r.headers['x-service-delivery'])).toEqual(Array(6).fill(id));
    await until(async () => (await sql(`SELECT status FROM webhook_deliveries WHERE id = $1`, [id]))[0]?.status === 'succeeded');
    expect(await sql(`SELECT status, attempts FROM webhook_deliveries WHERE id = $1`, [id])).toEqual([{ status: 'succeeded', attempts: 6 }]);
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });

  it('sends a synthetic, correctly signed test payload of each kind and reports the result', async () => {
    const sub = await subscribe(acme.admin, ['document.completed']);
    for (const event of ['document.completed', 'document.failed', 'chat.session.closed', 'report.generated']) {
      const res = await t.http.post('/api/v1/webhooks/test').set(bearer(acme.admin)).send({ webhook_id: sub.webhook_id, event });
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({ delivery_id: expect.any(String), status_code: 200, success: true, duration_ms: expect.any(Number) });
      const req = receiver.requests.at(-1)!;
      expect(req.headers['x-service-event']).toBe(event);
      expect(req.headers['x-service-delivery']).toBe(res.body.result.delivery_id);
      expect(await verify(SECRET, req.body, req.headers['x-service-signature'] as string)).toBe(true);
      expect(JSON.parse(req.body).event).toBe(event);
    }
    receiver.fallback = 503;
    const failed = await t.http.post('/api/v1/webhooks/test').set(bearer(acme.admin)).send({ webhook_id: sub.webhook_id, event: 'document.failed' });
    expect(failed.body.result).toMatchObject({ status_code: 503, success: false });
    const bad = await t.http.post('/api/v1/webhooks/test').set(bearer(acme.admin)).send({ webhook_id: sub.webhook_id, event: 'nope' });
    expect(bad.status).toBe(400);
    await t.http.delete(`/api/v1/webhooks/${sub.webhook_id}`).set(bearer(acme.admin));
  });
});

describe('webhook retry timing', () => {
  it('makes the second attempt a real 5 seconds after the first failed one', async () => {
    const t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_DELAY_SCALE: '1', WEBHOOK_DISPATCH_INTERVAL_MS: '50' });
    const receiver = await new Receiver().start();
    try {
      const { admin, analyst } = await createTenant(t.http);
      await t.http.post('/api/v1/webhooks/subscribe').set(bearer(admin)).send({ url: receiver.url, events: ['document.completed'], secret: SECRET }).expect(201);
      receiver.script = [503];
      await completeADocument(t, analyst);
      const [first, second] = await receiver.waitFor((r) => r.length >= 2, 20_000);
      expect(second.headers['x-service-delivery']).toBe(first.headers['x-service-delivery']);
      const gap = second.at - first.at;
      expect(gap).toBeGreaterThanOrEqual(5000);
      expect(gap).toBeLessThan(7000);
    } finally {
      await receiver.stop();
      await t.close();
    }
  }, 30_000);

  it('redelivers at once even while a retry is waiting', async () => {
    const t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_DELAY_SCALE: '1', WEBHOOK_DISPATCH_INTERVAL_MS: '50' });
    const receiver = await new Receiver().start();
    try {
      const { admin, analyst } = await createTenant(t.http);
      const sub = await t.http.post('/api/v1/webhooks/subscribe').set(bearer(admin)).send({ url: receiver.url, events: ['document.completed'], secret: SECRET });
      receiver.script = [503];
      await completeADocument(t, analyst);
      const [first] = await receiver.waitFor((r) => r.length >= 1);
      const id = first.headers['x-service-delivery'] as string;
      await until(async () => {
        const d = (await t.http.get(`/api/v1/webhooks/${sub.body.result.webhook_id}/deliveries`).set(bearer(admin))).body.result.items[0];
        return d?.next_attempt_at !== null && d?.attempts === 1;
      });
      const asked = Date.now();
      await t.http.post(`/api/v1/webhooks/${sub.body.result.webhook_id}/deliveries/${id}/redeliver`).set(bearer(admin)).expect(200);
      const [, second] = await receiver.waitFor((r) => r.length >= 2, 10_000);
      expect(second.at - asked).toBeLessThan(2000);
      expect(second.headers['x-service-delivery']).toBe(id);
    } finally {
      await receiver.stop();
      await t.close();
    }
  }, 30_000);
});

describe('webhook sandbox listener', () => {
  it('serves only POST /api/v1/webhooks/test, with the same authentication', async () => {
    const t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    const receiver = await new Receiver().start();
    const sandbox = await startSandboxListener(t.app, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${(sandbox.address() as { port: number }).port}`;
    try {
      const { admin } = await createTenant(t.http);
      const sub = await t.http.post('/api/v1/webhooks/subscribe').set(bearer(admin)).send({ url: receiver.url, events: ['document.completed'], secret: SECRET });
      const call = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
      const ok = await call('/api/v1/webhooks/test', {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ webhook_id: sub.body.result.webhook_id, event: 'report.generated' }),
      });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { result: { success: boolean } }).result.success).toBe(true);
      expect(receiver.requests).toHaveLength(1);
      const anon = await call('/api/v1/webhooks/test', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(anon.status).toBe(401);
      for (const [path, method] of [['/api/v1/webhooks', 'GET'], ['/api/v1/health', 'GET'], ['/api/v1/auth/login', 'POST'], ['/api/v1/webhooks/test', 'GET']]) {
        const res = await call(path, { method, headers: { authorization: `Bearer ${admin.accessToken}` } });
        expect({ path, method, status: res.status }).toEqual({ path, method, status: 404 });
      }
    } finally {
      sandbox.close();
      await receiver.stop();
      await t.close();
    }
  });
});

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
}
