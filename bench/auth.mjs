// Login throughput against the Argon2id ceiling of the same machine, and read latency during a login
// storm. Run: `npm run build && node bench/auth.mjs` (PostgreSQL and Redis on localhost).
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { argon2Ceiling as ceilingFor, dropDatabase, load, postJson, startService, summary } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench-Passw0rd!';
const argon2Ceiling = (concurrency) => ceilingFor(PASSWORD, concurrency, SECONDS);

const dbUrl = `postgres://postgres@127.0.0.1:5432/foliodesk_bench_auth`;
await dropDatabase(dbUrl);
const ceiling = await argon2Ceiling(4);
const svc = await startService({
  DATABASE_URL: dbUrl,
  REDIS_URL: 'redis://127.0.0.1:6379/14',
  LOGIN_MAX_FAILURES_PER_IP: '1000000',
  // Eight connections log in to one account at once; the limiter counts logins being checked.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
  REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
  QUEUE_PREFIX: `bench${Date.now()}`,
});
try {
  const email = `bench.${Date.now()}@example.in`;
  const reg = await postJson(`${svc.base}/api/v1/auth/register`, { email, password: PASSWORD, full_name: 'Bench' });
  const token = reg.result.access_token;
  const readOpts = { url: `${svc.base}/api/v1/users/me`, headers: { authorization: `Bearer ${token}` }, duration: SECONDS, connections: 4 };

  const readAlone = summary(await load(readOpts));
  const loginOpts = {
    url: `${svc.base}/api/v1/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
    duration: SECONDS,
    connections: 8,
  };
  const loginAlone = summary(await load(loginOpts));
  const [loginStorm, readDuringStorm] = (await Promise.all([load(loginOpts), load(readOpts)])).map(summary);

  const rows = [
    ['Argon2id verify ceiling (m=64 MiB, t=3, p=4), 4 in flight', `${ceiling.toFixed(1)}/s`, '', '', 'baseline'],
    ['POST /api/v1/auth/login (8 connections)', `${loginAlone.rps}/s`, `${loginAlone.p50} ms`, `${loginAlone.p99} ms`, `${((loginAlone.rps / ceiling) * 100).toFixed(0)}% of ceiling`],
    ['GET /api/v1/users/me alone (4 connections)', `${readAlone.rps}/s`, `${readAlone.p50} ms`, `${readAlone.p99} ms`, ''],
    ['GET /api/v1/users/me during the login storm', `${readDuringStorm.rps}/s`, `${readDuringStorm.p50} ms`, `${readDuringStorm.p99} ms`, `login ${loginStorm.rps}/s alongside`],
  ];
  console.log(`cores: ${availableParallelism()}, ${SECONDS} s per run`);
  console.log('| measurement | throughput | p50 | p99 | note |\n|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  const failures = [loginAlone, readAlone, loginStorm, readDuringStorm].reduce((n, s) => n + s.non2xx + s.errors, 0);
  if (failures) console.log(`WARNING: ${failures} non-2xx or failed requests`);
} finally {
  await svc.stop();
  await dropDatabase(dbUrl);
}
