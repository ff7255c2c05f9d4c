import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { createHttpApp } from '../../src/app.factory.js';
import { createLogger } from '../../src/common/logging/logger.js';
import { loadConfig } from '../../src/config/app-config.js';
import { assertMigrated, runMigrations } from '../../src/database/migrate.js';
import { bearer, register, STRONG_PASSWORD, type TestApp } from '../support/app.js';
import { ask, newSession } from '../support/chat.js';
import { simplePdf } from '../support/pdf.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

/** docker/postgres/roles.sql with its psql variables (`:"name"` identifiers, `:'name'` literals) filled in. */
async function rolesSql(variables: Record<string, string>): Promise<string> {
  const text = await readFile(new URL('../../docker/postgres/roles.sql', import.meta.url), 'utf8');
  return text.replace(/:"(\w+)"|:'(\w+)'/g, (_, identifier: string | undefined, literal: string | undefined) =>
    identifier ? pg.escapeIdentifier(variables[identifier]) : pg.escapeLiteral(variables[literal!]),
  );
}

async function asRole<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The compose file's arrangement, on the real PostgreSQL: the roles of docker/postgres/roles.sql, the
 * migrations applied by the migrator, the service started as the app role with MIGRATE_ON_START=false
 * (as src/main.ts starts it), doing its work with rows only and unable to change the schema.
 */
describe('database roles: migrations as the migrator, the service as a role without DDL rights', () => {
  const suffix = randomBytes(4).toString('hex');
  const superuserUrl = new URL(process.env.DATABASE_URL!);
  const database = `${superuserUrl.pathname.slice(1)}_roles_${suffix}`;
  const migrator = `fd_migrator_${suffix}`;
  const appRole = `fd_app_${suffix}`;
  const passwords = { migrator: randomBytes(12).toString('hex'), app: randomBytes(12).toString('hex') };
  const urlFor = (user: string | null, password?: string) => {
    const url = new URL(superuserUrl);
    url.pathname = `/${database}`;
    if (user) {
      url.username = user;
      url.password = password!;
    }
    return url.toString();
  };
  const superuser = urlFor(null);
  const migratorUrl = urlFor(migrator, passwords.migrator);
  const appUrl = urlFor(appRole, passwords.app);
  let t: TestApp;

  beforeAll(async () => {
    const maintenance = new URL(superuserUrl);
    maintenance.pathname = '/postgres';
    await asRole(maintenance.toString(), (c) => c.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`));
    await asRole(superuser, async (c) => c.query(await rolesSql({ migrator, migrator_password: passwords.migrator, app: appRole, app_password: passwords.app, database })));
    await runMigrations(migratorUrl);

    const config = loadConfig({ ...process.env, DATABASE_URL: appUrl, MIGRATE_ON_START: 'false', QUEUE_PREFIX: `roles${suffix}` });
    await assertMigrated(config.db.url);
    const app = await createHttpApp(config, createLogger(config.log.level));
    await app.init();
    t = { app, http: request(app.getHttpServer()), close: () => app.close() };
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    const maintenance = new URL(superuserUrl);
    maintenance.pathname = '/postgres';
    await asRole(maintenance.toString(), async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
      await c.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(appRole)}`);
      await c.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(migrator)}`);
    });
  });

  it('the migrator owns every table; the app role owns nothing', async () => {
    const owners = await asRole(superuser, (c) => c.query<{ owner: string; n: number }>(`SELECT tableowner AS owner, count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' GROUP BY 1`));
    expect(owners.rows).toEqual([{ owner: migrator, n: expect.any(Number) }]);
    expect(owners.rows[0].n).toBeGreaterThan(10);
  });

  it('the service works as the app role: register, sign in, upload and process a document, chat', async () => {
    const admin = await register(t.http);
    const login = await t.http.post('/api/v1/auth/login').send({ email: admin.email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    const upload = await uploadPdf(t, admin, await simplePdf(['A note, not a statement']));
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(admin)).send({ job_id: upload.job_id });
    expect(start.status).toBe(200);
    const { final } = await waitForProcess(t, admin, start.body.process_id);
    expect(final.status).toBe('completed');
    const session = await newSession(t, admin);
    expect((await ask(t, admin, session, 'What is the total value of my portfolio?')).status).toBe(200);
    expect((await t.http.post(`/api/v1/zen/chat/session/${session}/close`).set(bearer(admin))).status).toBe(200);
    const audit = await t.http.get('/api/v1/audit?limit=10').set(bearer(admin));
    expect(audit.body.result.items.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['auth.register', 'auth.login']));
  });

  it.each([
    ['create a table', 'CREATE TABLE intruder (id int)'],
    ['create a temporary table', 'CREATE TEMP TABLE intruder (id int)'],
    ['create a function', 'CREATE FUNCTION intruder() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$'],
    ['add a column', 'ALTER TABLE users ADD COLUMN intruder text'],
    ['create an index', 'CREATE INDEX intruder ON users (email)'],
    ['drop a table', 'DROP TABLE audit_logs'],
    ['truncate a table', 'TRUNCATE audit_logs'],
    ['disable a trigger', 'ALTER TABLE users DISABLE TRIGGER ALL'],
    ['grant itself the right to create', 'GRANT CREATE ON SCHEMA public TO CURRENT_USER; CREATE TABLE intruder (id int)'],
  ])('the app role cannot %s', async (_label, statement) => {
    await expect(asRole(appUrl, (c) => c.query(statement))).rejects.toMatchObject({ code: expect.stringMatching(/^42501$/) });
  });

  it('a service that does not migrate refuses to start on a schema that lacks a migration, naming the fix', async () => {
    const [last] = (await asRole(superuser, (c) => c.query<{ id: number; timestamp: string; name: string }>(`SELECT * FROM migrations ORDER BY id DESC LIMIT 1`))).rows;
    await asRole(superuser, (c) => c.query(`DELETE FROM migrations WHERE id = $1`, [last.id]));
    try {
      await expect(assertMigrated(appUrl)).rejects.toThrow(/lacks migrations .* MIGRATE_ON_START=false: run `npm run migrate`/);
    } finally {
      await asRole(superuser, (c) => c.query(`INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)`, [last.id, last.timestamp, last.name]));
    }
    await expect(assertMigrated(appUrl)).resolves.toBeUndefined();
  });
});
