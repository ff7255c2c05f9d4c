import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { createHttpApp } from '../../src/app.factory.js';
import { createLogger } from '../../src/common/logging/logger.js';
import { loadConfig } from '../../src/config/app-config.js';
import { dataSourceOptions } from '../../src/database/data-source.js';
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
 * A database of its own for a describe block, with the names and passwords of its migrator and app
 * roles (created by roles.sql) and the URLs to reach it as each; `drop` removes the database and both roles.
 */
function rolesDatabase(tag: string) {
  const suffix = randomBytes(4).toString('hex');
  const superuserUrl = new URL(process.env.DATABASE_URL!);
  const database = `${superuserUrl.pathname.slice(1)}_${tag}_${suffix}`;
  const migrator = `fd_migrator_${suffix}`;
  const appRole = `fd_app_${suffix}`;
  const passwords = { migrator: randomBytes(12).toString('hex'), app: randomBytes(12).toString('hex') };
  const urlFor = (user: string | null, password?: string, name = database) => {
    const url = new URL(superuserUrl);
    url.pathname = `/${name}`;
    if (user) {
      url.username = user;
      url.password = password!;
    }
    return url.toString();
  };
  const maintenance = urlFor(null, undefined, 'postgres');
  return {
    suffix,
    migrator,
    appRole,
    superuser: urlFor(null),
    migratorUrl: urlFor(migrator, passwords.migrator),
    appUrl: urlFor(appRole, passwords.app),
    /** roles.sql's psql variables. */
    variables: { migrator, migrator_password: passwords.migrator, app: appRole, app_password: passwords.app, database },
    create: () => asRole(maintenance, (c) => c.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`)),
    drop: () =>
      asRole(maintenance, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
        await c.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(appRole)}`);
        await c.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(migrator)}`);
      }),
  };
}

/** The service started as the app role without migrating (as src/main.ts starts it), after checking the schema is migrated. */
async function startAsAppRole(appUrl: string, queuePrefix: string): Promise<TestApp> {
  const config = loadConfig({ ...process.env, DATABASE_URL: appUrl, MIGRATE_ON_START: 'false', QUEUE_PREFIX: queuePrefix });
  await assertMigrated(config.db.url);
  const app = await createHttpApp(config, createLogger(config.log.level));
  await app.init();
  return { app, http: request(app.getHttpServer()), close: () => app.close() };
}

/**
 * The compose file's arrangement, on the real PostgreSQL: the roles of docker/postgres/roles.sql, the
 * migrations applied by the migrator, the service started as the app role with MIGRATE_ON_START=false
 * (as src/main.ts starts it), doing its work with rows only and unable to change the schema.
 */
describe('database roles: migrations as the migrator, the service as a role without DDL rights', () => {
  const { suffix, migrator, superuser, migratorUrl, appUrl, variables, create, drop } = rolesDatabase('roles');
  let t: TestApp;

  beforeAll(async () => {
    await create();
    await asRole(superuser, async (c) => c.query(await rolesSql(variables)));
    await runMigrations(migratorUrl);
    t = await startAsAppRole(appUrl, `roles${suffix}`);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await drop();
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
    { name: 'create a table', statement: 'CREATE TABLE intruder (id int)' },
    { name: 'create a temporary table', statement: 'CREATE TEMP TABLE intruder (id int)' },
    { name: 'create a function', statement: 'CREATE FUNCTION intruder() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$' },
    { name: 'add a column', statement: 'ALTER TABLE users ADD COLUMN intruder text' },
    { name: 'create an index', statement: 'CREATE INDEX intruder ON users (email)' },
    { name: 'drop a table', statement: 'DROP TABLE audit_logs' },
    { name: 'truncate a table', statement: 'TRUNCATE audit_logs' },
    { name: 'disable a trigger', statement: 'ALTER TABLE users DISABLE TRIGGER ALL' },
    { name: 'grant itself the right to create', statement: 'GRANT CREATE ON SCHEMA public TO CURRENT_USER; CREATE TABLE intruder (id int)' },
  ])('the app role cannot $name', async ({ statement }) => {
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

/**
 * Upgrading a deployment from before the roles: a database the superuser migrated (every table,
 * sequence and function owned by postgres). roles.sql, run twice as on two starts of compose's
 * db-roles, creates the roles and hands the schema to the migrator; a later migration then runs as the
 * migrator (DropDocumentListItem drops a trigger function and a column, which only their owner may),
 * and the service starts as the app role, with rows only.
 */
describe('database roles: upgrading a database the superuser migrated', () => {
  const { suffix, migrator, appRole, superuser, migratorUrl, appUrl, variables, create, drop } = rolesDatabase('rolesup');
  const laterMigrations = MIGRATIONS.slice(MIGRATIONS.findIndex((m) => m.name === 'DropDocumentListItem1795500789130'));
  let t: TestApp | undefined;

  /** Objects of the schema (tables, sequences, views, types, functions) the migrator does not own. */
  const notTheMigrators = () =>
    asRole(superuser, async (c) =>
      (
        await c.query<{ name: string; owner: string }>(
          // Objects of extensions (pgcrypto's functions) stay with their extension.
          `SELECT relname AS name, pg_get_userbyid(relowner) AS owner FROM pg_class o WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p', 'v', 'm', 'S') AND relowner <> $1::regrole
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = o.oid AND d.deptype = 'e')
           UNION ALL SELECT typname, pg_get_userbyid(typowner) FROM pg_type o WHERE typnamespace = 'public'::regnamespace AND typowner <> $1::regrole
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = o.oid AND d.deptype = 'e')
           UNION ALL SELECT proname, pg_get_userbyid(proowner) FROM pg_proc o WHERE pronamespace = 'public'::regnamespace AND proowner <> $1::regrole
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = o.oid AND d.deptype = 'e')`,
          [migrator],
        )
      ).rows,
    );

  beforeAll(async () => {
    await create();
    // The deployment as it was: migrated by the superuser, up to the migration before the later ones.
    const before = new DataSource({ ...dataSourceOptions(superuser), migrations: MIGRATIONS.slice(0, MIGRATIONS.length - laterMigrations.length) });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    await before.destroy();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await drop();
  });

  it('starts with tables and a function the superuser owns, which a migrator could not alter', async () => {
    const owned = await asRole(superuser, (c) => c.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user`));
    expect(owned.rows[0].n).toBeGreaterThan(10);
    expect(await asRole(superuser, (c) => c.query(`SELECT 1 FROM pg_proc WHERE proname = 'documents_list_item'`))).toMatchObject({ rowCount: 1 });
  });

  it('roles.sql, run twice, creates the roles and hands every table, sequence, type and function to the migrator', async () => {
    for (let run = 0; run < 2; run++) await asRole(superuser, async (c) => c.query(await rolesSql(variables)));
    expect(await notTheMigrators()).toEqual([]);
    const roles = await asRole(superuser, (c) =>
      c.query<{ rolname: string; rolsuper: boolean; rolcreatedb: boolean }>(`SELECT rolname, rolsuper, rolcreatedb FROM pg_roles WHERE rolname = ANY($1) ORDER BY rolname`, [[migrator, appRole]]),
    );
    expect(roles.rows).toEqual([
      { rolname: appRole, rolsuper: false, rolcreatedb: false },
      { rolname: migrator, rolsuper: false, rolcreatedb: false },
    ]);
  });

  it('a later migration runs as the migrator, and the service as the app role with rows only', async () => {
    expect(await runMigrations(migratorUrl)).toEqual(laterMigrations.map((m) => m.name));
    expect(await asRole(superuser, (c) => c.query(`SELECT 1 FROM pg_proc WHERE proname = 'documents_list_item'`))).toMatchObject({ rowCount: 0 });
    expect(await notTheMigrators()).toEqual([]);

    t = await startAsAppRole(appUrl, `rolesup${suffix}`);
    const admin = await register(t.http);
    expect((await t.http.post('/api/v1/auth/login').send({ email: admin.email, password: STRONG_PASSWORD })).status).toBe(200);
    // Rows written before the upgrade are the app's to read and write too.
    expect((await asRole(appUrl, (c) => c.query(`UPDATE migrations SET name = name WHERE false`))).rowCount).toBe(0);
    for (const statement of ['CREATE TABLE intruder (id int)', 'ALTER TABLE users ADD COLUMN intruder text', 'DROP TABLE audit_logs', 'TRUNCATE audit_logs']) {
      await expect(asRole(appUrl, (c) => c.query(statement))).rejects.toMatchObject({ code: '42501' });
    }
  }, 60_000);
});
