/**
 * A client's portfolio over 20 statements: p50/p99 and requests per second of
 * GET /api/v1/clients/{id}/portfolio and GET /api/v1/clients/{id}/transactions, next to
 * GET /api/v1/clients/{id} (one row read, the same guard and envelope) measured in the same rounds.
 *
 * The 20 statements are five years of one investor's folios (a CAMS detailed model) cut into
 * quarters that overlap their neighbours by a month, alternately CAMS and KFintech detailed, run
 * through the pipeline and linked to the client by PAN; the portfolio consolidates all of them on
 * every request (merged history, gaps, statuses, XIRR).
 *
 * Run: `npm run bench:portfolio` (PostgreSQL and Redis on localhost). BENCH_SECONDS (10),
 * BENCH_CONNECTIONS (1: latency of one caller), BENCH_ROUNDS (2), BENCH_STATEMENTS (20).
 */
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildModel, cutToPeriod, remodel, renderModel, type Holding, type StatementFamily } from '../test/fixtures/generator/index.js';
// @ts-expect-error plain JavaScript helpers shared with the other benchmarks
import { dropDatabase, load, postJson, startService } from '../../bench/lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 20);
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk_bench_portfolio';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/6';
const PASSWORD = 'Bench-Passw0rd!';

interface Service {
  base: string;
  stop(): Promise<void>;
}

const addMonths = (iso: string, months: number): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};
const dayBefore = (iso: string): string => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** STATEMENTS quarterly statements of one investor, each overlapping the previous by a month. */
async function statements(): Promise<{ pan: string; pdfs: Array<{ name: string; pdf: Buffer }> }> {
  const from = '2020-04-01';
  const to = dayBefore(addMonths(from, 3 * STATEMENTS));
  const year = buildModel('cams_detailed', { seed: 21, period: { from, to }, folios: 5, amcs: 3, transactionsPerScheme: 4 * STATEMENTS, quirks: { stampDuty: false } });
  const pdfs: Array<{ name: string; pdf: Buffer }> = [];
  for (let k = 0; k < STATEMENTS; k++) {
    const period = { from: k === 0 ? from : addMonths(from, 3 * k - 1), to: dayBefore(addMonths(from, 3 * (k + 1))) };
    const family: StatementFamily = k % 2 ? 'kfintech_detailed' : 'cams_detailed';
    const holdings = year.holdings.map((h) => cutToPeriod(h, period)).filter((h): h is Holding => h !== null);
    pdfs.push({ name: `${family}_${period.to}.pdf`, pdf: await renderModel(remodel(year, { family, period, holdings })) });
  }
  return { pan: year.investors[0].pan, pdfs };
}

async function seed(base: string, token: string, pdfs: Array<{ name: string; pdf: Buffer }>) {
  const auth = { authorization: `Bearer ${token}` };
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < pdfs.length) {
        const { name, pdf } = pdfs[next++];
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
        const up = (await (await fetch(`${base}/api/v1/nexus/upload`, { method: 'POST', headers: auth, body: form })).json()) as { result: { job_id: string } };
        const start = (await postJson(`${base}/api/v2/nexus/pipeline/process`, { job_id: up.result.job_id }, auth)) as { process_id: string };
        for (;;) {
          const progress = (await (await fetch(`${base}/api/v2/nexus/status/process/${start.process_id}/progress`, { headers: auth })).json()) as { status: string };
          if (progress.status === 'completed') break;
          if (progress.status === 'failed') throw new Error(`pipeline failed: ${JSON.stringify(progress)}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }),
  );
}

async function main() {
  const load0 = loadavg()[0];
  await dropDatabase(DB_URL);
  const env = {
    DATABASE_URL: DB_URL,
    REDIS_URL,
    QUEUE_PREFIX: `benchportfolio${Date.now()}`,
    STORAGE_DIR: join(mkdtempSync(join(tmpdir(), 'foliodesk-portfolio-')), 'storage'),
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
    APP_ENCRYPTION_KEY: 'bench-encryption-key-0123456789abcdef012345',
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
  };
  const { pan, pdfs } = await statements();
  const seeder = (await startService({ ...env, ROLE: 'all' })) as Service;
  let token: string;
  let clientId: string;
  try {
    const reg = (await postJson(`${seeder.base}/api/v1/auth/register`, { email: `bench.${Date.now()}@example.in`, password: PASSWORD, full_name: 'Bench Analyst' })) as { result: { access_token: string } };
    token = reg.result.access_token;
    const client = (await postJson(`${seeder.base}/api/v1/clients`, { name: 'Bench Client', pan }, { authorization: `Bearer ${token}` })) as { result: { client_id: string } };
    clientId = client.result.client_id;
    const t0 = Date.now();
    await seed(seeder.base, token, pdfs);
    console.error(`seeded ${pdfs.length} statements in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await seeder.stop();
  }

  const api = (await startService({ ...env, ROLE: 'api' })) as Service;
  try {
    const headers = { authorization: `Bearer ${token}` };
    const answer = (await (await fetch(`${api.base}/api/v1/clients/${clientId}/portfolio`, { headers })).json()) as { result: { documents: unknown[]; positions: Array<{ history: { transactions: number } }> } };
    const rows = answer.result.positions.reduce((n, p) => n + p.history.transactions, 0);
    if (answer.result.documents.length !== pdfs.length) throw new Error(`the portfolio counts ${answer.result.documents.length} of ${pdfs.length} statements`);
    console.error(`portfolio: ${answer.result.positions.length} positions, ${rows} merged transactions from ${pdfs.length} statements`);
    const targets = {
      'GET /clients/{id} (baseline)': `/api/v1/clients/${clientId}`,
      'GET /clients/{id}/portfolio': `/api/v1/clients/${clientId}/portfolio`,
      'GET /clients/{id}/transactions': `/api/v1/clients/${clientId}/transactions?limit=100`,
    };
    const results: Record<string, Array<{ rps: number; p50: number; p99: number; non2xx: number }>> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, path] of Object.entries(targets)) {
        await load({ url: `${api.base}${path}`, headers, duration: 2, connections: CONNECTIONS });
        const r = await load({ url: `${api.base}${path}`, headers, duration: SECONDS, connections: CONNECTIONS });
        (results[name] ??= []).push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const base = results['GET /clients/{id} (baseline)'];
    console.log(`${availableParallelism()} cores, Node ${process.version}, load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}; ${CONNECTIONS} connection(s), ${SECONDS} s × ${ROUNDS} rounds; medians over the rounds\n`);
    console.log('| request | req/s | p50 ms | p99 ms | p50 vs baseline | non-2xx |\n|---|---|---|---|---|---|');
    for (const [name, runs] of Object.entries(results)) {
      const p50 = median(runs.map((r) => r.p50));
      console.log(`| ${name} | ${median(runs.map((r) => r.rps)).toFixed(0)} | ${p50} | ${median(runs.map((r) => r.p99))} | ${(p50 / Math.max(1, median(base.map((r) => r.p50)))).toFixed(2)}× | ${runs.reduce((n, r) => n + r.non2xx, 0)} |`);
    }
    const p50 = median(results['GET /clients/{id}/portfolio'].map((r) => r.p50));
    console.log(`\nportfolio over ${pdfs.length} statements: p50 ${p50} ms (target < 50 ms: ${p50 < 50 ? 'met' : 'missed'})`);
  } finally {
    await api.stop();
    await dropDatabase(DB_URL);
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
