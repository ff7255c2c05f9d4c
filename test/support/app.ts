import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createHttpApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/app-config.js';
import { createLogger } from '../../src/common/logging/logger.js';
import type { Role } from '../../src/common/auth/roles.js';
import { runMigrations } from '../../src/database/migrate.js';

let migrated: Promise<unknown> | null = null;

export const STRONG_PASSWORD = 'Str0ng-Passw0rd!';

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

/** The real application (real PostgreSQL and Redis) on an ephemeral port, with optional env overrides. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ ...process.env, ...env });
  migrated ??= runMigrations(config.db.url);
  await migrated;
  const app = await createHttpApp(config, createLogger(config.log.level));
  await app.init();
  const server = app.getHttpServer();
  return { app, http: request(server), close: () => app.close() };
}

export const uniqueEmail = (label = 'user') => `${label}.${randomBytes(6).toString('hex')}@example.in`;

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

export async function addUser(http: TestApp['http'], admin: Account, role: Role): Promise<Account> {
  const email = uniqueEmail(role);
  const res = await http
    .post('/api/v1/users')
    .set('Authorization', `Bearer ${admin.accessToken}`)
    .send({ email, full_name: `Test ${role}`, role, password: STRONG_PASSWORD });
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
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

export const bearer = (account: Account) => ({ Authorization: `Bearer ${account.accessToken}` });

/** Asserts the error envelope and returns its code. */
export function errorCode(res: { body: { success?: boolean; result?: unknown; error?: { code?: string } } }): string | undefined {
  if (res.body.success !== false || res.body.result !== null) throw new Error(`not an error envelope: ${JSON.stringify(res.body)}`);
  return res.body.error?.code;
}
