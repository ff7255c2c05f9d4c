import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from '@jest/globals';
import { AuditService } from '../../src/modules/audit/audit.service.js';
import { QueueModule } from '../../src/modules/queue/queue.module.js';
import { WebhooksModule } from '../../src/modules/webhooks/webhooks.module.js';
import { WebhooksService } from '../../src/modules/webhooks/webhooks.service.js';
import { sql } from '../support/db.js';
import { Receiver } from '../support/receiver.js';
import { CLIENT, failure, serviceHarness, type ServiceHarness } from '../support/service-harness.js';

const SECRET = 'whsec_test-secret-0123456789';
const EVENTS = ['document.completed' as const, 'document.failed' as const];

// A subscription's state: what is stored and answered, pausing and resuming, what a paused one refuses,
// tenant scoping, and which targets are refused. Delivery itself (the outbox, retries, signatures, Redis
// losing jobs) needs the whole process and stays in test/e2e/webhooks*.e2e-spec.ts, with the wire.
describe('WebhooksService: subscriptions', () => {
  let h: ServiceHarness;
  let webhooks: WebhooksService;
  let receiver: Receiver;
  beforeAll(async () => {
    // The API role: no dispatcher or queue processor runs here, so nothing is delivered behind the test's back.
    h = await serviceHarness([QueueModule, WebhooksModule.forRoot('api')], { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    webhooks = h.get(WebhooksService);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    receiver = await new Receiver().start();
  });
  afterEach(() => receiver.stop());

  const auditOf = async (tenantId: string, webhookId: string) =>
    (await h.get(AuditService).list(tenantId, { page: 1, limit: 50 })).items.filter((e) => e.target_id === webhookId);

  it('stores the secret sealed and answers it nowhere; updates and deletes, each audited with the caller and what changed', async () => {
    const { admin, id: tenantId } = await h.tenant();
    const sub = await webhooks.subscribe(admin, { url: receiver.url, events: EVENTS, secret: SECRET }, CLIENT);
    expect(sub).toMatchObject({ webhook_id: expect.stringMatching(/^whk_[0-9a-f]{24}$/), url: receiver.url, events: EVENTS, status: 'active', paused_reason: null, failing_since: null });
    const [row] = await sql(`SELECT sealed_secret FROM webhook_subscriptions WHERE id = $1`, [sub.webhook_id]);
    expect(row.sealed_secret).not.toContain('whsec_');
    const updated = await webhooks.update(admin, sub.webhook_id, { events: ['report.generated'], secret: 'whsec_rotated-secret-0123' }, CLIENT);
    expect(updated.events).toEqual(['report.generated']);
    const answers = [sub, updated, await webhooks.get(admin, sub.webhook_id), await webhooks.list(admin)];
    expect(JSON.stringify(answers)).not.toContain('whsec_');
    await webhooks.remove(admin, sub.webhook_id, CLIENT);
    expect(await failure(webhooks.get(admin, sub.webhook_id))).toBe('NOT_FOUND');
    expect(await failure(webhooks.remove(admin, sub.webhook_id, CLIENT))).toBe('NOT_FOUND');
    expect((await auditOf(tenantId, sub.webhook_id)).map((e) => ({ action: e.action, actor: e.actor_id, ip: e.ip, metadata: e.metadata }))).toEqual([
      { action: 'webhook.delete', actor: admin.userId, ip: CLIENT.ip, metadata: {} },
      { action: 'webhook.update', actor: admin.userId, ip: CLIENT.ip, metadata: { fields: ['events', 'secret_rotated'] } },
      { action: 'webhook.create', actor: admin.userId, ip: CLIENT.ip, metadata: { url: receiver.url, events: EVENTS } },
    ]);
  });

  it('an update that changes nothing is refused', async () => {
    const { admin } = await h.tenant();
    const sub = await webhooks.subscribe(admin, { url: receiver.url, events: EVENTS, secret: SECRET }, CLIENT);
    expect(await failure(webhooks.update(admin, sub.webhook_id, {}, CLIENT))).toBe('VALIDATION_ERROR');
  });

  it('an admin pauses a subscription with a reason; resuming clears the reason and the failing streak', async () => {
    const { admin } = await h.tenant();
    const sub = await webhooks.subscribe(admin, { url: receiver.url, events: EVENTS, secret: SECRET }, CLIENT);
    await sql(`UPDATE webhook_subscriptions SET failing_since = now() - interval '3 hours' WHERE id = $1`, [sub.webhook_id]);
    expect(await webhooks.update(admin, sub.webhook_id, { status: 'paused' }, CLIENT)).toMatchObject({ status: 'paused', paused_reason: 'Paused by an admin' });
    expect(await webhooks.update(admin, sub.webhook_id, { status: 'active' }, CLIENT)).toMatchObject({ status: 'active', paused_reason: null, failing_since: null });
  });

  it('a paused subscription is neither tested nor redelivered to: CONFLICT, and nothing is sent or recorded', async () => {
    const { admin } = await h.tenant();
    const sub = await webhooks.subscribe(admin, { url: receiver.url, events: ['report.generated'], secret: SECRET }, CLIENT);
    const sent = await webhooks.test(admin, sub.webhook_id, 'report.generated');
    expect(sent).toMatchObject({ status_code: 200, success: true });
    await webhooks.update(admin, sub.webhook_id, { status: 'paused' }, CLIENT);
    expect(await failure(webhooks.test(admin, sub.webhook_id, 'report.generated'))).toBe('CONFLICT');
    expect(await failure(webhooks.redeliver(admin, sub.webhook_id, sent.delivery_id))).toBe('CONFLICT');
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.requests).toHaveLength(1);
    expect(await sql(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1`, [sub.webhook_id])).toEqual([{ n: 1 }]);
    expect(await sql(`SELECT status FROM webhook_deliveries WHERE id = $1`, [sent.delivery_id])).toEqual([{ status: 'succeeded' }]);
  });

  it('a test delivery is recorded with its attempt; redelivering an unknown delivery is NOT_FOUND', async () => {
    const { admin } = await h.tenant();
    const sub = await webhooks.subscribe(admin, { url: receiver.url, events: ['report.generated'], secret: SECRET }, CLIENT);
    receiver.script = [503];
    const sent = await webhooks.test(admin, sub.webhook_id, 'report.generated');
    expect(sent).toMatchObject({ status_code: 503, success: false });
    const page = await webhooks.deliveries(admin, sub.webhook_id, { page: 1, limit: 10 });
    expect(page.items).toEqual([
      expect.objectContaining({ delivery_id: sent.delivery_id, event: 'report.generated', status: 'failed', last_status_code: 503, attempt_log: [expect.objectContaining({ attempt: 1, status_code: 503, success: false })] }),
    ]);
    expect(await failure(webhooks.redeliver(admin, sub.webhook_id, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
  });

  it("another tenant's subscription is not found by any operation, and stays as it was", async () => {
    const [acme, rival] = [await h.tenant(), await h.tenant()];
    const sub = await webhooks.subscribe(acme.admin, { url: receiver.url, events: ['report.generated'], secret: SECRET }, CLIENT);
    const sent = await webhooks.test(acme.admin, sub.webhook_id, 'report.generated');
    const them = rival.admin;
    for (const call of [
      webhooks.get(them, sub.webhook_id),
      webhooks.update(them, sub.webhook_id, { status: 'paused' }, CLIENT),
      webhooks.remove(them, sub.webhook_id, CLIENT),
      webhooks.deliveries(them, sub.webhook_id, { page: 1, limit: 10 }),
      webhooks.test(them, sub.webhook_id, 'report.generated'),
      webhooks.redeliver(them, sub.webhook_id, sent.delivery_id),
    ]) {
      expect(await failure(call)).toBe('NOT_FOUND');
    }
    expect(await webhooks.list(them)).toEqual([]);
    expect(await webhooks.get(acme.admin, sub.webhook_id)).toMatchObject({ status: 'active' });
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('WebhooksService: targets (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await serviceHarness([QueueModule, WebhooksModule.forRoot('api')], { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
  });
  afterAll(() => h.close());

  it.each([
    { name: 'IPv4 loopback', url: 'http://127.0.0.1:9/x' },
    { name: 'localhost', url: 'http://localhost:9/x' },
    { name: 'a 10/8 private address', url: 'http://10.1.2.3/x' },
    { name: 'a 192.168/16 private address', url: 'http://192.168.1.10/x' },
    { name: 'the link-local metadata address', url: 'http://169.254.169.254/latest/meta-data' },
    { name: 'IPv6 loopback', url: 'http://[::1]:9/x' },
    { name: 'IPv6 link-local', url: 'http://[fe80::1]/x' },
    { name: 'the unspecified address', url: 'http://0.0.0.0/x' },
    { name: 'IPv4-translated loopback', url: 'http://[::ffff:0:7f00:1]/x' },
    { name: 'IPv6 site-local', url: 'http://[fec0::1]/x' },
    { name: 'the IPv6 discard-only prefix', url: 'http://[100::1]/x' },
    { name: 'IPv6 documentation', url: 'http://[2001:db8::1]/x' },
  ])('refuses $name as a target, when subscribing and when changing the url', async ({ url }) => {
    const { admin } = await h.tenant();
    const webhooks = h.get(WebhooksService);
    expect(await failure(webhooks.subscribe(admin, { url, events: ['document.completed'], secret: SECRET }, CLIENT))).toBe('VALIDATION_ERROR');
    expect(await webhooks.list(admin)).toEqual([]);
    // A global unicast literal (no name to resolve; the API role delivers nothing).
    const sub = await webhooks.subscribe(admin, { url: 'https://93.184.216.34/hook', events: ['document.completed'], secret: SECRET }, CLIENT);
    expect(await failure(webhooks.update(admin, sub.webhook_id, { url }, CLIENT))).toBe('VALIDATION_ERROR');
    expect((await webhooks.get(admin, sub.webhook_id)).url).toBe('https://93.184.216.34/hook');
  });
});
