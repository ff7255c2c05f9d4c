// DATABASE_QUERY_TIMEOUT_MS on the real test database: a statement PostgreSQL does not answer in time
// (pg_sleep stands in for a hung server here; test/e2e/faults-postgres freezes a whole one) fails as
// "PostgreSQL unavailable", and its connection is never handed out again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { isDependencyUnavailable } from '../../src/common/errors/dependency-errors.js';
import { dataSourceOptions } from '../../src/database/data-source.js';
import { sql } from '../support/db.js';

const TIMEOUT_MS = 300;
const SLEEP_S = 1.5;
const table = `query_timeout_probe_${process.pid}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The service's pool options, with one connection so that whatever it hands out next is visible. */
async function openPool(): Promise<DataSource> {
  const options = dataSourceOptions(process.env.DATABASE_URL!, TIMEOUT_MS);
  return new DataSource({ ...options, extra: { ...(options as { extra: object }).extra, max: 1 } } as typeof options).initialize();
}

describe('DATABASE_QUERY_TIMEOUT_MS', () => {
  let db: DataSource;
  beforeAll(() => sql(`CREATE TABLE ${table} (n int)`));
  afterAll(() => sql(`DROP TABLE IF EXISTS ${table}`));
  afterEach(async () => {
    await db?.destroy();
    await sql(`TRUNCATE ${table}`);
  });

  it('fails a statement unanswered in time as PostgreSQL unavailable (503), within the limit', async () => {
    db = await openPool();
    const started = Date.now();
    const error = await db.query(`SELECT pg_sleep(${SLEEP_S})`).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(SLEEP_S * 1000 - 500);
    expect((error as Error).message).toMatch(/Query read timeout/);
    expect(isDependencyUnavailable(error)).toBe(true);
    // The pool answers again at once, on a new connection.
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
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
    // ROLLBACK timed out too, unsent): the write below would never commit.
    await db.query(`INSERT INTO ${table} VALUES (2)`);
    await sleep(SLEEP_S * 1000 + 500);
    expect((await sql<{ n: number }>(`SELECT n FROM ${table} ORDER BY n`)).map((r) => r.n)).toEqual([2]);
    const open = await sql(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
    expect(open).toEqual([]);
  });
});
