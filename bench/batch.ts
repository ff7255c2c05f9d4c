/**
 * Batch uploads against single uploads, and what a batch costs another tenant. One all-in-one
 * service; the same BENCH_BATCH_FILES statements (200) are processed three ways, in this order:
 *   1. single uploads by tenant A, BENCH_CONCURRENCY (4) at a time: documents/min (the baseline);
 *   2. one batch by tenant A with the admission cap (BATCH_ADMISSION_PER_TENANT, default 8);
 *   3. one batch by tenant A with the cap lifted (10000: every document enters Bull at once),
 * and for each, tenant B's single upload → completed latency, one at a time, while A's work runs, next
 * to B's latency alone. Each batch is timed from its POST until GET …/batch/{id} says done.
 * Then, with the cap and without, a batch of BENCH_LONG_FILES (24) 50-page detailed statements
 * (BENCH_LONG_PAGES) by tenant A, with tenant B's short uploads meanwhile: where each stage job takes
 * long, what the cap keeps from another tenant. `BENCH_ONLY=long` runs only that part.
 * Run: `npm run bench:batch` (PostgreSQL and Redis on localhost; BENCH_DATABASE_URL, BENCH_REDIS_URL).
 */
import { availableParallelism, loadavg } from 'node:os';
import { generateStatement } from '../test/fixtures/generator/index.js';
// @ts-expect-error plain JavaScript helpers shared with the other benchmarks
import { dropDatabase, postJson, startService } from '../../bench/lib.mjs';

const FILES = Number(process.env.BENCH_BATCH_FILES ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const CAP = Number(process.env.BENCH_ADMISSION ?? 8);
const LONG_FILES = Number(process.env.BENCH_LONG_FILES ?? 24);
const LONG_PAGES = Number(process.env.BENCH_LONG_PAGES ?? 50);
const ONLY = process.env.BENCH_ONLY ?? 'all';
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk_bench_batch';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const PASSWORD = 'Bench-Passw0rd!';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

async function register(base: string, label: string): Promise<string> {
  const body = (await postJson(`${base}/api/v1/auth/register`, { email: `${label}.${Date.now()}@bench.example`, password: PASSWORD, full_name: label })) as { result: { access_token: string } };
  return body.result.access_token;
}

/** Upload, start, poll until completed: the milliseconds. */
async function single(base: string, token: string, pdf: Buffer): Promise<number> {
  const started = Date.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'CAS.pdf');
  const upload = (await (await fetch(`${base}/api/v1/nexus/upload`, { method: 'POST', headers: auth(token), body: form })).json()) as { result: { job_id: string } };
  const start = (await postJson(`${base}/api/v2/nexus/pipeline/process`, { job_id: upload.result.job_id }, auth(token))) as { process_id: string };
  for (;;) {
    const progress = (await (await fetch(`${base}/api/v2/nexus/status/process/${start.process_id}/progress`, { headers: auth(token) })).json()) as { status: string };
    if (progress.status === 'completed') return Date.now() - started;
    if (progress.status === 'failed') throw new Error(`process failed: ${JSON.stringify(progress)}`);
    await sleep(25);
  }
}

/** Tenant B's single uploads, one after another, until `stop` resolves: their latencies. */
async function probe(base: string, token: string, pdf: Buffer, stop: Promise<unknown>): Promise<number[]> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const latencies: number[] = [];
  while (!stopped) {
    latencies.push(await single(base, token, pdf));
    await sleep(250);
  }
  return latencies;
}

async function singles(base: string, token: string, pdfs: Buffer[]): Promise<number> {
  let next = 0;
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < pdfs.length) await single(base, token, pdfs[next++]);
  }));
  return (pdfs.length * 60_000) / (Date.now() - started);
}

async function batch(base: string, token: string, pdfs: Buffer[]): Promise<number> {
  const started = Date.now();
  const form = new FormData();
  pdfs.forEach((pdf, i) => form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `s${i}.pdf`));
  const created = (await (await fetch(`${base}/api/v1/nexus/upload/batch`, { method: 'POST', headers: auth(token), body: form })).json()) as { result: { batch_id: string } | null };
  if (!created.result) throw new Error(`batch refused: ${JSON.stringify(created)}`);
  for (;;) {
    const state = (await (await fetch(`${base}/api/v1/nexus/upload/batch/${created.result.batch_id}`, { headers: auth(token) })).json()) as { result: { done: boolean; counts: Record<string, number> } };
    if (state.result.done) {
      if (state.result.counts.completed !== pdfs.length) throw new Error(`batch ended with ${JSON.stringify(state.result.counts)}`);
      return (pdfs.length * 60_000) / (Date.now() - started);
    }
    await sleep(250);
  }
}

/** One service with the admission cap `cap` for the duration of `work`. */
async function withService<T>(cap: number, work: (base: string) => Promise<T>): Promise<T> {
  await dropDatabase(DB_URL);
  const service = await startService({
    DATABASE_URL: DB_URL,
    REDIS_URL,
    QUEUE_PREFIX: `benchbatch${cap}`,
    STORAGE_DIR: `/tmp/foliodesk-bench-batch-${cap}`,
    BATCH_ADMISSION_PER_TENANT: String(cap),
    BATCH_MAX_FILES: String(Math.max(FILES, LONG_FILES, 1)),
    QUOTA_UPLOADS_PER_USER_PER_HOUR: '100000',
    QUOTA_UPLOADS_PER_TENANT_PER_HOUR: '100000',
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
  });
  try {
    return await work(service.base);
  } finally {
    await service.stop();
  }
}

/** Tenant B's latency alone (5 uploads after a warm-up by A). */
async function aloneLatencies(base: string, a: string, b: string, pdf: Buffer): Promise<number[]> {
  await single(base, a, pdf); // warm-up
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) alone.push(await single(base, b, pdf));
  return alone;
}

const latencyCells = (alone: number[], during: number[]) => `${pct(alone, 50)} | ${pct(during, 50)} / ${Math.max(...during)} (${during.length})`;

async function main() {
  const probePdf = (await generateStatement('cams_summary', { seed: 8999 })).pdf;
  const rows: string[] = [];
  const longRows: string[] = [];
  const load = [loadavg()[0]];
  if (ONLY !== 'long') {
    const pdfs = await Promise.all(Array.from({ length: FILES }, (_, i) => generateStatement(i % 2 ? 'cams_summary' : 'kfintech_summary', { seed: 9000 + i }).then((s) => s.pdf)));
    let singlesPerMinute = NaN;
    for (const cap of [CAP, 10_000]) {
      await withService(cap, async (base) => {
        const [a, b] = [await register(base, 'tenant-a'), await register(base, 'tenant-b')];
        const alone = await aloneLatencies(base, a, b, probePdf);
        if (cap === CAP) {
          const run = singles(base, a, pdfs);
          const during = await probe(base, b, probePdf, run);
          singlesPerMinute = await run;
          rows.push(`| ${FILES} single uploads, ${CONCURRENCY} at a time | ${singlesPerMinute.toFixed(0)} | 1.00 | ${latencyCells(alone, during)} |`);
        }
        const run = batch(base, a, pdfs);
        const during = await probe(base, b, probePdf, run);
        const perMinute = await run;
        const label = cap === CAP ? `one batch of ${FILES}, admission cap ${cap}` : `one batch of ${FILES}, no cap (${cap})`;
        rows.push(`| ${label} | ${perMinute.toFixed(0)} | ${(perMinute / singlesPerMinute).toFixed(2)} | ${latencyCells(alone, during)} |`);
        load.push(loadavg()[0]);
      });
    }
  }
  if (ONLY === 'all' || ONLY === 'long') {
    const long: Buffer[] = [];
    let pages = 0;
    for (let i = 0; i < LONG_FILES; i++) {
      const s = await generateStatement('cams_detailed', { seed: 7000 + i, pages: LONG_PAGES });
      long.push(s.pdf);
      pages += s.model.page_count;
    }
    for (const cap of [CAP, 10_000]) {
      await withService(cap, async (base) => {
        const [a, b] = [await register(base, 'tenant-a'), await register(base, 'tenant-b')];
        const alone = await aloneLatencies(base, a, b, probePdf);
        const run = batch(base, a, long);
        const during = await probe(base, b, probePdf, run);
        const perMinute = await run;
        const label = cap === CAP ? `one batch of ${LONG_FILES} × ${Math.round(pages / LONG_FILES)} pages, admission cap ${cap}` : `one batch of ${LONG_FILES} × ${Math.round(pages / LONG_FILES)} pages, no cap (${cap})`;
        longRows.push(`| ${label} | ${perMinute.toFixed(1)} | ${latencyCells(alone, during)} |`);
        load.push(loadavg()[0]);
      });
    }
  }
  console.log(`\nall-in-one service, ${availableParallelism()} cores; load average ${load.map((l) => l.toFixed(1)).join(' → ')}`);
  if (rows.length) {
    console.log(`\n${FILES} one- or two-page summary statements\n`);
    console.log('| tenant A submits | documents/min | vs singles | tenant B alone: p50 upload→completed, ms | tenant B meanwhile: p50 / max, ms (uploads) |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  }
  if (longRows.length) {
    console.log(`\n${LONG_FILES} detailed statements of about ${LONG_PAGES} pages; tenant B uploads a one-page summary statement\n`);
    console.log('| tenant A submits | documents/min | tenant B alone: p50 upload→completed, ms | tenant B meanwhile: p50 / max, ms (uploads) |');
    console.log('|---|---|---|---|');
    for (const row of longRows) console.log(row);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
