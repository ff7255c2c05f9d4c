import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import pg from 'pg';
import { generateStatement } from '../fixtures/generator/index.js';
import { bearer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { holdingKeys, referenceHoldings, uploadPdf, waitForProcess } from '../support/pipeline.js';

const MAIN = new URL('../../dist/src/main.js', import.meta.url).pathname;
const FAST_RECOVERY = {
  PIPELINE_RECONCILE_INTERVAL_MS: '300',
  PIPELINE_STALE_AFTER_MS: '1000',
  QUEUE_LOCK_DURATION_MS: '1500',
  QUEUE_STALLED_INTERVAL_MS: '500',
};

async function stageStatus(processId: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT name, status FROM pipeline_stages WHERE process_id = $1`, [processId]);
    return Object.fromEntries(rows.map((r) => [r.name, r.status]));
  } finally {
    await client.end();
  }
}

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 25));
  }
}

function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [MAIN], { env: { ...process.env, ...env, ROLE: 'worker', LOG_LEVEL: 'warn' }, stdio: 'ignore' });
}

describe('nexus pipeline: recovery and time limits', () => {
  let large: Awaited<ReturnType<typeof generateStatement>>;
  let reference: string[];
  beforeAll(async () => {
    large = await generateStatement('cams_detailed', { seed: 21, pages: 50 });
    reference = await referenceHoldings(large.pdf);
  });

  describe('with the workers in this process', () => {
    let t: TestApp;
    let acme: Tenant;
    beforeAll(async () => {
      t = await startTestApp(FAST_RECOVERY);
      acme = await createTenant(t.http);
    });
    afterAll(() => t.close());

    it('finishes a process whose queued jobs were wiped by a Redis FLUSHDB mid-pipeline', async () => {
      const upload = await uploadPdf(t, acme.analyst, large.pdf);
      const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
      await until(async () => Object.values(await stageStatus(start.body.process_id)).includes('completed'));
      const redis = new Redis(process.env.REDIS_URL!);
      await redis.flushdb();
      redis.disconnect();
      const { final } = await waitForProcess(t, acme.analyst, start.body.process_id, 60_000);
      expect(final.status).toBe('completed');
      // The recovered run produced exactly what an uninterrupted extraction produces.
      expect(holdingKeys(final.extractions.holdings)).toEqual(reference);
      expect(reference.length).toBeGreaterThan(0);
    });
  });

  describe('time limits', () => {
    it('fails a stage over its limit with EXTRACTION_TIMEOUT (retryable) naming the stage, with the outbox event', async () => {
      const t = await startTestApp({ ...FAST_RECOVERY, PIPELINE_STAGE_TIMEOUT_MS: '100' });
      try {
        const acme = await createTenant(t.http);
        const upload = await uploadPdf(t, acme.analyst, large.pdf);
        const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
        const { final } = await waitForProcess(t, acme.analyst, start.body.process_id, 60_000);
        expect(final.status).toBe('failed');
        expect(final.error).toMatchObject({ code: 'EXTRACTION_TIMEOUT', retryable: true });
        expect(STAGE_ORDER).toContain(final.error.stage);
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        const { rows } = await client.query(`SELECT event_type, data FROM outbox_events WHERE data->>'document_id' = $1`, [upload.doc_id]);
        await client.end();
        expect(rows).toEqual([{ event_type: 'document.failed', data: expect.objectContaining({ error_code: 'EXTRACTION_TIMEOUT', stage: final.error.stage, retryable: true }) }]);
        const docs = await t.http.get('/api/v1/documents/me').set(bearer(acme.analyst));
        expect(docs.body.result.find((d: { doc_id: string }) => d.doc_id === upload.doc_id).status).toBe('failed');
      } finally {
        await t.close();
      }
    });

    it('fails a process over its total limit with EXTRACTION_TIMEOUT; it can then be run again', async () => {
      const t = await startTestApp({ ...FAST_RECOVERY, PIPELINE_TIMEOUT_MS: '150' });
      let acme: Tenant;
      let jobId: string;
      try {
        acme = await createTenant(t.http);
        jobId = (await uploadPdf(t, acme.analyst, large.pdf)).job_id;
        const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: jobId });
        const { final } = await waitForProcess(t, acme.analyst, start.body.process_id, 60_000);
        expect(final.status).toBe('failed');
        expect(final.error.code).toBe('EXTRACTION_TIMEOUT');
      } finally {
        await t.close();
      }
      const again = await startTestApp(FAST_RECOVERY);
      try {
        const retry = await again.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme!.analyst)).send({ job_id: jobId! });
        const { final } = await waitForProcess(again, acme!.analyst, retry.body.process_id, 60_000);
        expect(final.status).toBe('completed');
      } finally {
        await again.close();
      }
    });
  });

  describe('with separate worker processes', () => {
    let api: TestApp;
    let acme: Tenant;
    const workers: ChildProcess[] = [];
    beforeAll(async () => {
      api = await startTestApp({ ...FAST_RECOVERY, ROLE: 'api' });
      acme = await createTenant(api.http);
    });
    afterAll(async () => {
      for (const w of workers) w.kill('SIGKILL');
      await api.close();
    });

    // Runs first in this block, while no worker is up: the process's first job waits in Redis.
    it('re-enqueues a stage whose job a Redis flush left as a fragment (Bull re-creates the hash of a job flushed mid-activation)', async () => {
      const upload = await uploadPdf(api, acme.analyst, large.pdf);
      const start = await api.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        const [jobKey] = await redis.keys(`*:pipeline-upload:${start.body.process_id}:upload`);
        expect(jobKey).toBeDefined();
        await redis.flushdb();
        // What Bull's moveToActive leaves when the flush falls between popping the id and activating it.
        await redis.hset(jobKey, 'processedOn', String(Date.now()));
        await redis.set(`${jobKey}:lock`, 'gone-worker', 'PX', 120_000);
        workers.push(startWorker(FAST_RECOVERY));
        const { final } = await waitForProcess(api, acme.analyst, start.body.process_id, 60_000);
        expect(final.status).toBe('completed');
        expect(holdingKeys(final.extractions.holdings)).toEqual(reference);
      } finally {
        redis.disconnect();
        for (const w of workers.splice(0)) w.kill('SIGKILL');
      }
    });

    it('finishes a process whose worker was killed with SIGKILL mid-stage', async () => {
      const first = startWorker(FAST_RECOVERY);
      workers.push(first);
      const upload = await uploadPdf(api, acme.analyst, large.pdf);
      const start = await api.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
      await until(async () => Object.values(await stageStatus(start.body.process_id)).includes('in_progress'), 30_000);
      first.kill('SIGKILL');
      workers.push(startWorker(FAST_RECOVERY));
      const { final } = await waitForProcess(api, acme.analyst, start.body.process_id, 60_000);
      expect(final.status).toBe('completed');
      expect(holdingKeys(final.extractions.holdings)).toEqual(reference);
    });
  });
});

const STAGE_ORDER = ['upload', 'classification', 'parsing', 'structuring', 'extraction', 'validation', 'enrichment', 'calculation', 'summary', 'completion'];
