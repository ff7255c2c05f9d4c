import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@jest/globals';
import { Redis } from 'ioredis';
import { generateStatement } from '../../fixtures/generator/index.js';
import { Receiver } from '../receiver.js';
import { AppProcess, type HttpOutcome } from './app-process.js';
import { halfWritten, undelivered, unfinished, type Query } from './invariants.js';
import { PrivatePostgres } from './private-postgres.js';
import { PrivateRedis } from './private-redis.js';
import { LONG_FAULTS, sleep, until } from './util.js';
import { registerAdmin, subscribeWebhook, Workload, type Caller, type WorkloadOptions } from './workload.js';

const DATABASE = 'foliodesk_faults';
const SECRET = 'whsec_faults-secret-0123456789abcdef';
/** What the store sweep removes (StoreSweeper): a stored original whose row was never written. */
const LEFT_TO_SWEEP = 'stored file without a document row: ';

/**
 * Recovery settings shrunk so that a test sees recovery in seconds (production defaults: 5 s, 15 s,
 * 30 s, 30 s, 30 s, 30 s): lost pipeline jobs are re-enqueued after 1 s without progress, a dead worker's
 * job is handed over after 3 s, a webhook attempt without an outcome is re-sent after 2 s, a statement
 * PostgreSQL leaves unanswered for 2 s counts as PostgreSQL away.
 */
export const FAST_RECOVERY: Record<string, string> = {
  PIPELINE_RECONCILE_INTERVAL_MS: '300',
  PIPELINE_STALE_AFTER_MS: '1000',
  QUEUE_LOCK_DURATION_MS: '3000',
  QUEUE_STALLED_INTERVAL_MS: '500',
  WEBHOOK_DISPATCH_INTERVAL_MS: '50',
  WEBHOOK_RETRY_DELAY_SCALE: '0.001',
  WEBHOOK_RECOVERY_AFTER_MS: '2000',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  DATABASE_QUERY_TIMEOUT_MS: '2000',
};

/** Default load: modest, so that the suite stays quick on two shared cores. FOLIODESK_LONG_FAULTS=1 for more. */
export const WORKLOAD: WorkloadOptions = LONG_FAULTS
  ? { uploaders: 4, readers: 3, maxDocuments: 400, pauseMs: 20 }
  : { uploaders: 1, readers: 2, maxDocuments: 40, pauseMs: 100 };

/**
 * Everything a fault test needs, all its own: a private PostgreSQL cluster and Redis server (so the
 * machine's shared ones are never touched), a temporary STORAGE_DIR, a webhook receiver, and a
 * Foliodesk process (ROLE=all) pointed at them with a tenant subscribed to document events.
 */
export class FaultScenario {
  postgres!: PrivatePostgres;
  redis!: PrivateRedis;
  receiver!: Receiver;
  app!: AppProcess;
  storageDir!: string;
  caller!: Caller;
  webhookId!: string;
  pdfs: Buffer[] = [];

  readonly query: Query = (text, params = []) => this.postgres.query(DATABASE, text, params);

  async setUp(): Promise<void> {
    const [postgres, redis, receiver, storageDir, pdfs] = await Promise.all([
      PrivatePostgres.create(),
      PrivateRedis.create(),
      new Receiver().start(),
      mkdtemp(join(tmpdir(), 'foliodesk-faults-storage-')),
      Promise.all([3, 5, 8].map(async (seed) => (await generateStatement('cams_detailed', { seed, pages: 2 })).pdf)),
    ]);
    Object.assign(this, { postgres, redis, receiver, storageDir, pdfs });
    receiver.delayMs = 300; // each delivery stays in flight for a while, so faults hit some mid-send
    this.app = await AppProcess.start({
      ...FAST_RECOVERY,
      DATABASE_URL: postgres.url(DATABASE),
      REDIS_URL: redis.url(),
      STORAGE_DIR: storageDir,
      QUEUE_PREFIX: 'faults',
    });
    this.caller = await registerAdmin(this.app);
    this.webhookId = await subscribeWebhook(this.app, this.caller, this.receiver.url, SECRET);
  }

  /** Stops and removes everything set up, whatever state it is in (afterAll, also after a failure). */
  async tearDown(): Promise<void> {
    await this.app?.stop().catch(() => undefined);
    await Promise.allSettled([this.postgres?.destroy(), this.redis?.destroy(), this.receiver?.stop()]);
    if (this.storageDir) await rm(this.storageDir, { recursive: true, force: true });
  }

  /** Runs a test body; a failure carries the tail of the Foliodesk process's log. */
  async explain<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      if (error instanceof Error) error.message += `\n--- Foliodesk log (tail; exited: ${JSON.stringify(this.app?.exited)}) ---\n${this.app?.logs(3000) ?? ''}`;
      throw error;
    }
  }

  workload(options: WorkloadOptions = WORKLOAD): Workload {
    return new Workload(this.app, this.caller, this.pdfs, options);
  }

  /**
   * Work under way right now, read just before a fault to show it hit some: pipeline runs, and
   * events not yet delivered (undispatched, or a delivery pending: queued, being sent or to retry).
   */
  async inFlight(): Promise<{ runs: number; events: number }> {
    const [row] = await this.query<{ runs: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM pipeline_processes WHERE tenant_id = $1 AND status = 'processing') AS runs,
              (SELECT count(*)::int FROM outbox_events WHERE tenant_id = $1 AND dispatched_at IS NULL)
            + (SELECT count(*)::int FROM webhook_deliveries WHERE tenant_id = $1 AND status = 'pending') AS events`,
      [this.caller.tenantId],
    );
    return row;
  }

  /**
   * Waits until the workload has `started` documents started and both pipeline runs and undelivered
   * events are in flight, so that the fault injected next hits work under way; answers that snapshot.
   */
  async underWay(load: Workload, started: number): Promise<{ runs: number; events: number }> {
    let snapshot = { runs: 0, events: 0 };
    await until(
      async () => {
        if ([...load.documents.values()].filter((d) => d.processId).length < started) return false;
        snapshot = await this.inFlight();
        return snapshot.runs > 0 && snapshot.events > 0;
      },
      30_000,
      `${started} documents started, with pipeline runs and webhook deliveries in flight`,
      20,
    );
    return snapshot;
  }

  /**
   * Runs `rounds` outages under the running workload: once work is under way, `down()`, `outageMs`
   * away, `up()`, then health must be green within `healthyMs` (the time taken is printed). Answers
   * the in-flight snapshot of each round, the requests sent while the dependency was away, and when
   * it was away.
   */
  async outages(
    load: Workload,
    o: { label: string; rounds: number; outageMs: number; healthyMs: number; down: () => Promise<void>; up: () => Promise<void> },
  ): Promise<{ atFault: Array<{ runs: number; events: number }>; during: HttpOutcome[]; away: Array<{ from: number; to: number }> }> {
    const atFault: Array<{ runs: number; events: number }> = [];
    const during: HttpOutcome[] = [];
    const away: Array<{ from: number; to: number }> = [];
    for (let round = 0; round < o.rounds; round++) {
      atFault.push(await this.underWay(load, 3 * (round + 1)));
      await o.down();
      const downAt = Date.now();
      await sleep(o.outageMs);
      const upAt = Date.now();
      await o.up();
      const healthyIn = await this.healthyWithin(o.healthyMs);
      console.info(`${o.label} ${round + 1}: healthy ${healthyIn} ms after the dependency was back`);
      await sleep(1000); // the load goes on after the fault
      // Sent from 300 ms in (requests sent just before the fault may still have been answered
      // normally) until the dependency was back; read now, when their answers have come.
      during.push(...load.between(downAt + 300, upAt));
      away.push({ from: downAt, to: upAt });
    }
    return { atFault, during, away };
  }

  /**
   * Requests sent and answered while the dependency was away (from 300 ms in: answers already on their
   * way when it went do not count).
   */
  answeredWhileAway(load: Workload, away: Array<{ from: number; to: number }>): HttpOutcome[] {
    return load.outcomes.filter((o) => away.some(({ from, to }) => o.at >= from && o.at + o.ms > from + 300 && o.at + o.ms < to));
  }

  /**
   * After a fault and its load, asserts (and prints) the outcome: the fault hit pipeline runs and
   * deliveries in flight, every acknowledged upload exists, nothing is stuck or half-written, no event
   * is lost, and the Foliodesk process is still running.
   */
  async expectRecovered(label: string, load: Workload, atFault: Array<{ runs: number; events: number }>, extra: object = {}): Promise<void> {
    const result = await this.settle(load);
    console.info(`${label}: ${JSON.stringify({ ...result, requests: load.outcomes.length, atFault, ...extra })}`);
    expect(atFault.every((r) => r.runs > 0 && r.events > 0)).toBe(true);
    expect(result.found).toBe(result.acknowledged);
    expect(result.problems).toEqual([]);
    expect(result.lost).toEqual([]);
    expect(this.app.exited).toBeNull();
  }

  /** Processes still running, with where their current stage's Bull job is (for a failure message). */
  async stuck(): Promise<Array<Record<string, unknown>>> {
    const rows = await this.query<{ id: string; current_stage: string; updated_at: Date; stage_status: string; attempts: number }>(
      `SELECT p.id, p.current_stage, p.updated_at, s.status AS stage_status, s.attempts
         FROM pipeline_processes p JOIN pipeline_stages s ON s.process_id = p.id AND s.name = p.current_stage
        WHERE p.tenant_id = $1 AND p.status = 'processing' LIMIT 10`,
      [this.caller.tenantId],
    );
    const redis = new Redis(this.redis.url(), { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await redis.connect();
      return await Promise.all(
        rows.map(async (r) => {
          const prefix = `faults:bull:pipeline-${r.current_stage}`;
          const jobId = `${r.id}:${r.current_stage}`;
          const [exists, wait, active, delayed, paused, workers] = await Promise.all([
            redis.exists(`${prefix}:${jobId}`),
            redis.lpos(`${prefix}:wait`, jobId),
            redis.lpos(`${prefix}:active`, jobId),
            redis.zscore(`${prefix}:delayed`, jobId),
            redis.lpos(`${prefix}:paused`, jobId),
            redis.client('LIST'),
          ]);
          return {
            ...r,
            job: { exists, wait, active, delayed, paused, lock: await redis.get(`${prefix}:${jobId}:lock`) },
            blockedClients: String(workers).split('\n').filter((l) => l.includes('cmd=brpoplpush')).length,
          };
        }),
      );
    } finally {
      redis.disconnect();
    }
  }

  /** Time until health answers 200 again (throws past `boundMs`). */
  healthyWithin(boundMs: number): Promise<number> {
    return until(async () => (await this.app.request('GET', '/api/v1/health/ready', { timeoutMs: 3000 })).status === 200, boundMs, 'health/ready answering 200', 100);
  }

  /**
   * After a fault: the client retries starts that were refused, then every document must end
   * (completed, or failed with a code) within `boundMs`, nothing may be half-written, and every
   * event must reach the receiver. Answers what it found, for the test's assertions and the report.
   */
  async settle(load: Workload, boundMs = 90_000) {
    await load.startPending();
    const endedIn = await until(
      async () => {
        const left = await unfinished(this.query, this.caller.tenantId);
        return left.processes === 0 && left.documents === 0;
      },
      boundMs,
      'every document completed or failed',
    ).catch(async (error: Error) => {
      error.message += `\nstill processing: ${JSON.stringify(await this.stuck())}`;
      throw error;
    });
    const acknowledged = [...load.documents.keys()];
    const rows = await this.query<{ id: string; status: string; error_code: string | null }>(
      `SELECT d.id, d.status, p.error_code FROM documents d
         LEFT JOIN pipeline_processes p ON p.document_id = d.id AND p.status = 'failed'
        WHERE d.id = ANY($1::uuid[])`,
      [acknowledged],
    );
    // An upload whose INSERT met a crash, when PostgreSQL could not say whether the row was written,
    // keeps its file: a stored original without a row is the store sweep's to remove once past its
    // grace period (nexus-store-sweep proves it), not a half-written document.
    const found = await halfWritten(this.query, this.storageDir, this.caller.tenantId);
    const problems = found.filter((p) => !p.startsWith(LEFT_TO_SWEEP));
    const leftToSweep = found.length - problems.length;
    await until(async () => (await undelivered(this.query, this.caller.tenantId, this.webhookId, this.receiver)).length === 0, 30_000, 'every event delivered').catch(
      () => undefined,
    );
    const lost = await undelivered(this.query, this.caller.tenantId, this.webhookId, this.receiver);
    const [{ n: events }] = await this.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_events WHERE tenant_id = $1`, [this.caller.tenantId]);
    const statuses: Record<string, number> = {};
    for (const r of rows) {
      const key = r.error_code ? `${r.status} ${r.error_code}` : r.status;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    return { acknowledged: acknowledged.length, found: rows.length, statuses, problems, lost, events, endedIn, leftToSweep };
  }
}
