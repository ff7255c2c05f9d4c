import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createHttpApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/app-config.js';
import { createLogger } from '../../src/common/logging/logger.js';
import type { Role } from '../../src/common/auth/roles.js';
import { runMigrations } from '../../src/database/migrate.js';
import { STRONG_PASSWORD, uniqueEmail } from './accounts.js';
import { invitationLink, Mailbox } from './mailbox.js';
import { S3Stand } from './s3-store.js';

export { STRONG_PASSWORD, uniqueEmail };

let migrated: Promise<unknown> | null = null;

/**
 * Every test app delivers its mail to one real SMTP receiver on loopback (unless the suite sets
 * SMTP_URL itself); it runs while any app of the suite does.
 */
let mailbox: Mailbox | null = null;
let appsRunning = 0;

/** The SMTP receiver the suite's apps send to (started with the first app). */
export function testMailbox(): Mailbox {
  if (!mailbox) throw new Error('no test app is running, so no mailbox either');
  return mailbox;
}

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

/** The real application (real PostgreSQL and Redis) on an ephemeral port, with optional env overrides. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  if (appsRunning++ === 0) mailbox = await new Mailbox().start();
  // TEST_STORAGE_DRIVER=s3: an app whose suite names no driver keeps its documents in an S3-compatible
  // server of its own on loopback (test/support/s3-store.ts) instead of STORAGE_DIR.
  const stand = process.env.TEST_STORAGE_DRIVER === 's3' && !env.STORAGE_DRIVER ? await new S3Stand().start() : null;
  const config = loadConfig({ ...process.env, SMTP_URL: mailbox!.url, ...(stand ? stand.env() : {}), ...env });
  migrated ??= runMigrations(config.db.url);
  await migrated;
  const app = await createHttpApp(config, createLogger(config.log.level));
  await app.init();
  const server = app.getHttpServer();
  const close = async () => {
    await app.close();
    await stand?.destroy();
    if (--appsRunning === 0) await mailbox?.stop();
  };
  return { app, http: request(server), close };
}

export interface Account {
  email: string;
  password: string;
  userId: string;
  tenantId: string;
  accessToken: string;
  refreshToken: string;
}

export async function register(http: TestApp['http'], overrides: Partial<{ email: string; password: string; full_name: string }> = {}): Promise<Account> {
  const body = { email: uniqueEmail('admin'), password: STRONG_PASSWORD, full_name: 'Asha Admin', ...overrides };
  const res = await http.post('/api/v1/auth/register').send(body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const r = res.body.result;
  return { email: body.email, password: body.password, userId: r.user.id, tenantId: r.user.tenant_id, accessToken: r.access_token, refreshToken: r.refresh_token };
}

export async function login(http: TestApp['http'], email: string, password = STRONG_PASSWORD): Promise<Account> {
  const res = await http.post('/api/v1/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const r = res.body.result;
  return { email, password, userId: r.user.id, tenantId: r.user.tenant_id, accessToken: r.access_token, refreshToken: r.refresh_token };
}

/** Invites the address as `admin` and answers the token the mailed link carries (read from the test SMTP receiver). */
export async function invite(http: TestApp['http'], admin: Account, body: { email: string; role: Role; full_name?: string }): Promise<string> {
  const seen = testMailbox().mailsTo(body.email).length;
  const res = await http
    .post('/api/v1/users')
    .set('Authorization', `Bearer ${admin.accessToken}`)
    .send({ full_name: `Test ${body.role}`, ...body });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return invitationLink(await testMailbox().nextMailTo(body.email, seen)).token;
}

/** Accepts an invitation with its token, choosing the password. */
export async function acceptInvitation(http: TestApp['http'], token: string, password = STRONG_PASSWORD) {
  const res = await http.post('/api/v1/invitations/accept').send({ token, password });
  if (res.status !== 201) throw new Error(`accepting the invitation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.result as { user: { id: string; email: string; role: Role; tenant_id: string; full_name: string }; sso_login_url: string | null };
}

/** A user of the admin's tenant, added the real way (invited, link mailed, accepted), signed in. */
export async function addUser(http: TestApp['http'], admin: Account, role: Role, email = uniqueEmail(role)): Promise<Account> {
  await acceptInvitation(http, await invite(http, admin, { email, role }));
  return login(http, email);
}

export interface Tenant {
  admin: Account;
  analyst: Account;
  viewer: Account;
}

/** A fresh tenant with one user of each role, all signed in. */
export async function createTenant(http: TestApp['http']): Promise<Tenant> {
  const admin = await register(http);
  const [analyst, viewer] = await Promise.all([addUser(http, admin, 'analyst'), addUser(http, admin, 'viewer')]);
  return { admin, analyst, viewer };
}

export interface TwoTenants {
  t: TestApp;
  acme: Tenant;
  rival: Tenant;
}

/**
 * The set-up most suites share: the real application (with optional env overrides) and two fresh
 * tenants with one signed-in user of each role, `acme` to act in and `rival` to show what stays out
 * of reach. The caller closes `t`.
 */
export async function twoTenants(env: Record<string, string> = {}): Promise<TwoTenants> {
  const t = await startTestApp(env);
  try {
    const [acme, rival] = await Promise.all([createTenant(t.http), createTenant(t.http)]);
    return { t, acme, rival };
  } catch (error) {
    await t.close();
    throw error;
  }
}

export const bearer = (account: Account) => ({ Authorization: `Bearer ${account.accessToken}` });

/** GETs a file as raw bytes, whatever its content type: `url` a path, or a full URL of the service (its path is taken). */
export async function download(t: TestApp, account: Account, url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const res = await t.http
    .get(new URL(url, 'http://localhost').pathname + new URL(url, 'http://localhost').search)
    .set(bearer(account))
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return { status: res.status, headers: res.headers as Record<string, string>, body: res.body as Buffer };
}

/** Asserts the error envelope and returns its code. */
export function errorCode(res: { body: { success?: boolean; result?: unknown; error?: { code?: string } } }): string | undefined {
  if (res.body.success !== false || res.body.result !== null) throw new Error(`not an error envelope: ${JSON.stringify(res.body)}`);
  return res.body.error?.code;
}
