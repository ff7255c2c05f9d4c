import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { isDependencyUnavailable } from '../../src/common/errors/dependency-errors.js';
import { sql } from '../support/db.js';

// PostgreSQL cutting a connection in the middle of a transaction, as a restart (`pg_ctl restart -m
// fast`) does to every connection: what the transaction's next statement raises must read as a
// dependency away (503 with Retry-After, a stage retried), never as our fault (500). The restart under
// load is in test/e2e/faults-postgres.e2e-spec.ts; a restart falls between two statements of a
// transaction only now and then, so this aims at that moment every time.
describe('a connection cut inside a transaction', () => {
  const db = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL, poolSize: 2 });
  beforeAll(() => db.initialize().then(() => undefined));
  afterAll(() => db.destroy());

  const cutBetweenStatements = () =>
    db.transaction(async (manager) => {
      const [{ pid }] = await manager.query('SELECT pg_backend_pid() AS pid');
      await sql('SELECT pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the socket's close reaches the pool
      await manager.query('SELECT 1');
    });

  it('the next statement of a transaction whose connection was cut reads as PostgreSQL away', async () => {
    const error = await cutBetweenStatements().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect({ name: (error as Error).name, unavailable: isDependencyUnavailable(error) }).toEqual({ name: (error as Error).name, unavailable: true });
  });

  it('a statement cut while it runs reads as PostgreSQL away', async () => {
    const error = await db
      .transaction(async (manager) => {
        const [{ pid }] = await manager.query('SELECT pg_backend_pid() AS pid');
        await Promise.all([manager.query('SELECT pg_sleep(5)'), new Promise((r) => setTimeout(r, 100)).then(() => sql('SELECT pg_terminate_backend($1)', [pid]))]);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it('the pool answers again after the cut', async () => {
    await expect(db.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
  });
});
