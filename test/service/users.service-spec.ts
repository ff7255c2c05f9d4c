import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuditService } from '../../src/modules/audit/audit.service.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { UsersModule } from '../../src/modules/users/users.module.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { sql } from '../support/db.js';
import { CLIENT, failure, serviceHarness, STRONG_PASSWORD, type ServiceHarness } from '../support/service-harness.js';

describe('UsersService', () => {
  let h: ServiceHarness;
  let users: UsersService;
  beforeAll(async () => {
    h = await serviceHarness(UsersModule);
    users = h.get(UsersService);
  });
  afterAll(() => h.close());

  const revokedReasons = async (userId: string) =>
    Object.fromEntries((await sql(`SELECT id, revoked_reason FROM sessions WHERE user_id = $1`, [userId])).map((r) => [r.id, r.revoked_reason]));

  describe('changing your own name and password', () => {
    it('renames the caller', async () => {
      const { admin } = await h.tenant();
      expect(await users.updateMe(admin, { full_name: 'Vikram Rao' }, CLIENT)).toMatchObject({ id: admin.userId, full_name: 'Vikram Rao' });
    });

    it('changes the password with the current one: the other sessions end, this one stays, and only the new password signs in', async () => {
      const tenant = await h.tenant();
      const viewer = await tenant.user('viewer', { password: STRONG_PASSWORD });
      const [mine, other] = [await h.signIn(viewer), await h.signIn(viewer)];
      await users.updateMe(mine, { current_password: STRONG_PASSWORD, new_password: 'An0ther-Passw0rd!' }, CLIENT);
      expect(await revokedReasons(viewer.userId)).toEqual({ [mine.sessionId]: null, [other.sessionId]: 'password_changed' });
      await h.signIn({ ...viewer, password: 'An0ther-Passw0rd!' });
      expect(await failure(h.signIn(viewer))).toBe('INVALID_CREDENTIALS');
    });

    it('refuses any of the last five passwords, and accepts the sixth-oldest', async () => {
      const tenant = await h.tenant();
      const history = [STRONG_PASSWORD, 'Passw0rd!-two-2', 'Passw0rd!-three-3', 'Passw0rd!-four-4', 'Passw0rd!-five-5'];
      const user = await h.signIn(await tenant.user('analyst', { password: history[0] }));
      for (let i = 1; i < history.length; i++) await users.updateMe(user, { current_password: history[i - 1], new_password: history[i] }, CLIENT);
      for (const reused of history) {
        expect(await failure(users.updateMe(user, { current_password: history[4], new_password: reused }, CLIENT))).toBe('PASSWORD_REUSED');
      }
      await users.updateMe(user, { current_password: history[4], new_password: 'Passw0rd!-six-6' }, CLIENT);
      // STRONG_PASSWORD is now the sixth-oldest: allowed again.
      await users.updateMe(user, { current_password: 'Passw0rd!-six-6', new_password: STRONG_PASSWORD }, CLIENT);
    });

    it.each([
      { name: 'a wrong current password', change: { current_password: 'Wrong-Passw0rd!', new_password: 'An0ther-Passw0rd!' }, code: 'INVALID_CREDENTIALS' },
      { name: 'no current password', change: { new_password: 'An0ther-Passw0rd!' }, code: 'VALIDATION_ERROR' },
      { name: 'a weak new password', change: { current_password: STRONG_PASSWORD, new_password: 'weak' }, code: 'PASSWORD_POLICY_VIOLATION' },
      { name: 'nothing to change', change: {}, code: 'VALIDATION_ERROR' },
    ])('refuses $name with $code and changes nothing', async ({ change, code }) => {
      const tenant = await h.tenant();
      const user = await tenant.user('viewer', { password: STRONG_PASSWORD });
      expect(await failure(users.updateMe(user, change, CLIENT))).toBe(code);
      await h.signIn(user);
    });
  });

  describe("an admin manages the tenant's users", () => {
    it("lists the tenant's users only, oldest first, paginated", async () => {
      const [acme, other] = [await h.tenant(), await h.tenant()];
      const analyst = await acme.user('analyst');
      const viewer = await acme.user('viewer');
      await other.user('viewer');
      const first = await users.list(acme.id, { page: 1, limit: 2 });
      expect(first).toMatchObject({ page: 1, limit: 2, total: 3, has_more: true });
      expect(first.items.map((u) => u.id)).toEqual([acme.admin.userId, analyst.userId]);
      const all = await users.list(acme.id, { page: 1, limit: 100 });
      expect(all.items.map((u) => u.id)).toEqual([acme.admin.userId, analyst.userId, viewer.userId]);
      for (const u of all.items) expect(u).not.toHaveProperty('password_hash');
    });

    it('changes a role and records who changed it from what to what', async () => {
      const tenant = await h.tenant();
      const user = await tenant.user('viewer');
      expect(await users.changeRole(tenant.admin, user.userId, 'analyst', CLIENT)).toMatchObject({ id: user.userId, role: 'analyst' });
      const audit = await h.get(AuditService).list(tenant.id, { page: 1, limit: 10 });
      expect(audit.items.find((e) => e.action === 'user.role_change')).toMatchObject({ actor_id: tenant.admin.userId, target_id: user.userId, metadata: { from: 'viewer', to: 'analyst' } });
    });

    it('a role change to the role the user has changes and records nothing', async () => {
      const tenant = await h.tenant();
      const user = await tenant.user('viewer');
      expect(await users.changeRole(tenant.admin, user.userId, 'viewer', CLIENT)).toMatchObject({ role: 'viewer' });
      const audit = await h.get(AuditService).list(tenant.id, { page: 1, limit: 10 });
      expect(audit.items.filter((e) => e.action === 'user.role_change')).toEqual([]);
    });

    it('disabling ends every session of the user and refuses their sign-in; enabling restores sign-in', async () => {
      const tenant = await h.tenant();
      const user = await tenant.user('analyst', { password: STRONG_PASSWORD });
      const session = await h.signIn(user);
      expect(await users.setDisabled(tenant.admin, user.userId, true, CLIENT)).toMatchObject({ disabled: true });
      expect(await revokedReasons(user.userId)).toEqual({ [session.sessionId]: 'account_disabled' });
      expect(await failure(h.get(AuthService).refresh(session.refreshToken, CLIENT))).toBe('SESSION_REVOKED');
      expect(await failure(h.signIn(user))).toBe('ACCOUNT_DISABLED');
      expect(await users.setDisabled(tenant.admin, user.userId, false, CLIENT)).toMatchObject({ disabled: false });
      await h.signIn(user);
    });

    it('records role changes and disabling in the audit log, newest first', async () => {
      const tenant = await h.tenant();
      const user = await tenant.user('viewer');
      await users.changeRole(tenant.admin, user.userId, 'analyst', CLIENT);
      await users.setDisabled(tenant.admin, user.userId, true, CLIENT);
      const audit = await h.get(AuditService).list(tenant.id, { page: 1, limit: 10 });
      expect(audit.items.filter((e) => e.target_id === user.userId).map((e) => `${e.action}:${e.outcome}`)).toEqual(['user.disable:success', 'user.role_change:success']);
    });

    it('an admin can neither change their own role nor disable themselves', async () => {
      const { admin } = await h.tenant();
      expect(await failure(users.changeRole(admin, admin.userId, 'viewer', CLIENT))).toBe('CONFLICT');
      expect(await failure(users.setDisabled(admin, admin.userId, true, CLIENT))).toBe('CONFLICT');
    });

    it('an admin who was demoted or disabled meanwhile (their token not yet refused) changes nothing', async () => {
      const tenant = await h.tenant();
      const [demoted, disabled, target] = [await tenant.user('admin'), await tenant.user('admin'), await tenant.user('viewer')];
      await users.changeRole(tenant.admin, demoted.userId, 'analyst', CLIENT);
      await users.setDisabled(tenant.admin, disabled.userId, true, CLIENT);
      for (const stale of [demoted, disabled]) {
        expect(await failure(users.changeRole(stale, target.userId, 'admin', CLIENT))).toBe('FORBIDDEN');
        expect(await failure(users.setDisabled(stale, target.userId, true, CLIENT))).toBe('FORBIDDEN');
      }
      expect(await users.get(tenant.id, target.userId)).toMatchObject({ role: 'viewer', disabled: false });
    });

    it.each([
      { name: 'demote', act: (s: UsersService, by: Parameters<UsersService['changeRole']>[0], target: string) => s.changeRole(by, target, 'viewer', CLIENT) },
      { name: 'disable', act: (s: UsersService, by: Parameters<UsersService['changeRole']>[0], target: string) => s.setDisabled(by, target, true, CLIENT) },
    ])('two admins who $name each other at once: exactly one wins, the other is refused, the tenant keeps an active admin', async ({ act }) => {
      for (let round = 0; round < 5; round++) {
        const tenant = await h.tenant();
        const [a, b] = [tenant.admin, await tenant.user('admin')];
        const outcomes = await Promise.allSettled([act(users, a, b.userId), act(users, b, a.userId)]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!;
        expect(refused.reason).toMatchObject({ code: 'FORBIDDEN' });
        const all = await users.list(tenant.id, { page: 1, limit: 10 });
        expect(all.items.filter((u) => u.role === 'admin' && !u.disabled)).toHaveLength(1);
      }
    });
  });

  describe('tenant isolation', () => {
    it("another tenant's user is not found by any user operation, and nothing changes on their side", async () => {
      const [acme, other] = [await h.tenant(), await h.tenant()];
      const victim = await other.user('viewer');
      expect(await failure(users.get(acme.id, victim.userId))).toBe('NOT_FOUND');
      expect(await failure(users.changeRole(acme.admin, victim.userId, 'admin', CLIENT))).toBe('NOT_FOUND');
      expect(await failure(users.setDisabled(acme.admin, victim.userId, true, CLIENT))).toBe('NOT_FOUND');
      expect(await failure(users.setDisabled(acme.admin, victim.userId, false, CLIENT))).toBe('NOT_FOUND');
      expect(await users.get(other.id, victim.userId)).toMatchObject({ role: 'viewer', disabled: false });
    });
  });
});
