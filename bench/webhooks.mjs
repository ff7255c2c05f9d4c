// Webhook delivery throughput and completion-to-arrival latency, next to raw signed POSTs from a
// plain Node loop to the same receiver in the same run (the baseline).
// Run: `npm run bench:webhooks` (PostgreSQL and Redis on localhost). BENCH_EVENTS (default 2000)
// outbox events for the throughput rows; BENCH_DOCS (default 60) completed documents per latency row;
// BENCH_LAYOUTS (default `all-in-one,api + 2 workers`) which process layouts to run.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import PDFDocument from 'pdfkit';
import pg from 'pg';
import { Agent, request } from 'undici';
import { dropDatabase, postJson, startService } from './lib.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const DOCS = Number(process.env.BENCH_DOCS ?? 60);
const CONCURRENCY = 8; // the service's webhook queue runs 8 attempts at once per process
const SECRET = 'whsec_bench-secret-0123456789';
const PASSWORD = 'Bench-Passw0rd!';

const sign = (body) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

/** A document.completed body shaped like the service's. */
const sampleBody = (tenantId) =>
  JSON.stringify({
    event: 'document.completed',
    timestamp: new Date().toISOString(),
    data: {
      document_id: randomUUID(),
      tenant_id: tenantId,
      user_id: 'usr_0123456789abcdef01234567',
      document_type: 'CAMS_DETAILED_CAS',
      pages: 12,
      extractions: { holdings_count: 14, total_aum: 4523890.55, currency: 'INR' },
      confidence: { average: 0.97, minimum: 0.91 },
      processing_time_ms: 1840,
    },
  });

// --- baseline, in a worker thread (the sender is outside the receiver's event loop, as the service is)
if (!isMainThread) {
  const { url, n, concurrency } = workerData;
  const agent = new Agent({ connections: concurrency });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const body = sampleBody('ten_bench');
        const res = await request(url, {
          method: 'POST',
          dispatcher: agent,
          body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'bench-baseline',
            'x-service-signature': sign(body),
            'x-service-timestamp': String(Math.floor(Date.now() / 1000)),
            'x-service-event': 'document.completed',
            'x-service-delivery': randomUUID(),
          },
        });
        await res.body.dump();
        if (res.statusCode !== 204) throw new Error(`baseline: HTTP ${res.statusCode}`);
      }
    }),
  );
  parentPort.postMessage({ ms: performance.now() - started });
  await agent.close();
  process.exit(0);
}

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Records every request (delivery id, document id, arrival time) and answers 204 at once. */
class Receiver {
  arrivals = []; // { id, documentId, at }
  byDocument = new Map(); // document_id -> first arrival time
  async start() {
    this.server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const at = Date.now();
        res.writeHead(204).end();
        const id = req.headers['x-service-delivery'];
        let documentId = null;
        if (req.headers['user-agent'] !== 'bench-baseline') {
          documentId = JSON.parse(Buffer.concat(chunks).toString('utf8')).data?.document_id ?? null;
          if (documentId && !this.byDocument.has(documentId)) this.byDocument.set(documentId, at);
        }
        this.arrivals.push({ id, documentId, at });
      });
    });
    await new Promise((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${this.server.address().port}/hook`;
    return this;
  }
  async waitFor(predicate, ms, what) {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`receiver: ${what} not reached in ${ms} ms`);
      await sleep(5);
    }
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(r));
  }
}

function baseline(url, n) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL(import.meta.url), { workerData: { url, n, concurrency: CONCURRENCY } });
    w.once('message', (m) => resolve(n / (m.ms / 1000)));
    w.once('error', reject);
  });
}

function notAStatementPdf() {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text('A note, not a statement');
    doc.end();
  });
}

/** N outbox events for the tenant in one transaction; every arrival first to last, and commit to arrival. */
async function throughput(db, receiver, tenantId, n) {
  const mark = receiver.arrivals.length;
  const body = JSON.parse(sampleBody(tenantId)).data;
  const { rows } = await db.query(
    `WITH ins AS (
       INSERT INTO outbox_events (tenant_id, event_type, data)
       SELECT $1, 'document.completed', jsonb_set($2::jsonb, '{document_id}', to_jsonb(gen_random_uuid()::text)) FROM generate_series(1, $3)
       RETURNING 1)
     SELECT count(*)::int AS n, (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS committed FROM ins`,
    [tenantId, JSON.stringify(body), n],
  );
  const committed = rows[0].committed;
  await receiver.waitFor(() => new Set(receiver.arrivals.slice(mark).map((a) => a.id)).size >= n, 300_000, `${n} deliveries`);
  await sleep(1000);
  const got = receiver.arrivals.slice(mark);
  const distinct = new Set(got.map((a) => a.id)).size;
  const first = Math.min(...got.map((a) => a.at));
  const last = Math.max(...got.map((a) => a.at));
  const latencies = got.map((a) => a.at - committed);
  const { rows: made } = await db.query(
    `SELECT (extract(epoch FROM max(created_at)) * 1000)::float8 AS last FROM webhook_deliveries WHERE created_at >= to_timestamp($1::float8 / 1000)`,
    [committed],
  );
  return {
    dispatchedSeconds: (made[0].last - committed) / 1000,
    perSecond: (distinct - 1) / ((last - first) / 1000),
    endToEndSeconds: (last - committed) / 1000,
    p50: Math.round(pct(latencies, 50)),
    p99: Math.round(pct(latencies, 99)),
    duplicates: got.length - distinct,
  };
}

/** Completes documents (`inFlight` at a time) and measures process finished_at → first delivery arrival. */
async function completionLatency(base, token, db, receiver, pdf, docs, inFlight) {
  const documentIds = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < docs) {
        next++;
        const form = new FormData();
        form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'note.pdf');
        const up = await (await fetch(`${base}/api/v1/nexus/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
        if (!up.result) throw new Error(`upload failed: ${JSON.stringify(up)}`);
        await postJson(`${base}/api/v2/nexus/pipeline/process`, { job_id: up.result.job_id }, { authorization: `Bearer ${token}` });
        documentIds.push(up.result.doc_id);
        await receiver.waitFor(() => receiver.byDocument.has(up.result.doc_id), 60_000, `delivery for ${up.result.doc_id}`);
      }
    }),
  );
  const { rows } = await db.query(
    `SELECT document_id, (extract(epoch FROM finished_at) * 1000)::float8 AS finished, status FROM pipeline_processes WHERE document_id = ANY($1::uuid[])`,
    [documentIds],
  );
  if (rows.some((r) => r.status !== 'completed')) throw new Error('a document did not complete');
  const latencies = rows.map((r) => receiver.byDocument.get(r.document_id) - r.finished);
  return { n: latencies.length, p50: Math.round(pct(latencies, 50)), p99: Math.round(pct(latencies, 99)), max: Math.round(Math.max(...latencies)) };
}

async function main() {
  const receiver = await new Receiver().start();
  const pdf = await notAStatementPdf();
  const storage = mkdtempSync(join(tmpdir(), 'foliodesk-bench-webhooks-'));
  const rows = [];
  const notes = [];
  const baselines = [];
  for (const layout of (process.env.BENCH_LAYOUTS ?? 'all-in-one,api + 2 workers').split(',').map((l) => l.trim())) {
    const dbUrl = 'postgres://postgres@127.0.0.1:5432/foliodesk_bench_webhooks';
    await dropDatabase(dbUrl);
    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL: 'redis://127.0.0.1:6379/11',
      QUEUE_PREFIX: `benchwh${Date.now()}`,
      STORAGE_DIR: storage,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
    };
    const api = await startService({ ...env, ROLE: layout === 'all-in-one' ? 'all' : 'api' });
    const workers = layout === 'all-in-one' ? [] : [await startService({ ...env, ROLE: 'worker' }), await startService({ ...env, ROLE: 'worker' })];
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const reg = await postJson(`${api.base}/api/v1/auth/register`, { email: `bench${Date.now()}@example.in`, password: PASSWORD, full_name: 'Bench' });
      const token = reg.result.access_token;
      const tenantId = reg.result.user.tenant_id;
      const sub = await postJson(
        `${api.base}/api/v1/webhooks/subscribe`,
        { url: receiver.url, events: ['document.completed', 'document.failed'], secret: SECRET },
        { authorization: `Bearer ${token}` },
      );
      if (!sub.result) throw new Error(`subscribe failed: ${JSON.stringify(sub)}`);
      await throughput(db, receiver, tenantId, 50); // warm-up
      const base = await baseline(receiver.url, EVENTS);
      baselines.push(base);
      const t = await throughput(db, receiver, tenantId, EVENTS);
      const alone = await completionLatency(api.base, token, db, receiver, pdf, DOCS, 1);
      const loaded = await completionLatency(api.base, token, db, receiver, pdf, DOCS, 4);
      rows.push(`| ${layout} | raw signed POSTs, plain Node loop, ${CONCURRENCY} in flight (baseline) | ${Math.round(base)}/s | | | |`);
      rows.push(
        `| ${layout} | ${EVENTS} outbox events → deliveries, first to last arrival | ${Math.round(t.perSecond)}/s | ${t.p50} ms | ${t.p99} ms | ${Math.round((t.perSecond / base) * 100)}% of baseline; commit → last delivery row ${t.dispatchedSeconds.toFixed(1)} s, → last arrival ${t.endToEndSeconds.toFixed(1)} s; ${t.duplicates} duplicates |`,
      );
      rows.push(`| ${layout} | document completed → first delivery arrives, ${alone.n} documents one at a time | | ${alone.p50} ms | ${alone.p99} ms | max ${alone.max} ms |`);
      rows.push(`| ${layout} | document completed → first delivery arrives, ${loaded.n} documents, 4 in flight | | ${loaded.p50} ms | ${loaded.p99} ms | max ${loaded.max} ms |`);
      const [{ n: attempts }] = (await db.query(`SELECT count(*)::int AS n FROM webhook_attempts WHERE NOT success`)).rows;
      if (attempts) notes.push(`WARNING (${layout}): ${attempts} failed attempts`);
    } finally {
      await db.end();
      for (const w of workers) await w.stop();
      await api.stop();
      await dropDatabase(dbUrl);
    }
  }
  await receiver.stop();
  console.log(`cores: ${availableParallelism()}; receiver answers 204 at once on 127.0.0.1; WEBHOOK_DISPATCH_INTERVAL_MS default (250)`);
  console.log('latency rows: p50/p99 of (arrival − process finished_at); throughput row: p50/p99 of (arrival − outbox commit)');
  console.log('| processes | measurement | throughput | p50 | p99 | note |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  for (const n of notes) console.log(n);
  process.exit(0);
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
