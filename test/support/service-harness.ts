// The service tier: a module's services against the real PostgreSQL and Redis, without HTTP.
// `serviceHarness(UsersModule)` builds a Nest testing module of the module under test with the same
// configuration, database and Redis modules the application has (real repositories, real
// transactions), on the test database the global setup created and with the migrations the service
// applies at boot. Each test asks for a fresh tenant (`h.tenant()`), so tests share no rows.
import { randomBytes } from 'node:crypto';
import type { DynamicModule, Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Principal } from '../../src/common/auth/principal.js';
import type { Role } from '../../src/common/auth/roles.js';
import { prefixedId } from '../../src/common/ids.js';
import { createLogger } from '../../src/common/logging/logger.js';
import { LoggingModule } from '../../src/common/logging/logging.module.js';
import { AppConfig, loadConfig } from '../../src/config/app-config.js';
import { MetricsModule } from '../../src/modules/metrics/metrics.module.js';
import { ConfigModule } from '../../src/config/config.module.js';
import { DatabaseModule } from '../../src/database/database.module.js';
import { runMigrations } from '../../src/database/migrate.js';
import { AppException } from '../../src/common/errors/app.exception.js';
import type { ErrorCode } from '../../src/common/errors/error-codes.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { PasswordService } from '../../src/modules/auth/password.service.js';
import { RedisModule } from '../../src/modules/redis/redis.module.js';
import { TenantsModule } from '../../src/modules/tenants/tenants.module.js';
import { TenantsService } from '../../src/modules/tenants/tenants.service.js';
import { UsersCoreModule } from '../../src/modules/users/users-core.module.js';
import { UsersRepository } from '../../src/modules/users/users.repository.js';
import { STRONG_PASSWORD, uniqueEmail } from './accounts.js';
import { Mailbox } from './mailbox.js';

export { STRONG_PASSWORD, uniqueEmail };

/** The client a service call comes from (what the HTTP layer would pass). */
export const CLIENT = { ip: '127.0.0.1', userAgent: 'service-test' };

/** A user of a test tenant, as the service layer sees the caller once the JWT guard has passed. */
export interface TestUser extends Principal {
  password: string | null;
}

export interface TestTenant {
  id: string;
  admin: TestUser;
  /** Adds a user of the tenant with the role; without a password unless one is given (Argon2 takes its time). */
  user(role: Role, options?: { email?: string; password?: string | null; fullName?: string }): Promise<TestUser>;
}

export interface ServiceHarness {
  module: TestingModule;
  config: AppConfig;
  /** The real SMTP receiver on loopback the module's mail goes to (started with `{ mail: true }`). */
  mailbox: Mailbox | null;
  get<T>(token: Type<T> | string | symbol): T;
  /** Signs the user in with their password through AuthService (a real session); the principal of that session and its tokens. */
  signIn(user: TestUser): Promise<TestUser & { accessToken: string; refreshToken: string }>;
  /** A brand-new tenant with one admin (who has no password unless `adminPassword` is given). */
  tenant(name?: string, adminPassword?: string): Promise<TestTenant>;
  close(): Promise<void>;
}

let migrated: Promise<unknown> | null = null;

/**
 * Builds the module under test (with its real imports; several, e.g. with the global QueueModule a
 * module's queues need) over the application's configuration, logging, database and Redis modules. `env` overrides configuration variables; `mail` starts a
 * real SMTP receiver on loopback and points SMTP_URL at it; `overrides` replace providers' values (a
 * start-up input such as a data file's path).
 */
export async function serviceHarness(
  moduleUnderTest: Type | DynamicModule | Array<Type | DynamicModule>,
  options: { env?: Record<string, string>; mail?: boolean; overrides?: Array<{ provide: Type | string | symbol; useValue: unknown }> } = {},
): Promise<ServiceHarness> {
  const mailbox = options.mail ? await new Mailbox().start() : null;
  const config = loadConfig({ ...process.env, ...(mailbox ? { SMTP_URL: mailbox.url } : {}), ...options.env });
  migrated ??= runMigrations(config.db.url);
  await migrated;
  const builder = Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      LoggingModule.forRoot(createLogger(config.log.level)),
      DatabaseModule,
      RedisModule,
      TenantsModule,
      UsersCoreModule,
      MetricsModule,
      ...[moduleUnderTest].flat(),
    ],
  });
  for (const { provide, useValue } of options.overrides ?? []) builder.overrideProvider(provide).useValue(useValue);
  const module = await builder.compile();
  try {
    await module.init();
  } catch (error) {
    // A start-up that fails (what some tests prove) leaves no connection open behind it.
    await module.close().catch(() => undefined);
    await mailbox?.stop();
    throw error;
  }
  const get = <T>(token: Type<T> | string | symbol): T => module.get(token, { strict: false });
  const users = get(UsersRepository);
  let passwords: PasswordService | null = null;
  const hash = (password: string) => (passwords ??= new PasswordService(config)).hash(password);

  async function addUser(tenantId: string, role: Role, o: { email?: string; password?: string | null; fullName?: string } = {}): Promise<TestUser> {
    const password = o.password ?? null;
    const passwordHash = password === null ? null : await hash(password);
    const user = await users.insert({
      id: prefixedId('usr'),
      tenantId,
      email: o.email ?? uniqueEmail(role),
      passwordHash,
      fullName: o.fullName ?? `Test ${role}`,
      role,
    });
    if (passwordHash) await users.addPasswordHistory(user.id, passwordHash);
    // No session exists until the user signs in (AuthService); a principal for calls that need none.
    return { userId: user.id, tenantId, role, sessionId: 'ses_none', email: user.email, password };
  }

  return {
    module,
    config,
    mailbox,
    get,
    async signIn(user) {
      if (!user.password) throw new Error(`${user.email} has no password to sign in with`);
      const pair = await get(AuthService).login({ email: user.email, password: user.password }, CLIENT);
      return { ...user, sessionId: sessionIdOf(pair.access_token), accessToken: pair.access_token, refreshToken: pair.refresh_token };
    },
    async tenant(name = `Tenant ${randomBytes(4).toString('hex')}`, adminPassword?: string) {
      const tenant = await get(TenantsService).create(name);
      const admin = await addUser(tenant.id, 'admin', { email: uniqueEmail('admin'), password: adminPassword });
      return { id: tenant.id, admin, user: (role, o) => addUser(tenant.id, role, o) };
    },
    async close() {
      await module.close();
      await mailbox?.stop();
    },
  };
}

/** The error code a service call fails with (an AppException); fails the test when it succeeds or throws anything else. */
export async function failure(call: Promise<unknown>): Promise<ErrorCode> {
  let outcome: unknown;
  try {
    outcome = await call;
  } catch (error) {
    if (error instanceof AppException) return error.code;
    throw error;
  }
  throw new Error(`expected an AppException, the call answered ${JSON.stringify(outcome)}`);
}

/** The session a token (access or refresh) names: its `sid` claim, read without verifying. */
export const sessionIdOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
