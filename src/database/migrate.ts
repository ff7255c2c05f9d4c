import pg from 'pg';
import type { Logger } from 'pino';
import { createDataSource } from './data-source.js';

// An arbitrary constant: every Foliodesk process migrating the same database takes the same lock.
const MIGRATION_LOCK_ID = 7_406_112_025;

/**
 * Creates the database named in the URL when it does not exist. The target database is tried first, so
 * an existing database is used without touching the `postgres` maintenance database (which managed
 * PostgreSQL often does not let the application user open); only when PostgreSQL answers 3D000
 * (database does not exist) is `postgres` opened to create it.
 */
export async function ensureDatabase(url: string, logger?: Logger): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
        logger?.info({ database: name }, 'created database');
      } catch (error) {
        // Another process created it between our check and our CREATE.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

/** Applies pending migrations under a PostgreSQL advisory lock, so concurrent starts do not race. */
export async function runMigrations(url: string, logger?: Logger): Promise<string[]> {
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  try {
    await dataSource.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      for (const m of applied) logger?.info({ migration: m.name }, 'applied migration');
      return applied.map((m) => m.name);
    } finally {
      await dataSource.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await dataSource.destroy();
  }
}

/**
 * For a service that does not migrate (MIGRATE_ON_START=false, a role without DDL rights): refuses to
 * start on a schema that lacks migrations this build needs, naming the fix, rather than failing later
 * on a missing column.
 */
export async function assertMigrated(url: string): Promise<void> {
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  try {
    if (await dataSource.showMigrations()) {
      throw new Error('the database lacks migrations this build needs, and MIGRATE_ON_START=false: run `npm run migrate` (node dist/scripts/migrate.js) as the migrator role first');
    }
  } finally {
    await dataSource.destroy();
  }
}
