// DATABASE_QUERY_TIMEOUT_MS on the real test database: a statement PostgreSQL does not answer in time
// (pg_sleep stands in for a hung server here; test/e2e/faults-postgres freezes a whole one) fails as
// "PostgreSQL unavailable", and its connection is never handed out again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { isDependencyUnavailable } from '../../src/common/errors/dependency-errors.js';
import { dataSourceOptions } from '../../src/database/data-source.js';
import { sql } from '../support/db.js';

const TIMEOUT_MS = 300;
const SLEEP_S = 1.5;
const table = `query_timeout_probe_${process.pid}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The service's pool options, with one connection so that whatever it hands out next is visible.
 * `hung`: without PostgreSQL's own statement limit, so that pg_sleep stands in for a server that does
 * not answer at all (a live server cancels first: see the last test).
 */
async function openPool({ hung = true } = {}): Promise<DataSource> {
  const options = dataSourceOptions(process.env.DATABASE_URL!, TIMEOUT_MS);
  const { statement_timeout: _serverLimit, ...extra } = (options as { extra: Record<string, unknown> }).extra;
  return new DataSource({ ...options, extra: { ...(hung ? extra : { ...extra, statement_timeout: _serverLimit }), max: 1 } } as typeof options).initialize();
}

describe('DATABASE_QUERY_TIMEOUT_MS', () => {
  let db: DataSource;
  beforeAll(() => sql(`CREATE TABLE ${table} (n int)`));
  afterAll(() => sql(`DROP TABLE IF EXISTS ${table}`));
  afterEach(async () => {
    await db?.destroy();
    await sql(`TRUNCATE ${table}`);
  });

  it('fails a statement unanswered in time as PostgreSQL unavailable (503), within the limit, then answers at once on a new connection', async () => {
    db = await openPool();
    const [{ pid: before }] = await db.query('SELECT pg_backend_pid() AS pid');
    const started = Date.now();
    const error = await db.query(`SELECT pg_sleep(${SLEEP_S})`).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(SLEEP_S * 1000 - 500);
    expect((error as Error).message).toMatch(/Query read timeout/);
    expect(isDependencyUnavailable(error)).toBe(true);
    const again = Date.now();
    const [{ pid: after }] = await db.query('SELECT pg_backend_pid() AS pid');
    expect(Date.now() - again).toBeLessThan(TIMEOUT_MS);
    expect(after).not.toBe(before);
  });

  it('never hands out the connection of a timed-out transaction: its writes are rolled back, the next ones commit', async () => {
    db = await openPool();
    const failed = await db
      .transaction(async (m) => {
        await m.query(`INSERT INTO ${table} VALUES (1)`);
        await m.query(`SELECT pg_sleep(${SLEEP_S})`);
      })
      .catch((e: unknown) => e);
    expect(isDependencyUnavailable(failed)).toBe(true);
    // Kept, this connection would run the next statement inside the transaction left open (its
    // ROLLBACK timed out too, unsent), or behind the sleep: the write below would fail or never commit.
    const next = await db.query(`INSERT INTO ${table} VALUES (2)`).then(
      () => 'written',
      (e: Error) => e.message,
    );
    await sleep(SLEEP_S * 1000 + 500);
    expect({ next, rows: (await sql<{ n: number }>(`SELECT n FROM ${table} ORDER BY n`)).map((r) => r.n) }).toEqual({ next: 'written', rows: [2] });
    const open = await sql(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
    expect(open).toEqual([]);
  });

  it('ends the connection in the callback forms too (a callback argument, a config with its own callback)', async () => {
    db = await openPool();
    const pool = (db.driver as unknown as { master: pg.Pool }).master;
    const pidOf = async (client: pg.PoolClient) => (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    const forms: Array<[string, (client: pg.PoolClient, done: (e: Error | null) => void) => void]> = [
      ['argument', (client, done) => void client.query(`SELECT pg_sleep(${SLEEP_S})`, [], (e) => done(e))],
      ['config', (client, done) => void client.query({ text: `SELECT pg_sleep(${SLEEP_S})`, callback: (e: Error | null) => done(e) } as never)],
    ];
    for (const [form, run] of forms) {
      const client = await pool.connect();
      const pid = await pidOf(client);
      const error = await new Promise<Error | null>((resolve) => run(client, resolve));
      client.release();
      expect(`${form}: ${error?.message}`).toBe(`${form}: Query read timeout`);
      // The single-connection pool answers at once, from another server process.
      const again = Date.now();
      const next = await pool.connect();
      const nextPid = await pidOf(next).catch((e: Error) => e.message);
      next.release();
      expect({ form, fresh: nextPid !== pid && typeof nextPid === 'number', quick: Date.now() - again < TIMEOUT_MS }).toEqual({ form, fresh: true, quick: true });
    }
  });

  it('lets a live server cancel a long statement itself, a little before the client would give up: 503, and the connection stays', async () => {
    db = await openPool({ hung: false });
    const [{ pid: before }] = await db.query('SELECT pg_backend_pid() AS pid');
    const started = Date.now();
    const error = await db.query(`SELECT pg_sleep(${SLEEP_S})`).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    expect((error as { driverError?: { code?: string } }).driverError?.code).toBe('57014'); // query_canceled
    expect(isDependencyUnavailable(error)).toBe(true);
    const [{ pid: after }] = await db.query('SELECT pg_backend_pid() AS pid');
    expect(after).toBe(before);
  });
});
