// Runs once before the end-to-end suite: a brand-new test database and an empty Redis test database.
// (Plain JavaScript: Jest loads global setup outside its ESM transform.) Migrations are applied by
// the first test app that starts (test/support/app.ts), exactly as the service does at boot.
import pg from 'pg';
import { Redis } from 'ioredis';

export default async function globalSetup() {
  // TEST_DATABASE_URL, never DATABASE_URL: that one names the service's own database, which this drops.
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk_test');
  if (!/test/i.test(url.pathname)) throw new Error(`TEST_DATABASE_URL must name a database with "test" in its name (it is dropped): ${url.pathname.slice(1)}`);
  process.env.DATABASE_URL = url.toString();
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const name = pg.escapeIdentifier(url.pathname.slice(1));
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15');
  await redis.flushdb();
  redis.disconnect();
}
