/**
 * Pipeline throughput and latency: documents per minute and upload-to-completed latency (p50/p95)
 * for 10- and 50-page statements, next to `pdftotext -layout` on the same files (the baseline), and
 * ROLE=api + two ROLE=worker processes against one all-in-one process.
 * Run: `npm run bench:pipeline` (PostgreSQL and Redis on localhost; poppler-utils for the baseline).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateStatement } from '../test/fixtures/generator/index.js';
// @ts-expect-error plain JavaScript helpers shared with the other benchmarks
import { dropDatabase, postJson, startService } from '../../bench/lib.mjs';

const PASSWORD = 'Bench-Passw0rd!';
const DOCS = Number(process.env.BENCH_DOCS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const LATENCY_DOCS = Number(process.env.BENCH_LATENCY_DOCS ?? 8);

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function processOne(base: string, token: string, pdf: Buffer): Promise<number> {
  const started = Date.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'CAS.pdf');
  const response = await fetch(`${base}/api/v1/nexus/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const upload = (await response.json()) as { result: { job_id: string } | null };
  if (!upload.result) throw new Error(`upload failed: ${response.status} ${JSON.stringify(upload)}`);
  const start = (await postJson(`${base}/api/v2/nexus/pipeline/process`, { job_id: upload.result.job_id }, { authorization: `Bearer ${token}` })) as { process_id: string };
  for (;;) {
    const progress = (await (await fetch(`${base}/api/v2/nexus/status/process/${start.process_id}/progress`, { headers: { authorization: `Bearer ${token}` } })).json()) as { status: string };
    if (progress.status === 'completed') return Date.now() - started;
    if (progress.status === 'failed') throw new Error(`process failed: ${JSON.stringify(progress)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function run(base: string, token: string, pdf: Buffer, docs: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < docs) {
        next++;
        latencies.push(await processOne(base, token, pdf));
      }
    }),
  );
  const minutes = (Date.now() - started) / 60_000;
  return { perMinute: Math.round(docs / minutes), p50: pct(latencies, 50), p95: pct(latencies, 95) };
}

function pdftotextMs(path: string): number | null {
  try {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 5; i++) execFileSync('pdftotext', ['-layout', path, '/dev/null']);
    return Number(process.hrtime.bigint() - t0) / 5e6;
  } catch {
    return null;
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'foliodesk-bench-'));
  const files = [];
  for (const pages of [10, 50]) {
    const s = await generateStatement('cams_detailed', { seed: pages, pages });
    const path = join(dir, `cas-${pages}.pdf`);
    writeFileSync(path, s.pdf);
    files.push({ pages, pdf: s.pdf, path });
  }
  const rows: string[] = [];
  for (const layout of ['all-in-one', 'api + 2 workers'] as const) {
    const db = `postgres://postgres@127.0.0.1:5432/foliodesk_bench_pipeline`;
    await dropDatabase(db);
    const env = { DATABASE_URL: db, REDIS_URL: 'redis://127.0.0.1:6379/12', QUEUE_PREFIX: `bench${Date.now()}`, STORAGE_DIR: join(dir, 'storage') };
    const api = await startService({ ...env, ROLE: layout === 'all-in-one' ? 'all' : 'api' });
    const workers = layout === 'all-in-one' ? [] : [await startService({ ...env, ROLE: 'worker' }), await startService({ ...env, ROLE: 'worker' })];
    try {
      const reg = (await postJson(`${api.base}/api/v1/auth/register`, { email: `bench${Date.now()}@example.in`, password: PASSWORD, full_name: 'Bench' })) as {
        result: { access_token: string };
      };
      for (const f of files) {
        await processOne(api.base, reg.result.access_token, f.pdf); // warm-up
        const alone = await run(api.base, reg.result.access_token, f.pdf, LATENCY_DOCS, 1);
        const loaded = await run(api.base, reg.result.access_token, f.pdf, DOCS, CONCURRENCY);
        const baseline = pdftotextMs(f.path);
        rows.push(
          `| ${layout} | ${f.pages} | ${alone.p50} ms | ${alone.p95} ms | ${loaded.perMinute} | ${loaded.p50} ms | ${baseline === null ? 'n/a' : `${baseline.toFixed(0)} ms`} |`,
        );
      }
    } finally {
      for (const w of workers) await w.stop();
      await api.stop();
    }
  }
  console.log(`latency: ${LATENCY_DOCS} documents one at a time; throughput: ${DOCS} documents, ${CONCURRENCY} in flight`);
  console.log('| processes | pages | p50 upload→completed (alone) | p95 (alone) | documents/min (loaded) | p50 (loaded) | pdftotext -layout (baseline, same file) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
