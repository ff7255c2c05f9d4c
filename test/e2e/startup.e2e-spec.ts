import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { STRONG_PASSWORD } from '../support/app.js';

// Runs the built service (dist/, built by `npm test`'s pretest step) exactly as `npm start` does.
const MAIN = new URL('../../dist/src/main.js', import.meta.url).pathname;
const dbName = `foliodesk_startup_${process.pid}`;
const dbUrl = new URL(process.env.DATABASE_URL!);
dbUrl.pathname = `/${dbName}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

function run(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | string | null> } {
  let out = '';
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return { child, output: () => out, exited };
}

async function waitForHealth(port: number, ms = 20000): Promise<Response> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function dropDb() {
  const admin = new URL(dbUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(dbName)} WITH (FORCE)`);
  await client.end();
}

describe('start-up (node dist/src/main.js)', () => {
  afterAll(dropDb);

  it('creates the database, migrates, creates the bootstrap admin and serves; a second start changes nothing', async () => {
    await dropDb();
    const email = `boot.${process.pid}@example.in`;
    const env = { DATABASE_URL: dbUrl.toString(), BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD: STRONG_PASSWORD };
    for (let start = 0; start < 2; start++) {
      const port = await freePort();
      const svc = run({ ...env, PORT: String(port), HOST: '127.0.0.1' });
      try {
        const health = await waitForHealth(port);
        expect(health.status).toBe(200);
        const login = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: STRONG_PASSWORD }),
        });
        expect(login.status).toBe(200);
        const body = (await login.json()) as { result: { user: { role: string } } };
        expect(body.result.user.role).toBe('admin');
        const docs = await fetch(`http://127.0.0.1:${port}/docs-json`);
        expect(docs.status).toBe(200);
      } finally {
        svc.child.kill('SIGTERM');
        expect([0, 'SIGTERM']).toContain(await svc.exited);
      }
      const log = svc.output();
      if (start === 0) {
        expect(log).toContain('created database');
        expect(log).toContain('applied migration');
        expect(log).toContain('database migrated');
        expect(log).toContain('created bootstrap admin');
      } else {
        expect(log).not.toContain('applied migration');
        expect(log).toContain('database up to date');
        expect(log).not.toContain('created bootstrap admin');
        expect(log).toContain('bootstrap admin present');
      }
      expect(log).toContain(`Swagger UI at http://localhost:${port}/docs`);
      expect(log).not.toContain(STRONG_PASSWORD);
    }
    const client = new pg.Client({ connectionString: dbUrl.toString() });
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    await client.end();
    expect(rows[0].n).toBe(1);
  });

  it('stops with a clear message naming each bad variable', async () => {
    const svc = run({ PORT: 'eighty', ROLE: 'everything' });
    expect(await svc.exited).toBe(1);
    expect(svc.output()).toContain('Invalid configuration');
    expect(svc.output()).toContain('PORT');
    expect(svc.output()).toContain('ROLE');
  });

  it('stops with one line naming DATABASE_URL, the address and the fix when PostgreSQL does not answer', async () => {
    const port = await freePort();
    const unreachable = `postgres://postgres:not-printed@127.0.0.1:${port}/foliodesk`;
    const svc = run({ DATABASE_URL: unreachable });
    expect(await svc.exited).toBe(1);
    const log = svc.output();
    expect(log).toContain(`Foliodesk failed to start: PostgreSQL is not answering at 127.0.0.1:${port}`);
    expect(log).toContain('DATABASE_URL=postgres://postgres:***@');
    expect(log).toContain('Start PostgreSQL');
    expect(log).not.toContain('not-printed');
    expect(log).not.toMatch(/\n\s+at /);
  });

  it('serves without Redis, /health saying so, and logs the outage once, not a stack trace per retry', async () => {
    const [port, redisPort] = [await freePort(), await freePort()];
    const svc = run({ DATABASE_URL: dbUrl.toString(), REDIS_URL: `redis://127.0.0.1:${redisPort}/0`, PORT: String(port), HOST: '127.0.0.1' });
    try {
      const health = await waitForHealth(port);
      expect(health.status).toBe(503);
      await new Promise((r) => setTimeout(r, 6000));
    } finally {
      svc.child.kill('SIGTERM');
      await svc.exited;
    }
    const outage = svc.output().split('\n').filter((line) => line.includes('Redis is not answering'));
    expect(outage).toHaveLength(1);
    expect(outage[0]).toContain(`127.0.0.1:${redisPort}/0 (REDIS_URL)`);
    expect(svc.output()).not.toContain('"msg":"queue error"');
    expect(svc.output()).not.toContain('webhook queue error');
  });

  it('ROLE=worker starts without serving HTTP', async () => {
    const port = await freePort();
    const svc = run({ DATABASE_URL: dbUrl.toString(), ROLE: 'worker', PORT: String(port) });
    try {
      const deadline = Date.now() + 20000;
      while (!svc.output().includes('worker started') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(svc.output()).toContain('worker started');
      await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
    } finally {
      svc.child.kill('SIGTERM');
      await svc.exited;
    }
  });
});
