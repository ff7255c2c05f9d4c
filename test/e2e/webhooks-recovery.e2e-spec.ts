// At-least-once webhook delivery when workers die or the receiver is down. The API runs in this
// process (ROLE=api: no dispatcher, no delivery processor); the dispatcher and the delivery and
// pipeline queues run in separate ROLE=worker processes started from dist/ (run `npm run build`
// first), which the tests kill with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verify } from '@octokit/webhooks-methods';
import { Redis } from 'ioredis';
import { bearer, createTenant, startTestApp, type Account, type Tenant, type TestApp } from '../support/app.js';
import { simplePdf } from '../support/pdf.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { sql } from '../support/db.js';

const MAIN = new URL('../../dist/src/main.js', import.meta.url).pathname;
const SECRET = 'whsec_recovery-secret-0123456789';
const SCALE = 0.001; // retry delays: 5 ms, 30 ms, 300 ms, 1.8 s, 3.6 s, …
const WORKER_ENV = {
  // A dead worker's job is handed to another within about 3 s + 2 × 0.5 s (a live worker renews its
  // lock every 1.5 s, so a busy machine does not make it look dead).
  QUEUE_LOCK_DURATION_MS: '3000',
  QUEUE_STALLED_INTERVAL_MS: '500',
  PIPELINE_RECONCILE_INTERVAL_MS: '300',
  PIPELINE_STALE_AFTER_MS: '1000',
  WEBHOOK_DISPATCH_INTERVAL_MS: '50',
  WEBHOOK_RETRY_DELAY_SCALE: String(SCALE),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
};


async function until(check: () => boolean | Promise<boolean>, ms = 15_000, what = 'condition') {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** The sender's connection closed before the receiver answered. */
  aborted: boolean;
}

/**
 * A loopback receiver that can hold each request open before answering, and can go down (listener
 * closed and every connection cut, so the sender gets ECONNREFUSED) and come back on the same port.
 */
class Receiver {
  readonly requests: Received[] = [];
  holdMs = 0;
  status = 204;
  port = 0;
  private server: Server | null = null;

  async up(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now(), aborted: false };
        this.requests.push(r);
        res.on('close', () => {
          if (!res.writableFinished) r.aborted = true;
        });
        const answer = () => {
          if (!res.destroyed) res.writeHead(this.status, { 'content-type': 'text/plain' }).end();
        };
        if (this.holdMs > 0) setTimeout(answer, this.holdMs);
        else answer();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this;
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  ids(): string[] {
    return this.requests.map((r) => r.headers['x-service-delivery'] as string);
  }

  forDelivery(id: string) {
    return this.requests.filter((r) => r.headers['x-service-delivery'] === id);
  }
}

interface Worker {
  child: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

/** A ROLE=worker process; resolves once it has logged that it started. */
async function startWorker(): Promise<Worker> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...WORKER_ENV, ROLE: 'worker', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let started = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout!.on('data', (c: Buffer) => {
    const text = c.toString('utf8');
    output.push(text);
    if (text.includes('Foliodesk worker started')) started = true;
  });
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString('utf8')));
  let gone = false;
  void exited.then(() => (gone = true));
  await until(() => started || gone, 30_000, 'worker start');
  if (!started) throw new Error(`worker exited during start:\n${output.join('').slice(-4000)}`);
  return { child, output, exited };
}

async function kill(worker: Worker): Promise<void> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
  await worker.exited;
}

describe('webhooks: at-least-once delivery through worker death and receiver outages', () => {
  let api: TestApp;
  let acme: Tenant;
  let receiver: Receiver;
  const workers: Worker[] = [];

  const spawnWorker = async () => {
    const w = await startWorker();
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    api = await startTestApp({ ...WORKER_ENV, ROLE: 'api' });
    acme = await createTenant(api.http);
    receiver = await new Receiver().up();
  });

  afterAll(async () => {
    await Promise.all(workers.map(kill));
    await receiver?.down();
    await api?.close();
  });

  const subscribe = async (admin: Account) => {
    const res = await api.http.post('/api/v1/webhooks/subscribe').set(bearer(admin)).send({ url: receiver.url, events: ['document.completed'], secret: SECRET });
    expect(res.status).toBe(201);
    return res.body.result.webhook_id as string;
  };
  const deliveries = async (id: string) =>
    (await api.http.get(`/api/v1/webhooks/${id}/deliveries?limit=100`).set(bearer(acme.admin))).body.result.items as Array<Record<string, any>>;
  const subscription = async (id: string) => (await api.http.get(`/api/v1/webhooks/${id}`).set(bearer(acme.admin))).body.result as Record<string, any>;
  /** Writes document.completed outbox events directly, as the pipeline's completion transaction does. */
  const writeEvents = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const [row] = await sql<{ id: string }>(`INSERT INTO outbox_events (tenant_id, event_type, data) VALUES ($1, 'document.completed', $2::jsonb) RETURNING id`, [
        acme.admin.tenantId,
        JSON.stringify({ document_id: randomUUID(), tenant_id: acme.admin.tenantId, user_id: acme.analyst.userId, extractions: { holdings_count: 0 } }),
      ]);
      ids.push(row.id);
    }
    return ids;
  };
  const deliveryIdsOf = async (webhookId: string) => (await sql<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE subscription_id = $1`, [webhookId])).map((r) => r.id);

  it('a worker killed (SIGKILL) while the receiver holds its request loses nothing: a second worker delivers the same id', async () => {
    const webhookId = await subscribe(acme.admin);
    const first = await spawnWorker();
    receiver.holdMs = 3000;
    const upload = await uploadPdf(api, acme.analyst, await simplePdf(['A note, not a statement']));
    const start = await api.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
    const { final } = await waitForProcess(api, acme.analyst, start.body.process_id);
    expect(final.status).toBe('completed');

    // The first worker is sending: the receiver has the request and has not answered.
    await until(() => receiver.requests.length >= 1, 15_000, 'first delivery attempt');
    const deliveryId = receiver.requests[0].headers['x-service-delivery'] as string;
    await kill(first);
    receiver.holdMs = 0;
    await until(() => receiver.requests[0].aborted, 5_000, 'the killed sender to drop its connection');
    const [mid] = await sql(`SELECT status, attempts, next_attempt_at FROM webhook_deliveries WHERE id = $1`, [deliveryId]);
    expect(mid).toEqual({ status: 'pending', attempts: 1, next_attempt_at: null }); // claimed, never finished

    await spawnWorker();
    await until(() => receiver.forDelivery(deliveryId).length >= 2, 30_000, 'redelivery by the second worker');
    const sinceClaim = receiver.forDelivery(deliveryId)[1].at - receiver.requests[0].at;
    await until(async () => (await deliveries(webhookId))[0]?.status === 'succeeded', 10_000, 'delivery recorded as succeeded');

    const [second] = receiver.forDelivery(deliveryId).slice(1);
    expect(second.aborted).toBe(false);
    expect(second.body).toBe(receiver.requests[0].body); // same bytes
    expect(await verify(SECRET, second.body, second.headers['x-service-signature'] as string)).toBe(true);
    expect(JSON.parse(second.body).data.document_id).toBe(upload.doc_id);
    const [d] = await deliveries(webhookId);
    expect(d).toMatchObject({ delivery_id: deliveryId, status: 'succeeded', attempts: 2, last_status_code: 204, last_error: null });
    // The killed attempt left no record; the one that reached the receiver is attempt 2.
    expect(d.attempt_log).toEqual([expect.objectContaining({ attempt: 2, status_code: 204, success: true })]);
    expect(await subscription(webhookId)).toMatchObject({ status: 'active', failing_since: null });
    // Handed over by Bull's stalled-job check (lock 3 s), before the dispatcher's stranded-attempt
    // sweep (30 s after the claim) could have re-queued it.
    expect({ sinceClaim, before: sinceClaim < 29_000 }).toEqual({ sinceClaim, before: true });
    await sleep(500);
    expect(receiver.forDelivery(deliveryId)).toHaveLength(2);
    await api.http.delete(`/api/v1/webhooks/${webhookId}`).set(bearer(acme.admin));
  }, 60_000);

  it('the receiver down (connection refused) and back: deliveries retry and each id arrives exactly once', async () => {
    const webhookId = await subscribe(acme.admin);
    if (workers.every((w) => w.child.exitCode !== null || w.child.signalCode !== null)) await spawnWorker();
    const before = receiver.requests.length;
    await receiver.down();
    await writeEvents(5);
    await until(async () => (await deliveryIdsOf(webhookId)).length === 5, 10_000, 'five deliveries');
    // Every delivery has failed at least three times against the closed port.
    await until(
      async () => {
        const rows = await sql<{ n: number }>(
          `SELECT count(a.id)::int AS n FROM webhook_deliveries d LEFT JOIN webhook_attempts a ON a.delivery_id = d.id AND NOT a.success
            WHERE d.subscription_id = $1 GROUP BY d.id`,
          [webhookId],
        );
        return rows.length === 5 && rows.every((r) => r.n >= 3);
      },
      15_000,
      'three failed attempts per delivery',
    );
    const downFor = await deliveries(webhookId);
    expect(downFor.map((d) => d.status)).toEqual(Array(5).fill('pending'));
    expect(downFor.flatMap((d) => d.attempt_log).every((a: { error: string; success: boolean }) => !a.success && /ECONNREFUSED/.test(a.error))).toBe(true);
    expect(receiver.requests.length).toBe(before);

    await receiver.up(); // same port
    const ids = await deliveryIdsOf(webhookId);
    await until(() => ids.every((id) => receiver.forDelivery(id).length >= 1), 20_000, 'every delivery after the receiver came back');
    await until(async () => (await deliveries(webhookId)).every((d) => d.status === 'succeeded'), 10_000, 'every delivery recorded as succeeded');
    await sleep(1000); // nothing more arrives
    for (const id of ids) expect({ id, arrivals: receiver.forDelivery(id).length }).toEqual({ id, arrivals: 1 });
    for (const d of await deliveries(webhookId)) {
      const log = d.attempt_log as Array<{ attempt: number; success: boolean; status_code: number | null }>;
      expect(log.map((a) => a.attempt)).toEqual(log.map((_, i) => i + 1));
      expect(log.at(-1)).toMatchObject({ success: true, status_code: 204 });
      expect(log.slice(0, -1).every((a) => !a.success && a.status_code === null)).toBe(true);
    }
    expect(await subscription(webhookId)).toMatchObject({ status: 'active', failing_since: null });
    await api.http.delete(`/api/v1/webhooks/${webhookId}`).set(bearer(acme.admin));
  }, 60_000);

  it('outbox events written while no worker runs are delivered once a worker starts', async () => {
    const webhookId = await subscribe(acme.admin);
    await Promise.all(workers.map(kill));
    const events = await writeEvents(3);
    await sleep(1000);
    expect(await sql(`SELECT id FROM outbox_events WHERE id = ANY($1::uuid[]) AND dispatched_at IS NOT NULL`, [events])).toEqual([]);
    expect(await deliveryIdsOf(webhookId)).toEqual([]);

    const before = receiver.requests.length;
    await spawnWorker();
    await until(async () => (await deliveryIdsOf(webhookId)).length === 3, 15_000, 'three deliveries');
    const ids = await deliveryIdsOf(webhookId);
    await until(() => ids.every((id) => receiver.forDelivery(id).length >= 1), 15_000, 'every delivery');
    await until(async () => (await deliveries(webhookId)).every((d) => d.status === 'succeeded'), 10_000, 'every delivery recorded as succeeded');
    await sleep(500);
    expect(receiver.requests.length - before).toBe(3);
    expect(new Set(receiver.requests.slice(before).map((r) => JSON.parse(r.body).data.document_id)).size).toBe(3);
    const dispatched = await sql(`SELECT dispatched_at FROM outbox_events WHERE id = ANY($1::uuid[])`, [events]);
    expect(dispatched.every((r) => r.dispatched_at !== null)).toBe(true);
    await api.http.delete(`/api/v1/webhooks/${webhookId}`).set(bearer(acme.admin));
  }, 45_000);
  it('a worker killed mid-send after Redis lost its queue: the dispatcher re-queues the stranded attempt (after 30 s)', async () => {
    const webhookId = await subscribe(acme.admin);
    if (workers.every((w) => w.child.exitCode !== null || w.child.signalCode !== null)) await spawnWorker();
    const before = receiver.requests.length;
    receiver.holdMs = 3000;
    await writeEvents(1);
    await until(() => receiver.requests.length > before, 15_000, 'first delivery attempt');
    const held = receiver.requests[before];
    const deliveryId = held.headers['x-service-delivery'] as string;
    await Promise.all(workers.map(kill));
    receiver.holdMs = 0;
    const redis = new Redis(process.env.REDIS_URL!);
    await redis.flushdb(); // the killed worker's active job is gone: Bull cannot hand it over
    redis.disconnect();
    const [claimed] = await sql<{ status: string; attempts: number; next_attempt_at: Date | null; updated_at: Date }>(
      `SELECT status, attempts, next_attempt_at, updated_at FROM webhook_deliveries WHERE id = $1`,
      [deliveryId],
    );
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: null }); // claimed, never finished

    await spawnWorker();
    await until(() => receiver.forDelivery(deliveryId).length >= 2, 45_000, 'redelivery by the stranded-attempt sweep');
    const again = receiver.forDelivery(deliveryId)[1];
    // Recovered by the dispatcher's sweep, which waits STRANDED_AFTER_MS (30 s, not configurable)
    // after the claim: this test spends about 30 s waiting for it.
    const sinceClaim = again.at - claimed.updated_at.getTime();
    expect({ sinceClaim, after: sinceClaim >= 29_000 }).toEqual({ sinceClaim, after: true });
    expect(again.body).toBe(held.body);
    await until(async () => (await deliveries(webhookId))[0]?.status === 'succeeded', 10_000, 'delivery recorded as succeeded');
    expect((await deliveries(webhookId))[0]).toMatchObject({ delivery_id: deliveryId, attempts: 2, attempt_log: [expect.objectContaining({ attempt: 2, success: true })] });
    expect(await subscription(webhookId)).toMatchObject({ status: 'active' });
    await sleep(500);
    expect(receiver.forDelivery(deliveryId)).toHaveLength(2);
    await api.http.delete(`/api/v1/webhooks/${webhookId}`).set(bearer(acme.admin));
  }, 60_000);
});
