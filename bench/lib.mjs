// Shared helpers for the benchmarks: start the built service on a scratch database, run autocannon.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import argon2 from 'argon2';

export const ROOT = new URL('..', import.meta.url).pathname;

export const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

export async function dropDatabase(url) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await client.end();
}

/** Updates the planner's statistics of every table, as autovacuum does soon after a batch of writes. */
export async function analyzeDatabase(url) {
  await runSql(url, 'ANALYZE');
}

/** Runs `sql` (one or more statements, no parameters) on the database at `url`. */
export async function runSql(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Starts the built service (`node dist/src/main.js`, or `main`: another build's entry point, for a
 * baseline in the same run) with the given env; resolves when /api/v1/health answers (a worker: at once),
 * rejects when it has not within two minutes or the process exited.
 */
export async function startService(env, main = `${ROOT}dist/src/main.js`) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Up to two minutes: on a loaded machine a first start (migrations on a new database) takes a while.
  for (let i = 0; env.ROLE !== 'worker'; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {}
    if (i === 1200 || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`the service did not answer health at ${base} (exit code ${child.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }) };
}

export function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: 10, connections: 8, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

export async function postJson(url, body, headers = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return res.json();
}

/** The service's Argon2id parameters (src/modules/auth/password.service.ts). */
export const ARGON2_PARAMS = { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 };

/** Raw Argon2id verifications per second with the service's parameters, `concurrency` in flight, for `seconds`. */
export async function argon2Ceiling(password, concurrency, seconds) {
  const hash = await argon2.hash(password, ARGON2_PARAMS);
  await argon2.verify(hash, password);
  let done = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await argon2.verify(hash, password);
        done++;
      }
    }),
  );
  return done / seconds;
}

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/** CPU seconds (user + system, all threads) a process has used, from /proc; 0 once it is gone. */
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL server process on the machine (the benchmark's database shares the cluster). */
function postgresPids() {
  return readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
}

/**
 * Starts counting CPU time of `pids` (name → pid), of PostgreSQL and of this process (the load
 * generator); `stop(requests)` answers microseconds of CPU per request for each. Linux only.
 */
export function cpuMeter(pids) {
  const sample = () => {
    const pgPids = postgresPids();
    return {
      ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSecondsOf(pid)])),
      postgres: Object.fromEntries(pgPids.map((p) => [p, cpuSecondsOf(p)])),
      'load generator': process.cpuUsage(),
    };
  };
  const before = sample();
  return {
    stop(requests) {
      const after = sample();
      const perRequest = (seconds) => Math.round((seconds / Math.max(1, requests)) * 1e6);
      const out = {};
      for (const name of Object.keys(pids)) out[name] = perRequest(after[name] - before[name]);
      // Backends that started during the run count from 0; those that ended are lost (rare: pools stay open).
      out.postgres = perRequest(Object.entries(after.postgres).reduce((sum, [p, s]) => sum + s - (before.postgres[p] ?? 0), 0));
      const gen = process.cpuUsage(before['load generator']);
      out['load generator'] = perRequest((gen.user + gen.system) / 1e6);
      return out;
    },
  };
}
