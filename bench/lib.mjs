// Shared helpers for the benchmarks: start the built service on a scratch database, run autocannon.
import { spawn } from 'node:child_process';
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

/** Starts `node dist/src/main.js` with the given env; resolves when /api/v1/health answers. */
export async function startService(env) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [`${ROOT}dist/src/main.js`], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if (env.ROLE === 'worker' || (await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {}
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
