import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuditService } from '../../src/modules/audit/audit.service.js';
import { AuthModule } from '../../src/modules/auth/auth.module.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { UsersRepository } from '../../src/modules/users/users.repository.js';
import { sql } from '../support/db.js';
import { CLIENT, failure, serviceHarness, sessionIdOf, STRONG_PASSWORD, uniqueEmail, type ServiceHarness } from '../support/service-harness.js';

// Registration, sign-in and the life of a session (refresh rotation, reuse detection, expiry, logout).
// How each answer looks on the wire (status codes, the token pair's shape, where the refresh token may
// be sent) is in test/e2e/auth.e2e-spec.ts.
describe('AuthService: accounts and sessions', () => {
  let h: ServiceHarness;
  let auth: AuthService;
  beforeAll(async () => {
    h = await serviceHarness(AuthModule);
    auth = h.get(AuthService);
  });
  afterAll(() => h.close());

  const session = async (id: string) => (await sql(`SELECT revoked_reason, revoked_at FROM sessions WHERE id = $1`, [id]))[0];

  describe('register', () => {
    it('creates a tenant named after the firm (or the person) with its first user as admin, and records it', async () => {
      const email = uniqueEmail('founder');
      const pair = await auth.register({ email, password: STRONG_PASSWORD, full_name: 'Meera Iyer', tenant_name: 'Iyer Wealth' }, CLIENT);
      expect(pair.user).toMatchObject({ email, role: 'admin', full_name: 'Meera Iyer' });
      const [tenant] = await sql(`SELECT name FROM tenants WHERE id = $1`, [pair.user.tenant_id]);
      expect(tenant.name).toBe('Iyer Wealth');
      const named = await auth.register({ email: uniqueEmail('solo'), password: STRONG_PASSWORD, full_name: 'Solo Planner' }, CLIENT);
      expect((await sql(`SELECT name FROM tenants WHERE id = $1`, [named.user.tenant_id]))[0].name).toBe('Solo Planner');
      const audit = await h.get(AuditService).list(pair.user.tenant_id, { page: 1, limit: 10 });
      expect(audit.items.map((e) => e.action).sort()).toEqual(['auth.login', 'auth.register']);
    });

    it('refuses an address that has an account in any tenant, and a weak password, creating no tenant', async () => {
      const tenant = await h.tenant();
      const before = (await sql(`SELECT count(*)::int AS n FROM tenants`))[0].n;
      expect(await failure(auth.register({ email: tenant.admin.email, password: STRONG_PASSWORD, full_name: 'X' }, CLIENT))).toBe('EMAIL_TAKEN');
      expect(await failure(auth.register({ email: uniqueEmail(), password: 'weak', full_name: 'X' }, CLIENT))).toBe('PASSWORD_POLICY_VIOLATION');
      expect((await sql(`SELECT count(*)::int AS n FROM tenants`))[0].n).toBe(before);
    });
  });

  describe('login', () => {
    it('a wrong password and an unknown address fail alike; a disabled account is named only to someone with its password', async () => {
      const tenant = await h.tenant();
      const user = await tenant.user('viewer', { password: STRONG_PASSWORD });
      expect(await failure(auth.login({ email: user.email, password: 'Wrong-Passw0rd!' }, CLIENT))).toBe('INVALID_CREDENTIALS');
      expect(await failure(auth.login({ email: uniqueEmail('ghost'), password: 'Wrong-Passw0rd!' }, CLIENT))).toBe('INVALID_CREDENTIALS');
      await h.get(UsersRepository).update(user.userId, { disabledAt: new Date() });
      expect(await failure(auth.login({ email: user.email, password: 'Wrong-Passw0rd!' }, CLIENT))).toBe('INVALID_CREDENTIALS');
      expect(await failure(auth.login({ email: user.email, password: STRONG_PASSWORD }, CLIENT))).toBe('ACCOUNT_DISABLED');
    });

    it('an account without a password (SSO only) cannot sign in with one', async () => {
      const tenant = await h.tenant();
      const user = await tenant.user('viewer');
      expect(await failure(auth.login({ email: user.email, password: STRONG_PASSWORD }, CLIENT))).toBe('INVALID_CREDENTIALS');
    });
  });

  describe('refresh', () => {
    it('rotates the refresh token; using a spent one revokes the whole session, the rotated tokens with it', async () => {
      const tenant = await h.tenant();
      const signedIn = await h.signIn(await tenant.user('analyst', { password: STRONG_PASSWORD }));
      const rotated = await auth.refresh(signedIn.refreshToken, CLIENT);
      expect(rotated.refresh_token).not.toBe(signedIn.refreshToken);
      expect(sessionIdOf(rotated.access_token)).toBe(signedIn.sessionId);
      expect(await failure(auth.refresh(signedIn.refreshToken, CLIENT))).toBe('REFRESH_TOKEN_REUSED');
      expect(await session(signedIn.sessionId)).toMatchObject({ revoked_reason: 'refresh_token_reused' });
      expect(await failure(auth.refresh(rotated.refresh_token, CLIENT))).toBe('SESSION_REVOKED');
      const audit = await h.get(AuditService).list(tenant.id, { page: 1, limit: 10 });
      expect(audit.items.find((e) => e.action === 'auth.refresh_token_reused')).toMatchObject({ outcome: 'failure', target_id: signedIn.sessionId });
    });

    it('of two concurrent refreshes with one token exactly one wins', async () => {
      const tenant = await h.tenant();
      const signedIn = await h.signIn(await tenant.user('viewer', { password: STRONG_PASSWORD }));
      const outcomes = await Promise.allSettled([1, 2].map(() => auth.refresh(signedIn.refreshToken, CLIENT)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    });

    it.each([
      { name: 'idle past its idle expiry', column: 'idle_expires_at' },
      { name: 'past its absolute expiry', column: 'absolute_expires_at' },
    ])('a session $name refreshes no more (TOKEN_EXPIRED) and is ended', async ({ column }) => {
      const tenant = await h.tenant();
      const signedIn = await h.signIn(await tenant.user('viewer', { password: STRONG_PASSWORD }));
      await sql(`UPDATE sessions SET ${column} = now() - interval '1 second' WHERE id = $1`, [signedIn.sessionId]);
      expect(await failure(auth.refresh(signedIn.refreshToken, CLIENT))).toBe('TOKEN_EXPIRED');
      expect(await session(signedIn.sessionId)).toMatchObject({ revoked_reason: 'expired' });
    });

    it('refreshing moves the idle expiry on, never past the absolute one', async () => {
      const tenant = await h.tenant();
      const signedIn = await h.signIn(await tenant.user('viewer', { password: STRONG_PASSWORD }));
      await sql(`UPDATE sessions SET idle_expires_at = now() + interval '1 minute', absolute_expires_at = now() + interval '1 hour' WHERE id = $1`, [signedIn.sessionId]);
      await auth.refresh(signedIn.refreshToken, CLIENT);
      const [row] = await sql(`SELECT idle_expires_at, absolute_expires_at FROM sessions WHERE id = $1`, [signedIn.sessionId]);
      expect(row.idle_expires_at).toEqual(row.absolute_expires_at);
    });

    it('the session of an account disabled meanwhile refreshes no more (ACCOUNT_DISABLED) and is ended', async () => {
      const tenant = await h.tenant();
      const user = await tenant.user('viewer', { password: STRONG_PASSWORD });
      const signedIn = await h.signIn(user);
      // Disabled behind the service's back (users.service ends the sessions itself): the refresh still checks.
      await h.get(UsersRepository).update(user.userId, { disabledAt: new Date() });
      expect(await failure(auth.refresh(signedIn.refreshToken, CLIENT))).toBe('ACCOUNT_DISABLED');
      expect(await session(signedIn.sessionId)).toMatchObject({ revoked_reason: 'account_disabled' });
    });

    it('an access token is no refresh token', async () => {
      const tenant = await h.tenant();
      const signedIn = await h.signIn(await tenant.user('viewer', { password: STRONG_PASSWORD }));
      expect(await failure(auth.refresh(signedIn.accessToken, CLIENT))).toBe('TOKEN_INVALID');
    });
  });

  describe('logout', () => {
    it('ends this session only: its refresh token is refused, the other sessions of the user go on', async () => {
      const tenant = await h.tenant();
      const user = await tenant.user('viewer', { password: STRONG_PASSWORD });
      const [one, two] = [await h.signIn(user), await h.signIn(user)];
      await auth.logout(one.sessionId);
      expect(await session(one.sessionId)).toMatchObject({ revoked_reason: 'logout' });
      expect(await failure(auth.refresh(one.refreshToken, CLIENT))).toBe('SESSION_REVOKED');
      expect(await session(two.sessionId)).toMatchObject({ revoked_reason: null });
      await auth.refresh(two.refreshToken, CLIENT);
    });
  });
});
