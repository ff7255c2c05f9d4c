/**
 * Load: requests per second and p50/p99 of the read endpoints, a chat invoke and login, each next to
 * the ceiling of the same machine measured in the same run (a bare NestJS route answering the same
 * JSON, bench/bare-app.ts; raw Argon2id verifications per second), then reads during a login storm.
 * Run: `npm run bench:load` (PostgreSQL and Redis on localhost). Server and load generator share the
 * machine. See docs/benchmarks.md ("Load") for the knobs.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateStatement } from '../test/fixtures/generator/index.js';
// @ts-expect-error plain JavaScript helpers shared with the other benchmarks
import { analyzeDatabase, argon2Ceiling as argon2CeilingFor, cpuMeter, dropDatabase, freePort, load, postJson, ROOT, runSql, startService } from '../../bench/lib.mjs';
// @ts-expect-error plain JavaScript helper
import { summarize } from '../../bench/cpu-profile-summary.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const DOCS = Number(process.env.BENCH_DOCS ?? 50);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const STORM_READ_CONNECTIONS = Number(process.env.BENCH_STORM_READ_CONNECTIONS ?? 4);
const LOGIN_CONNECTIONS = Number(process.env.BENCH_LOGIN_CONNECTIONS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROLE = process.env.BENCH_ROLE ?? 'api';
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;
/** Another build of the service (a checkout with `dist/` built), measured on the reads in the same rounds. */
const BASELINE = process.env.BENCH_BASELINE;
/**
 * A file of SQL run on the seeded database before the measurements, when the baseline build needs
 * schema that a migration of this build dropped (this build must not mind it).
 */
const BASELINE_SETUP = process.env.BENCH_BASELINE_SETUP;
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk_bench_load';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/2';
const PASSWORD = 'Bench-Passw0rd!';
const JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789';
const QUESTION = 'What is the total value of my portfolio?';

interface Service {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}
interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Microseconds of CPU per request: the server process, PostgreSQL, the load generator. */
  cpu?: Record<string, number>;
}
interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Whole requests per second, or one decimal below 100/s (login runs at single digits). */
const roundRate = (rps: number) => (rps < 100 ? Math.round(rps * 10) / 10 : Math.round(rps));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The run with the median throughput (the upper one of an even count). */
const median = (runs: Run[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];

/**
 * One autocannon run against `server`, counting the CPU each request cost the server, PostgreSQL and
 * the load generator; with `profileLabel`, the server's CPU is also profiled for exactly this run.
 */
async function measure(target: Target, connections: number, server?: Service, profileLabel?: string): Promise<Run> {
  await load({ ...target, connections, duration: WARMUP_SECONDS });
  const profiling = Boolean(server && profileLabel && PROFILE_DIR);
  if (profiling) server!.child.kill('SIGWINCH');
  const meter = cpuMeter(server ? { server: server.child.pid } : {});
  const r = await load({ ...target, connections, duration: SECONDS });
  const cpu = meter.stop(r.requests.total) as Record<string, number>;
  if (profiling) await collectProfile(server!, profileLabel!);
  return { rps: roundRate(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, cpu };
}

async function collectProfile(svc: Service, label: string) {
  svc.child.kill('SIGWINCH');
  const written = () => readdirSync(PROFILE_DIR!).find((f) => f.startsWith(`${svc.child.pid}-`) && f.endsWith('.cpuprofile'));
  for (let i = 0; i < 100 && !written(); i++) await sleep(100);
  const target = join(PROFILE_DIR!, `${label}.cpuprofile`);
  renameSync(join(PROFILE_DIR!, written()!), target);
  console.error(`\n== CPU profile of the service during "${label}" (${target}) ==\n${summarize(JSON.parse(readFileSync(target, 'utf8')), 20)}`);
}

/** Raw Argon2id verifications per second with the service's parameters, `concurrency` in flight. */
const argon2Ceiling = (concurrency: number): Promise<number> => argon2CeilingFor(PASSWORD, concurrency, SECONDS);

async function getJson(url: string, token: string): Promise<{ result: unknown }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { result: unknown };
}

async function upload(url: string, token: string, pdf: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), fileName);
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { result: Record<string, unknown> | null };
  if (!body.result) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body.result;
}

/** The caller's documents: DOCS statements uploaded and run through the pipeline, 4 at a time. */
async function seedDocuments(base: string, token: string, pdf: Buffer) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < DOCS) {
        const n = ++next;
        const { job_id } = (await upload(`${base}/api/v1/nexus/upload`, token, pdf, `CAS_${String(n).padStart(2, '0')}_Apr-Sep2025.pdf`)) as { job_id: string };
        const start = (await postJson(`${base}/api/v2/nexus/pipeline/process`, { job_id }, { authorization: `Bearer ${token}` })) as { process_id: string };
        for (;;) {
          const res = await fetch(`${base}/api/v2/nexus/status/process/${start.process_id}/progress`, { headers: { authorization: `Bearer ${token}` } });
          const progress = (await res.json()) as { status: string };
          if (progress.status === 'completed') break;
          if (progress.status === 'failed') throw new Error(`pipeline failed: ${JSON.stringify(progress)}`);
          await sleep(50);
        }
      }
    }),
  );
}

/** A chat session with one uploaded statement, completed. */
async function seedChat(base: string, token: string, pdf: Buffer): Promise<string> {
  const res = await fetch(`${base}/api/v1/zen/chat`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const sessionId = (await res.json()) as string;
  const { document_ids } = (await upload(`${base}/api/v1/zen/uploads`, token, pdf, 'CAS_Apr-Sep2025.pdf', { session_id: sessionId })) as { document_ids: string[] };
  for (let i = 0; ; i++) {
    const s = (await getJson(`${base}/api/v1/zen/chat/${sessionId}/documents/${document_ids[0]}/status`, token)).result as { status: string };
    if (s.status === 'completed') return sessionId;
    if (s.status === 'failed' || i > 600) throw new Error(`chat document not completed: ${JSON.stringify(s)}`);
    await sleep(100);
  }
}

async function startBareApp(fixturePath: string): Promise<Service> {
  const port = (await freePort()) as number;
  const child = fork(join(ROOT, 'dist-bench/bench/bare-app.js'), [], {
    env: { ...process.env, BARE_PORT: String(port), BARE_FIXTURE: fixturePath, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare app exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, stop: () => new Promise((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) };
}

const serviceEnv = (queuePrefix: string, storage: string): Record<string, string> => ({
  DATABASE_URL: DB_URL,
  REDIS_URL,
  QUEUE_PREFIX: queuePrefix,
  STORAGE_DIR: storage,
  LOGIN_MAX_FAILURES_PER_IP: '1000000',
  // Eight connections log in to one account at once; the limiter counts logins being checked.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
  REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
  // The chat invoke is measured for seconds at full speed by one user: far past the daily chat quotas.
  QUOTA_CHAT_INVOCATIONS_PER_USER_PER_DAY: '100000000',
  QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY: '100000000',
  QUOTA_CHAT_TOKENS_PER_USER_PER_DAY: '100000000000',
  QUOTA_CHAT_TOKENS_PER_TENANT_PER_DAY: '100000000000',
  NODE_ENV: 'production',
  JWT_SECRET,
  APP_ENCRYPTION_KEY: 'bench-encryption-key-0123456789abcdef012345',
  ...(PROFILE_DIR ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${join(ROOT, 'bench/cpu-profile-hook.mjs')}`, BENCH_CPU_PROF_DIR: PROFILE_DIR } : {}),
});

const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)} %`;
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

async function main() {
  const wanted = (name: string) => !ONLY || ONLY.has(name);
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'foliodesk-load-'));
  const load0 = loadavg()[0];

  await dropDatabase(DB_URL);
  const env = serviceEnv(`benchload${Date.now()}`, join(dir, 'storage'));
  const statement = await generateStatement('cams_detailed', { seed: 7, pages: 10 });
  let token: string;
  let email: string;
  let sessionId: string;
  {
    // Seeding needs the queue workers; the measurements then run against an HTTP process (BENCH_ROLE).
    const seeder = (await startService({ ...env, ROLE: 'all' })) as Service;
    try {
      email = `bench.${Date.now()}@example.in`;
      const reg = (await postJson(`${seeder.base}/api/v1/auth/register`, { email, password: PASSWORD, full_name: 'Bench Analyst' })) as { result: { access_token: string } };
      token = reg.result.access_token;
      const t0 = Date.now();
      await seedDocuments(seeder.base, token, statement.pdf);
      sessionId = await seedChat(seeder.base, token, statement.pdf);
      console.error(`seeded ${DOCS} documents and a chat session in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    } finally {
      await seeder.stop();
    }
    if (BASELINE && BASELINE_SETUP) await runSql(DB_URL, readFileSync(BASELINE_SETUP, 'utf8'));
    // The freshly seeded tables get their statistics now, as autovacuum gives them within a minute of
    // such a batch: the reads are measured in the steady state, not against an empty table's estimates.
    await analyzeDatabase(DB_URL);
  }
  const svc = (await startService({ ...env, ROLE })) as Service;
  const baseline = BASELINE ? ((await startService({ ...env, ROLE }, join(BASELINE, 'dist/src/main.js'))) as Service) : null;
  const auth = { authorization: `Bearer ${token}` };
  const invokeBody = new URLSearchParams({ session_id: sessionId, query: QUESTION }).toString();
  const formHeaders = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
  let bare: Service | null = null;

  const rows: string[][] = [];
  const cpuRows: string[][] = [];
  const cpuRow = (name: string, r: Run) => {
    const { server = 0, postgres = 0, 'load generator': generator = 0 } = r.cpu ?? {};
    cpuRows.push([name, `${server}`, `${postgres}`, `${generator}`, `${server + postgres + generator}`]);
  };
  const missed: string[] = [];
  const failed: string[] = [];
  const check = (name: string, r: Run) => {
    if (r.non2xx || r.errors) failed.push(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return r;
  };
  const docsTarget: Target = { url: `${svc.base}/api/v1/documents/me`, headers: auth };
  const dashTarget: Target = { url: `${svc.base}/api/v1/dashboard`, headers: auth };
  const loginTarget: Target = {
    url: `${svc.base}/api/v1/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  };
  try {
    const documents = (await getJson(`${svc.base}/api/v1/documents/me`, token)).result as unknown[];
    // The DOCS statements and the one uploaded into the chat session; the list's default page is 50.
    const expected = Math.min(DOCS + 1, 50);
    if (documents.length !== expected) throw new Error(`expected ${expected} documents, got ${documents.length}`);
    const invokeRes = await fetch(`${svc.base}/api/v1/zen/chat/invoke`, { method: 'POST', headers: formHeaders, body: invokeBody });
    const invoke = ((await invokeRes.json()) as { result: { response: string } }).result;
    if (!/worth INR/.test(invoke.response)) throw new Error(`unexpected chat answer: ${invoke.response}`);
    const fixturePath = join(dir, 'bare-fixture.json');
    writeFileSync(fixturePath, JSON.stringify({ documents, invoke }));
    bare = await startBareApp(fixturePath);
    if (wanted('reads')) {
      // Rounds interleave the ceiling, the service and the baseline, so a busy spell on the shared machine
      // hits all of them; each figure is the run with the median throughput.
      const bareTarget: Target = { url: `${bare.base}/api/v1/documents/me` };
      const series: Record<'bare' | 'docs' | 'dash' | 'baseDocs' | 'baseDash', Run[]> = { bare: [], docs: [], dash: [], baseDocs: [], baseDash: [] };
      const onBaseline = (target: Target): Target => ({ ...target, url: target.url.replace(svc.base, baseline!.base) });
      for (let round = 0; round < ROUNDS; round++) {
        series.bare.push(check('bare documents', await measure(bareTarget, CONNECTIONS, bare)));
        series.docs.push(check('documents/me', await measure(docsTarget, CONNECTIONS, svc)));
        if (baseline) series.baseDocs.push(check('baseline documents/me', await measure(onBaseline(docsTarget), CONNECTIONS, baseline)));
        series.dash.push(check('dashboard', await measure(dashTarget, CONNECTIONS, svc)));
        if (baseline) series.baseDash.push(check('baseline dashboard', await measure(onBaseline(dashTarget), CONNECTIONS, baseline)));
      }
      series.bare.push(check('bare documents', await measure(bareTarget, CONNECTIONS, bare)));
      // The profiler slows the process it samples: the profiles come from runs of their own, after the
      // rounds, so that no figure above is a profiled run.
      if (PROFILE_DIR) {
        await measure(docsTarget, CONNECTIONS, svc, 'documents-me');
        await measure(dashTarget, CONNECTIONS, svc, 'dashboard');
      }
      const [ceilingRun, docs, dash] = [median(series.bare), median(series.docs), median(series.dash)];
      const ceilingRps = ceilingRun.rps;
      const runs = (name: keyof typeof series) => series[name].map((r) => r.rps).join(' / ');
      rows.push(['bare NestJS route, same JSON as documents/me (ceiling)', `${ceilingRps}/s`, `${ceilingRun.p50} ms`, `${ceilingRun.p99} ms`, `runs: ${runs('bare')}`, 'baseline']);
      cpuRow('bare route (ceiling)', ceilingRun);
      cpuRow('GET /api/v1/documents/me', docs);
      cpuRow('GET /api/v1/dashboard', dash);
      for (const [name, r, key] of [[`GET /api/v1/documents/me (${Math.min(DOCS + 1, 50)} documents)`, docs, 'docs'], ['GET /api/v1/dashboard', dash, 'dash']] as const) {
        const ok = r.rps >= 0.35 * ceilingRps;
        if (!ok) missed.push(name);
        rows.push([name, `${r.rps}/s`, `${r.p50} ms`, `${r.p99} ms`, `${pct(r.rps, ceilingRps)} of bare route; runs: ${runs(key)}`, `≥ 35 %: ${verdict(ok)}`]);
      }
      if (baseline) {
        for (const [name, key, own] of [['GET /api/v1/documents/me', 'baseDocs', docs], ['GET /api/v1/dashboard', 'baseDash', dash]] as const) {
          const r = median(series[key]);
          cpuRow(`${name}, baseline build`, r);
          rows.push([`${name}, baseline build (${BASELINE})`, `${r.rps}/s`, `${r.p50} ms`, `${r.p99} ms`, `${pct(r.rps, ceilingRps)} of bare route; this build ${pct(own.rps, r.rps)} of it; runs: ${runs(key)}`, '']);
        }
      }
    }
    if (wanted('chat')) {
      const bareInvoke = check('bare invoke', await measure({ url: `${bare.base}/api/v1/zen/chat/invoke`, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: invokeBody }, CONNECTIONS, bare));
      const chat = check('chat invoke', await measure({ url: `${svc.base}/api/v1/zen/chat/invoke`, method: 'POST', headers: formHeaders, body: invokeBody }, CONNECTIONS, svc, 'chat-invoke'));
      rows.push(['bare NestJS route, same form and JSON as chat invoke (ceiling)', `${bareInvoke.rps}/s`, `${bareInvoke.p50} ms`, `${bareInvoke.p99} ms`, '', 'baseline']);
      rows.push(['POST /api/v1/zen/chat/invoke (portfolio question, 1 statement)', `${chat.rps}/s`, `${chat.p50} ms`, `${chat.p99} ms`, `${pct(chat.rps, bareInvoke.rps)} of bare route`, 'no target (writes 2 messages each)']);
    }
    if (wanted('login')) {
      // The Argon2 ceiling right before the logins and again after the storms, the service idle both times.
      const ceilingBefore = await argon2Ceiling(4);
      const login = check('login', await measure(loginTarget, LOGIN_CONNECTIONS, svc, 'login'));
      const stormRows: string[][] = [];
      for (const [name, target] of [['GET /api/v1/documents/me', docsTarget], ['GET /api/v1/dashboard', dashTarget]] as const) {
        await load({ ...target, connections: STORM_READ_CONNECTIONS, duration: WARMUP_SECONDS });
        const [storm, reads] = await Promise.all([load({ ...loginTarget, connections: LOGIN_CONNECTIONS, duration: SECONDS }), load({ ...target, connections: STORM_READ_CONNECTIONS, duration: SECONDS })]);
        const r = check(`${name} during storm`, { rps: Math.round(reads.requests.average), p50: reads.latency.p50, p99: reads.latency.p99, non2xx: reads.non2xx, errors: reads.errors });
        check('login storm', { rps: 0, p50: 0, p99: 0, non2xx: storm.non2xx, errors: storm.errors });
        const okStorm = r.p99 < 100;
        if (!okStorm) missed.push(`${name} during the login storm`);
        stormRows.push([`${name} during a login storm (${STORM_READ_CONNECTIONS} read connections)`, `${r.rps}/s`, `${r.p50} ms`, `${r.p99} ms`, `login ${Math.round(storm.requests.average)}/s alongside`, `p99 < 100 ms: ${verdict(okStorm)}`]);
      }
      const ceilingAfter = await argon2Ceiling(4);
      // For reading the ratio on a busy machine: as many in flight as the service allows itself
      // (ARGON2_CONCURRENCY's default), i.e. half the threads, so half the share of a crowded CPU.
      const atServiceConcurrency = await argon2Ceiling(2);
      const ceiling = (ceilingBefore + ceilingAfter) / 2;
      const ok = login.rps >= 0.8 * ceiling;
      if (!ok) missed.push('login');
      rows.push(['Argon2id verify (m=64 MiB, t=3, p=4), 4 in flight (ceiling)', `${ceiling.toFixed(1)}/s`, '', '', `before / after: ${ceilingBefore.toFixed(1)} / ${ceilingAfter.toFixed(1)}`, 'baseline']);
      rows.push(['Argon2id verify, 2 in flight (the service\'s ARGON2_CONCURRENCY)', `${atServiceConcurrency.toFixed(1)}/s`, '', '', `login ${pct(login.rps, atServiceConcurrency)} of it`, '']);
      rows.push([`POST /api/v1/auth/login (${LOGIN_CONNECTIONS} connections)`, `${login.rps}/s`, `${login.p50} ms`, `${login.p99} ms`, `${pct(login.rps, ceiling)} of Argon2`, `≥ 80 %: ${verdict(ok)}`]);
      rows.push(...stormRows);
    }
  } finally {
    await bare?.stop();
    await baseline?.stop();
    await svc.stop();
    if (process.env.BENCH_KEEP_DB !== '1') await dropDatabase(DB_URL);
  }

  console.log(
    `${availableParallelism()} cores, Node ${process.version}, load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}; service ROLE=${ROLE}, LOG_LEVEL=warn; ` +
      `${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up; reads: median of ${ROUNDS} interleaved rounds; ${CONNECTIONS} connections (reads, chat), ${LOGIN_CONNECTIONS} (login)`,
  );
  console.log('| measurement | requests/s | p50 | p99 | against the ceiling | target |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  if (cpuRows.length) {
    console.log('\nCPU per request in microseconds (user + system, from /proc), the median run of each:\n');
    console.log('| measurement | server process | PostgreSQL | load generator | total |\n|---|---|---|---|---|');
    for (const r of cpuRows) console.log(`| ${r.join(' | ')} |`);
  }
  console.log('\nPipeline (ROLE=api + two ROLE=worker against all-in-one): `npm run bench:pipeline` (bench/pipeline.ts).');
  if (failed.length) console.log(`\nFAILED REQUESTS: ${failed.join('; ')}`);
  if (missed.length) console.log(`\nTargets missed: ${missed.join('; ')}`);
  if (process.env.BENCH_PIPELINE === '1') {
    await new Promise<void>((resolve) => spawn(process.execPath, [join(ROOT, 'dist-bench/bench/pipeline.js')], { stdio: 'inherit' }).once('exit', () => resolve()));
  }
  process.exit(failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
