/**
 * Pipeline throughput and latency: documents per minute and upload-to-completed latency (p50/p95)
 * for 10- and 50-page statements, next to `pdftotext -layout` on the same files, and ROLE=api + two
 * ROLE=worker processes against one all-in-one process. Each figure is the median over BENCH_ROUNDS
 * rounds (3). With BENCH_BASELINE (the directory of another checkout with `dist/` built), that
 * build's service is started the same way on a database of its own and measured on the same files
 * in the same rounds, the two builds taking turns file by file, with a this/baseline ratio per figure.
 * BENCH_STORES (default `fs,s3` without a baseline, `fs` with one) runs each build once per document
 * store, side by side in the same rounds: `fs` (one STORAGE_DIR shared by the build's processes) and
 * `s3` (each process its own empty STORAGE_DIR, the documents in a bucket of s3rver, the S3-compatible
 * server on npm, started here on loopback as its own process: it stands in for the cloud store, so the
 * figures show the driver's cost with no network between, not a cloud store's latency).
 * Run: `npm run bench:pipeline` (PostgreSQL and Redis on localhost; poppler-utils for pdftotext).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateStatement } from '../test/fixtures/generator/index.js';
// @ts-expect-error plain JavaScript helpers shared with the other benchmarks
import { cpuMeter, dropDatabase, freePort, postJson, ROOT, startService } from '../../bench/lib.mjs';

const PASSWORD = 'Bench-Passw0rd!';
const DOCS = Number(process.env.BENCH_DOCS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const LATENCY_DOCS = Number(process.env.BENCH_LATENCY_DOCS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk_bench_pipeline';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const LAYOUTS = (['all-in-one', 'api + 2 workers'] as const).filter((l) => !process.env.BENCH_LAYOUTS || process.env.BENCH_LAYOUTS.split(',').includes(l === 'all-in-one' ? 'all' : 'workers'));
const PAGES = (process.env.BENCH_PAGES ?? '10,50').split(',').map(Number);
type Store = 'fs' | 's3';
const STORES = (process.env.BENCH_STORES ?? (BASELINE ? 'fs' : 'fs,s3')).split(',') as Store[];
const BUCKET = 'foliodesk-bench';

interface Service {
  base: string;
  child: { pid: number };
  stop(): Promise<void>;
}
interface Build {
  name: string;
  /** `this` or `baseline`: which checkout. */
  role: 'this' | 'baseline';
  store: Store;
  /** Names its queues, storage and user apart from the other build's. */
  tag: string;
  main: string;
  db: string;
}
interface Running {
  base: string;
  token: string;
  /** The build's processes by name, for their CPU time. */
  pids: Record<string, number>;
}
interface StatementFile {
  pages: number;
  holdings: number;
  pdf: Buffer;
  path: string;
}
/** One round of one file on one build. */
interface Round {
  aloneP50: number;
  aloneP95: number;
  perMinute: number;
  loadedP50: number;
  /** CPU (user + system, all threads) per document in the loaded run, ms: the build's processes, and all of PostgreSQL. */
  cpuService: number;
  cpuPostgres: number;
  /** Each stage's duration_ms (as the service records it), the median over the documents run alone. */
  stages: Record<string, number>;
}
interface Processed {
  ms: number;
  docId: string;
  stages: Record<string, number>;
}
const FIGURES: Array<[Exclude<keyof Round, 'stages'>, string]> = [
  ['aloneP50', 'p50 upload→completed (alone), ms'],
  ['aloneP95', 'p95 (alone), ms'],
  ['perMinute', 'documents/min (loaded)'],
  ['loadedP50', 'p50 (loaded), ms'],
  ['cpuService', "CPU per document (loaded), the build's processes, ms"],
  ['cpuPostgres', 'CPU per document (loaded), PostgreSQL (shared machine), ms'],
];

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Upload, start, poll every 25 ms until completed; answers the milliseconds, the document id and the stages' durations. */
async function processOne(base: string, token: string, pdf: Buffer): Promise<Processed> {
  const started = Date.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'CAS.pdf');
  const response = await fetch(`${base}/api/v1/nexus/upload`, { method: 'POST', headers: auth(token), body: form });
  const upload = (await response.json()) as { result: { job_id: string; doc_id: string } | null };
  if (!upload.result) throw new Error(`upload failed: ${response.status} ${JSON.stringify(upload)}`);
  const start = (await postJson(`${base}/api/v2/nexus/pipeline/process`, { job_id: upload.result.job_id }, auth(token))) as { process_id: string };
  for (;;) {
    const progress = (await (await fetch(`${base}/api/v2/nexus/status/process/${start.process_id}/progress`, { headers: auth(token) })).json()) as {
      status: string;
      stages: Array<{ name: string; duration_ms: number | null }>;
    };
    if (progress.status === 'completed') {
      const stages = Object.fromEntries(progress.stages.map((s) => [s.name, s.duration_ms ?? 0]));
      return { ms: Date.now() - started, docId: upload.result.doc_id, stages };
    }
    if (progress.status === 'failed') throw new Error(`process failed: ${JSON.stringify(progress)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function run(base: string, token: string, pdf: Buffer, docs: number, concurrency: number) {
  const done: Processed[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < docs) {
        next++;
        done.push(await processOne(base, token, pdf));
      }
    }),
  );
  const minutes = (Date.now() - started) / 60_000;
  const latencies = done.map((d) => d.ms);
  const stages = Object.fromEntries(Object.keys(done[0].stages).map((name) => [name, median(done.map((d) => d.stages[name]))]));
  return { perMinute: Math.round(docs / minutes), p50: pct(latencies, 50), p95: pct(latencies, 95), stages };
}

/** The warm-up document, checked: the build read every holding of the statement. */
async function warmUp(build: Build, base: string, token: string, file: StatementFile): Promise<void> {
  const { docId } = await processOne(base, token, file.pdf);
  const res = await fetch(`${base}/api/v1/nexus/documents/${docId}/extraction`, { headers: auth(token) });
  const body = (await res.json()) as { result: { entities: Array<{ holdings: unknown[] }> } };
  const found = body.result.entities.reduce((n, e) => n + e.holdings.length, 0);
  if (found !== file.holdings) throw new Error(`${build.name}: ${found} of ${file.holdings} holdings read from the ${file.pages}-page statement`);
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

/**
 * The services of one build in one layout (added to `started` as they start), on its own database,
 * queue prefix and storage; answers the API's address and a registered user's token.
 */
async function startBuild(build: Build, layout: string, dir: string, started: Service[], s3Endpoint: string | null): Promise<Running> {
  await dropDatabase(build.db);
  const run = `bench${build.tag}${Date.now()}`;
  const env: Record<string, string> = { DATABASE_URL: build.db, REDIS_URL, QUEUE_PREFIX: run, STORAGE_DIR: join(dir, `storage-${build.tag}`) };
  if (build.store === 's3') {
    Object.assign(env, { STORAGE_DRIVER: 's3', S3_BUCKET: BUCKET, S3_PREFIX: run, S3_ENDPOINT: s3Endpoint!, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  }
  let processes = 0;
  const start = async (role: string): Promise<Service> => {
    // On s3 every process has a scratch directory of its own, as on separate hosts; on fs they share the store.
    const storageDir = build.store === 's3' ? join(dir, `storage-${build.tag}-${processes++}`) : env.STORAGE_DIR;
    const service = (await startService({ ...env, STORAGE_DIR: storageDir, ROLE: role }, build.main)) as Service;
    started.push(service);
    return service;
  };
  const api = await start(layout === 'all-in-one' ? 'all' : 'api');
  const pids: Record<string, number> = { api: api.child.pid };
  if (layout !== 'all-in-one') for (let i = 0; i < 2; i++) pids[`worker${i}`] = (await start('worker')).child.pid;
  const reg = (await postJson(`${api.base}/api/v1/auth/register`, { email: `bench${build.tag}${Date.now()}@example.in`, password: PASSWORD, full_name: 'Bench' })) as {
    result: { access_token: string };
  };
  return { base: api.base, token: reg.result.access_token, pids };
}

/** s3rver in a process of its own on loopback, with the bench's bucket; answers its endpoint and a stop. */
async function startS3(dir: string): Promise<{ endpoint: string; pid: number; stop(): Promise<void> }> {
  const port = (await freePort()) as number;
  const data = join(dir, 's3rver');
  mkdirSync(data);
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/s3rver/bin/s3rver.js'), '-d', data, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', BUCKET], { stdio: ['ignore', 'ignore', 'inherit'] });
  const endpoint = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${endpoint}/${BUCKET}`).catch(() => null))?.ok) break;
    if (i > 200) throw new Error('s3rver did not answer');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { endpoint, pid: child.pid!, stop: () => new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }) };
}

async function main() {
  const checkouts = [
    { name: 'this build', role: 'this' as const, tag: 'this', main: join(ROOT, 'dist/src/main.js'), db: DB_URL },
    ...(BASELINE ? [{ name: 'baseline', role: 'baseline' as const, tag: 'base', main: join(BASELINE, 'dist/src/main.js'), db: `${DB_URL}_baseline` }] : []),
  ];
  const builds: Build[] = checkouts.flatMap((c) =>
    STORES.map((store) => ({ ...c, store, name: STORES.length > 1 ? `${c.name}, ${store}` : c.name, tag: `${c.tag}${store}`, db: store === 'fs' ? c.db : `${c.db}_s3` })),
  );
  const load0 = loadavg()[0];
  const dir = mkdtempSync(join(tmpdir(), 'foliodesk-bench-'));
  const s3 = STORES.includes('s3') ? await startS3(dir) : null;
  try {
    await measure(builds, dir, s3?.endpoint ?? null, load0);
  } finally {
    await s3?.stop();
  }
  process.exit(0);
}

async function measure(builds: Build[], dir: string, s3Endpoint: string | null, load0: number) {
  const files: StatementFile[] = [];
  for (const pages of PAGES) {
    const s = await generateStatement('cams_detailed', { seed: pages, pages });
    const path = join(dir, `cas-${pages}.pdf`);
    writeFileSync(path, s.pdf);
    files.push({ pages, holdings: s.model.holdings.length, pdf: s.pdf, path });
  }
  // One Round per round, by layout, pages and build.
  const results = new Map<string, Round[]>();
  const key = (layout: string, pages: number, build: Build) => `${layout}|${pages}|${build.name}`;
  for (const layout of LAYOUTS) {
    const running = new Map<Build, Running>();
    const started: Service[] = [];
    try {
      for (const build of builds) running.set(build, await startBuild(build, layout, dir, started, s3Endpoint));
      for (const f of files) for (const build of builds) await warmUp(build, running.get(build)!.base, running.get(build)!.token, f);
      for (let round = 0; round < ROUNDS; round++) {
        for (const f of files) {
          // The builds (and stores) take turns file by file, alternating which goes first, so a busy spell of the machine hits each.
          for (const build of round % 2 ? [...builds].reverse() : builds) {
            const { base, token, pids } = running.get(build)!;
            const alone = await run(base, token, f.pdf, LATENCY_DOCS, 1);
            const meter = cpuMeter(pids);
            const loaded = await run(base, token, f.pdf, DOCS, CONCURRENCY);
            const cpu = meter.stop(DOCS) as Record<string, number>;
            const cpuService = Math.round(Object.keys(pids).reduce((sum, name) => sum + cpu[name], 0) / 1000);
            const k = key(layout, f.pages, build);
            results.set(k, [...(results.get(k) ?? []), { aloneP50: alone.p50, aloneP95: alone.p95, perMinute: loaded.perMinute, loadedP50: loaded.p50, cpuService, cpuPostgres: Math.round(cpu.postgres / 1000), stages: alone.stages }]);
          }
          console.error(`${layout}, round ${round + 1}/${ROUNDS}: ${f.pages} pages done`);
        }
      }
    } finally {
      for (const s of started.reverse()) await s.stop();
      for (const build of builds) await dropDatabase(build.db);
    }
  }

  const fig = (runs: Round[], f: Exclude<keyof Round, 'stages'>) => median(runs.map((r) => r[f]));
  console.log(
    `${availableParallelism()} cores, Node ${process.version}, load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}; cams_detailed statements; ` +
      `latency: ${LATENCY_DOCS} documents one at a time; throughput: ${DOCS} documents, ${CONCURRENCY} in flight; each figure the median of ${ROUNDS} rounds`,
  );
  const pdftotext = files.map((f) => `${f.pages} pages ${pdftotextMs(f.path)?.toFixed(0) ?? 'n/a'} ms`).join(', ');
  const of = (role: Build['role'], store: Store) => builds.find((b) => b.role === role && b.store === store)!;
  if (!BASELINE) {
    console.log('| processes | store | pages | p50 upload→completed (alone) | p95 (alone) | documents/min (loaded) | p50 (loaded) | documents/min, each round |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const layout of LAYOUTS) {
      for (const f of files) {
        for (const store of STORES) {
          const runs = results.get(key(layout, f.pages, of('this', store)))!;
          console.log(
            `| ${layout} | ${store} | ${f.pages} | ${fig(runs, 'aloneP50')} ms | ${fig(runs, 'aloneP95')} ms | ${fig(runs, 'perMinute')} | ${fig(runs, 'loadedP50')} ms | ${runs.map((r) => r.perMinute).join(' / ')} |`,
          );
        }
      }
    }
    if (STORES.includes('fs') && STORES.includes('s3')) {
      console.log('\ns3 against fs, same build, same rounds (ratio s3 / fs: above 1 is slower for the times, below 1 is fewer documents a minute)');
      console.log('| processes | pages | figure | fs | s3 | s3 / fs | each round (fs; s3) |');
      console.log('|---|---|---|---|---|---|---|');
      for (const layout of LAYOUTS) {
        for (const f of files) {
          const [fsRuns, s3Runs] = (['fs', 's3'] as const).map((store) => results.get(key(layout, f.pages, of('this', store)))!);
          for (const [field, label] of FIGURES) {
            const [a, b] = [fig(fsRuns, field), fig(s3Runs, field)];
            const each = (runs: Round[]) => runs.map((r) => r[field]).join(' / ');
            console.log(`| ${layout} | ${f.pages} | ${label} | ${a} | ${b} | **${(b / a).toFixed(2)}** | ${each(fsRuns)}; ${each(s3Runs)} |`);
          }
        }
      }
    }
  } else {
    console.log(`baseline: ${BASELINE}; ratio = this build / baseline (below 1 is faster for the times, above 1 is more documents a minute)`);
    console.log('| processes | store | pages | figure | this build | baseline | this / baseline | each round (this; baseline) |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const layout of LAYOUTS) {
      for (const f of files) {
        for (const store of STORES) {
          const [own, base] = (['this', 'baseline'] as const).map((role) => results.get(key(layout, f.pages, of(role, store)))!);
          for (const [field, label] of FIGURES) {
            const [a, b] = [fig(own, field), fig(base, field)];
            const each = (runs: Round[]) => runs.map((r) => r[field]).join(' / ');
            console.log(`| ${layout} | ${store} | ${f.pages} | ${label} | ${a} | ${b} | **${(a / b).toFixed(2)}** | ${each(own)}; ${each(base)} |`);
          }
        }
      }
    }
  }
  console.log(`pdftotext -layout on the same files: ${pdftotext}`);
  // Where a document's time goes, as each build records it: the median over rounds of each stage's median alone.
  console.log(`\nStage durations (duration_ms), documents alone, ms: ${builds.map((b) => b.name).join(' / ')}`);
  const names = Object.keys(results.values().next().value![0].stages);
  console.log(`| processes | pages | ${names.join(' | ')} |\n|---|---|${names.map(() => '---|').join('')}`);
  for (const layout of LAYOUTS) {
    for (const f of files) {
      const cells = names.map((n) => builds.map((b) => median(results.get(key(layout, f.pages, b))!.map((r) => r.stages[n] ?? 0)).toFixed(0)).join(' / '));
      console.log(`| ${layout} | ${f.pages} | ${cells.join(' | ')} |`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
