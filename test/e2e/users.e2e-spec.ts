import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { acceptInvitation, addUser, bearer, errorCode, login, register, STRONG_PASSWORD, testMailbox, twoTenants, uniqueEmail, type Tenant, type TestApp } from '../support/app.js';
import { invitationLink } from '../support/mailbox.js';

describe('users, roles and tenancy', () => {
  let t: TestApp;
  let acme: Tenant;
  let other: Tenant;
  beforeAll(async () => ({ t, acme, rival: other } = await twoTenants()));
  afterAll(() => t.close());

  describe('GET/PATCH /api/v1/users/me', () => {
    it('returns the caller for every role', async () => {
      for (const account of [acme.admin, acme.analyst, acme.viewer]) {
        const res = await t.http.get('/api/v1/users/me').set(bearer(account));
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({ id: account.userId, email: account.email, tenant_id: acme.admin.tenantId });
      }
    });

    it('renames the caller', async () => {
      const res = await t.http.patch('/api/v1/users/me').set(bearer(acme.viewer)).send({ full_name: 'Vikram Rao' });
      expect(res.status).toBe(200);
      expect(res.body.result.full_name).toBe('Vikram Rao');
    });

    it('changes the password with the current one, ends the other sessions, and keeps this one', async () => {
      const account = await register(t.http);
      const other = await login(t.http, account.email);
      const res = await t.http
        .patch('/api/v1/users/me')
        .set(bearer(account))
        .send({ current_password: STRONG_PASSWORD, new_password: 'An0ther-Passw0rd!' });
      expect(res.status).toBe(200);
      await t.http.get('/api/v1/users/me').set(bearer(account)).expect(200);
      const ended = await t.http.get('/api/v1/users/me').set(bearer(other));
      expect(errorCode(ended)).toBe('SESSION_REVOKED');
      await login(t.http, account.email, 'An0ther-Passw0rd!');
      const old = await t.http.post('/api/v1/auth/login').send({ email: account.email, password: STRONG_PASSWORD });
      expect(old.status).toBe(401);
    });

    // The rules of a password change (the current password, the policy, the last five) are service
    // tests (test/service/users.service-spec.ts); here, how their refusals answer.
    it('refuses a wrong current password with 400 INVALID_CREDENTIALS, and a recent password with 400 PASSWORD_REUSED', async () => {
      const account = await register(t.http);
      const wrong = await t.http.patch('/api/v1/users/me').set(bearer(account)).send({ current_password: 'Wrong-Passw0rd!', new_password: 'An0ther-Passw0rd!' });
      expect({ status: wrong.status, code: errorCode(wrong) }).toEqual({ status: 400, code: 'INVALID_CREDENTIALS' });
      const reused = await t.http.patch('/api/v1/users/me').set(bearer(account)).send({ current_password: STRONG_PASSWORD, new_password: STRONG_PASSWORD });
      expect({ status: reused.status, code: errorCode(reused) }).toEqual({ status: 400, code: 'PASSWORD_REUSED' });
    });
  });

  describe('admin user management', () => {
    it('lists the tenant’s users only, paginated', async () => {
      const res = await t.http.get('/api/v1/users?page=1&limit=2').set(bearer(acme.admin));
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ page: 1, limit: 2, total: 3, has_more: true });
      expect(res.body.result.items).toHaveLength(2);
      const all = await t.http.get('/api/v1/users?limit=100').set(bearer(acme.admin));
      const ids = all.body.result.items.map((u: { id: string }) => u.id).sort();
      expect(ids).toEqual([acme.admin.userId, acme.analyst.userId, acme.viewer.userId].sort());
      for (const u of all.body.result.items) expect(u).not.toHaveProperty('password_hash');
    });

    it('answers 400 for bad pagination', async () => {
      for (const q of ['page=0', 'limit=1000', 'page=abc', 'limit=-1']) {
        const res = await t.http.get(`/api/v1/users?${q}`).set(bearer(acme.admin));
        expect({ q, status: res.status }).toEqual({ q, status: 400 });
      }
    });

    it('invites a user with a role: the record says invited, and once the link is accepted they sign in to the tenant with it', async () => {
      const email = uniqueEmail('new');
      const seen = testMailbox().mailsTo(email).length;
      const res = await t.http.post('/api/v1/users').set(bearer(acme.admin)).send({ email, full_name: 'Neha Gupta', role: 'analyst' });
      expect(res.status).toBe(201);
      expect(res.body.result).toMatchObject({ email, full_name: 'Neha Gupta', role: 'analyst', tenant_id: acme.admin.tenantId, status: 'invited', disabled: false, last_login_at: null });
      expect(res.body.result.id).toMatch(/^usr_[0-9a-f]{24}$/);
      expect(res.body.result.invitation_id).toMatch(/^inv_[0-9a-f]{24}$/);
      // Nothing is claimed until the owner of the address accepts.
      expect(errorCode(await t.http.post('/api/v1/auth/login').send({ email, password: STRONG_PASSWORD }))).toBe('INVALID_CREDENTIALS');
      const { token } = invitationLink(await testMailbox().nextMailTo(email, seen));
      const accepted = await acceptInvitation(t.http, token);
      expect(accepted).toEqual({ user: { id: res.body.result.id, email, role: 'analyst', tenant_id: acme.admin.tenantId, full_name: 'Neha Gupta' }, sso_login_url: null });
      const account = await login(t.http, email);
      expect(account).toMatchObject({ userId: res.body.result.id, tenantId: acme.admin.tenantId });
      const listed = await t.http.get(`/api/v1/users/${account.userId}`).set(bearer(acme.admin));
      expect(listed.body.result).toMatchObject({ status: 'active', role: 'analyst' });
    });

    it('refuses an unknown role, a password chosen by the admin, and an address of an account of its own tenant', async () => {
      const badRole = await t.http.post('/api/v1/users').set(bearer(acme.admin)).send({ email: uniqueEmail(), full_name: 'X', role: 'owner' });
      expect(errorCode(badRole)).toBe('VALIDATION_ERROR');
      const withPassword = await t.http.post('/api/v1/users').set(bearer(acme.admin)).send({ email: uniqueEmail(), full_name: 'X', role: 'viewer', password: STRONG_PASSWORD });
      expect(errorCode(withPassword)).toBe('VALIDATION_ERROR');
      const taken = await t.http.post('/api/v1/users').set(bearer(acme.admin)).send({ email: acme.viewer.email, full_name: 'X', role: 'viewer' });
      expect(taken.status).toBe(409);
      expect(errorCode(taken)).toBe('EMAIL_TAKEN');
    });

    it('changes a role: the old token is refused until refreshed, and the new token carries the new role', async () => {
      const admin = await register(t.http);
      const user = await addUser(t.http, admin, 'viewer');
      const upload = () => t.http.get('/api/v1/users').set(bearer(user));
      expect((await upload()).status).toBe(403);
      const res = await t.http.patch(`/api/v1/users/${user.userId}`).set(bearer(admin)).send({ role: 'admin' });
      expect(res.status).toBe(200);
      expect(res.body.result.role).toBe('admin');
      const stale = await upload();
      expect(stale.status).toBe(401);
      const refreshed = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: user.refreshToken });
      expect(refreshed.body.result.user.role).toBe('admin');
      await t.http.get('/api/v1/users').set('Authorization', `Bearer ${refreshed.body.result.access_token}`).expect(200);
    });

    it('disables a user: their token is refused on the next request and they cannot sign in; enabling restores sign-in', async () => {
      const admin = await register(t.http);
      const user = await addUser(t.http, admin, 'analyst');
      const res = await t.http.post(`/api/v1/users/${user.userId}/disable`).set(bearer(admin));
      expect(res.status).toBe(200);
      expect(res.body.result.disabled).toBe(true);
      const me = await t.http.get('/api/v1/users/me').set(bearer(user));
      expect(me.status).toBe(401);
      expect(['SESSION_REVOKED', 'ACCOUNT_DISABLED']).toContain(errorCode(me));
      const refresh = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: user.refreshToken });
      expect(refresh.status).toBe(401);
      const signIn = await t.http.post('/api/v1/auth/login').send({ email: user.email, password: STRONG_PASSWORD });
      expect(signIn.status).toBe(401);
      expect(errorCode(signIn)).toBe('ACCOUNT_DISABLED');
      await t.http.post(`/api/v1/users/${user.userId}/enable`).set(bearer(admin)).expect(200);
      await login(t.http, user.email);
    });

    // Who may change whom (not oneself; only an admin still active, also under concurrent changes)
    // is a service test: test/service/users.service-spec.ts.
    it('answers 409 CONFLICT to an admin demoting or disabling themselves', async () => {
      const demote = await t.http.patch(`/api/v1/users/${acme.admin.userId}`).set(bearer(acme.admin)).send({ role: 'viewer' });
      expect({ status: demote.status, code: errorCode(demote) }).toEqual({ status: 409, code: 'CONFLICT' });
      const disable = await t.http.post(`/api/v1/users/${acme.admin.userId}/disable`).set(bearer(acme.admin));
      expect({ status: disable.status, code: errorCode(disable) }).toEqual({ status: 409, code: 'CONFLICT' });
    });

    it('two sign-ups with one e-mail at once: one account, the others 409 EMAIL_TAKEN', async () => {
      const email = uniqueEmail('twin');
      const body = { email, password: STRONG_PASSWORD, full_name: 'Twin' };
      const answers = await Promise.all([0, 1, 2].map(() => t.http.post('/api/v1/auth/register').send(body)));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of answers.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(409);
        expect(errorCode(r)).toBe('EMAIL_TAKEN');
      }
    });
  });

  describe('RBAC: viewer < analyst < admin', () => {
    const adminRoutes: Array<{ method: string; path: string }> = [
      { method: 'get', path: '/api/v1/users' },
      { method: 'post', path: '/api/v1/users' },
      { method: 'get', path: '/api/v1/audit' },
    ];
    it.each(adminRoutes)('$method $path answers 403 FORBIDDEN to viewer and analyst', async ({ method, path }) => {
      for (const account of [acme.viewer, acme.analyst]) {
        const res = await (t.http as any)[method](path).set(bearer(account)).send({});
        expect(res.status).toBe(403);
        expect(errorCode(res)).toBe('FORBIDDEN');
      }
    });

    it('user-management routes answer 403 to non-admins for a real user id', async () => {
      for (const account of [acme.viewer, acme.analyst]) {
        const change = await t.http.patch(`/api/v1/users/${acme.viewer.userId}`).set(bearer(account)).send({ role: 'admin' });
        expect(change.status).toBe(403);
        const disable = await t.http.post(`/api/v1/users/${acme.admin.userId}/disable`).set(bearer(account));
        expect(disable.status).toBe(403);
      }
    });
  });

  describe('tenant isolation', () => {
    it('answers 404 for another tenant’s user on every user route', async () => {
      const victim = other.viewer.userId;
      const get = await t.http.get(`/api/v1/users/${victim}`).set(bearer(acme.admin));
      const patch = await t.http.patch(`/api/v1/users/${victim}`).set(bearer(acme.admin)).send({ role: 'admin' });
      const disable = await t.http.post(`/api/v1/users/${victim}/disable`).set(bearer(acme.admin));
      const enable = await t.http.post(`/api/v1/users/${victim}/enable`).set(bearer(acme.admin));
      for (const res of [get, patch, disable, enable]) {
        expect(res.status).toBe(404);
        expect(errorCode(res)).toBe('NOT_FOUND');
      }
      // ...and nothing changed on the other side.
      const still = await t.http.get(`/api/v1/users/${victim}`).set(bearer(other.admin));
      expect(still.body.result).toMatchObject({ role: 'viewer', disabled: false });
    });

    it('keeps each tenant’s audit log to itself', async () => {
      const res = await t.http.get('/api/v1/audit?limit=100').set(bearer(acme.admin));
      const foreign = res.body.result.items.filter((e: { actor_id: string | null }) =>
        [other.admin.userId, other.analyst.userId, other.viewer.userId].includes(e.actor_id ?? ''),
      );
      expect(foreign).toEqual([]);
    });
  });

  describe('audit log', () => {
    it('records logins (success and failure), role changes and disabling, newest first', async () => {
      const admin = await register(t.http);
      const user = await addUser(t.http, admin, 'viewer');
      await t.http.post('/api/v1/auth/login').send({ email: user.email, password: 'Wrong-Passw0rd!' }).expect(401);
      await t.http.patch(`/api/v1/users/${user.userId}`).set(bearer(admin)).send({ role: 'analyst' }).expect(200);
      await t.http.post(`/api/v1/users/${user.userId}/disable`).set(bearer(admin)).expect(200);
      const res = await t.http.get('/api/v1/audit?limit=50').set(bearer(admin));
      expect(res.status).toBe(200);
      const events = res.body.result.items as Array<{ action: string; outcome: string; target_id: string; metadata: Record<string, unknown>; created_at: string }>;
      const about = events.filter((e) => e.target_id === user.userId).map((e) => `${e.action}:${e.outcome}`);
      expect(about).toEqual(['user.disable:success', 'user.role_change:success', 'auth.login:failure', 'auth.login:success', 'user.create:success']);
      const roleChange = events.find((e) => e.action === 'user.role_change');
      expect(roleChange?.metadata).toEqual({ from: 'viewer', to: 'analyst' });
      const times = events.map((e) => Date.parse(e.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(res.body.result).toMatchObject({ page: 1, limit: 50 });
      expect(res.body.result.total).toBeGreaterThanOrEqual(about.length);
    });
  });
});
