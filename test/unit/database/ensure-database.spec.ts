import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { ensureDatabase } from '../../../src/database/migrate.js';

// Runs against the local PostgreSQL named by DATABASE_URL. Every pg.Client connect is recorded, so the
// test can tell whether the `postgres` maintenance database was opened at all.
const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk');
const missing = `foliodesk_ensure_${process.pid}`;
const existing = `foliodesk_ensure_existing_${process.pid}`;
const urlFor = (db: string) => Object.assign(new URL(base), { pathname: `/${db}` }).toString();

function recordConnects() {
  const opened: string[] = [];
  const original = pg.Client.prototype.connect;
  jest.spyOn(pg.Client.prototype, 'connect').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    opened.push(this.database ?? '');
    return (original as unknown as (...a: unknown[]) => Promise<pg.Client>).apply(this, args);
  });
  return opened;
}

async function admin(...statements: string[]) {
  const client = new pg.Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}
const drop = (db: string) => `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(db)} WITH (FORCE)`;
const dropMissing = () => admin(drop(missing));

describe('ensureDatabase', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });
  beforeAll(() => admin(drop(existing), `CREATE DATABASE ${pg.escapeIdentifier(existing)}`));
  afterAll(() => admin(drop(missing), drop(existing)));

  it('uses an existing database without opening `postgres`', async () => {
    const opened = recordConnects();
    const info = jest.fn();
    await ensureDatabase(urlFor(existing), { info } as never);
    expect(opened).toEqual([existing]);
    expect(info).not.toHaveBeenCalled();
  });

  it('creates a missing database through `postgres` (3D000 on the target) and logs it', async () => {
    await dropMissing();
    const opened = recordConnects();
    const info = jest.fn();
    await ensureDatabase(urlFor(missing), { info } as never);
    expect(opened).toEqual([missing, 'postgres']);
    expect(info).toHaveBeenCalledWith({ database: missing }, 'created database');
    jest.restoreAllMocks();

    const check = new pg.Client({ connectionString: urlFor(missing) });
    await check.connect(); // exists now
    await check.end();
  });

  it('rethrows other connection errors without trying `postgres`', async () => {
    const unreachable = new URL(urlFor(missing));
    unreachable.port = '1'; // nothing listens there
    const opened = recordConnects();
    await expect(ensureDatabase(unreachable.toString())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(opened).toEqual([missing]);
  });
});
