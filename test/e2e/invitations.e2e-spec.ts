import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { acceptInvitation, bearer, errorCode, invite, login, register, startTestApp, STRONG_PASSWORD, testMailbox, uniqueEmail, type Account, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';
import { startSamlIdp, type SamlTestIdp } from '../support/idp/saml-idp.js';
import { SSO_TEST_ENV } from '../support/idp/sso-flow.js';
import { invitationLink, Mailbox } from '../support/mailbox.js';

// E-mail squatting: an admin of any (self-registered) tenant used to create accounts with a target
// firm's staff addresses — e-mails are unique across tenants, so the firm was locked out of its own
// addresses (EMAIL_TAKEN, SSO_ACCOUNT_CONFLICT) and the answer told which addresses had accounts.
// Now POST /api/v1/users only invites; the owner of the address claims it by accepting the mailed
// link (delivered here to a real SMTP receiver on loopback).

/** An answer with what differs between any two invitations (ids, times, the address) blanked out. */
function shapeOf(res: Response, email: string) {
  const text = JSON.stringify(res.body)
    .split(email)
    .join('<email>')
    .replace(/(usr|inv)_[0-9a-f]{24}/g, '<$1>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>');
  return { status: res.status, body: text, headers: Object.keys(res.headers).filter((h) => !['date', 'x-request-id', 'etag', 'content-length'].includes(h)).sort() };
}

describe('invitations: an address an admin adds is claimed only by its owner accepting', () => {
  let t: TestApp;
  let acme: Account;
  let rival: Account;
  let idp: SamlTestIdp;
  let spMetadata: string;

  beforeAll(async () => {
    idp = await startSamlIdp();
    t = await startTestApp(SSO_TEST_ENV);
    [acme, rival] = await Promise.all([register(t.http, { full_name: 'Acme Wealth' }), register(t.http, { full_name: 'Rival Capital' })]);
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it("another tenant's admin inviting a firm's staff address claims nothing: the firm invites it and its person joins the firm", async () => {
    const staff = uniqueEmail('staff');
    const squatterToken = await invite(t.http, rival, { email: staff, role: 'viewer' });
    // The firm can still add its person, who accepts the firm's invitation (the mail names the firm).
    const seen = testMailbox().mailsTo(staff).length;
    const own = await t.http.post('/api/v1/users').set(bearer(acme)).send({ email: staff, full_name: 'Meera Iyer', role: 'analyst' });
    expect(own.status).toBe(201);
    const mail = await testMailbox().nextMailTo(staff, seen);
    expect(mail.subject).toContain('Acme Wealth');
    const joined = await acceptInvitation(t.http, invitationLink(mail).token);
    expect(joined.user).toMatchObject({ email: staff, role: 'analyst', tenant_id: acme.tenantId });
    expect((await login(t.http, staff)).tenantId).toBe(acme.tenantId);
    // The squatter's invitation can no longer be accepted: the address has its account.
    const late = await t.http.post('/api/v1/invitations/accept').send({ token: squatterToken, password: STRONG_PASSWORD });
    expect({ status: late.status, code: errorCode(late) }).toEqual({ status: 409, code: 'EMAIL_TAKEN' });
    expect((await login(t.http, staff)).tenantId).toBe(acme.tenantId);
  });

  it("an address that already has an account elsewhere is invited like any other: POST /users is no oracle, and the account stays where it is", async () => {
    const existing = acme.email;
    const fresh = uniqueEmail('nobody');
    const [a, b] = [
      await t.http.post('/api/v1/users').set(bearer(rival)).send({ email: existing, full_name: 'Probe', role: 'viewer' }),
      await t.http.post('/api/v1/users').set(bearer(rival)).send({ email: fresh, full_name: 'Probe', role: 'viewer' }),
    ];
    expect(a.status).toBe(201);
    expect(shapeOf(a, existing)).toEqual(shapeOf(b, fresh));
    expect(a.body.result).toMatchObject({ status: 'invited', tenant_id: rival.tenantId });
    // Both addresses get their mail; the existing account is untouched.
    await testMailbox().nextMailTo(existing, 0);
    await testMailbox().nextMailTo(fresh, 0);
    expect((await login(t.http, acme.email, acme.password)).tenantId).toBe(acme.tenantId);
  });

  it('a token works once', async () => {
    const email = uniqueEmail('once');
    const token = await invite(t.http, acme, { email, role: 'viewer' });
    await acceptInvitation(t.http, token);
    const again = await t.http.post('/api/v1/invitations/accept').send({ token, password: 'An0ther-Passw0rd!' });
    expect({ status: again.status, code: errorCode(again) }).toEqual({ status: 400, code: 'INVITATION_INVALID' });
    await login(t.http, email);
  });

  it('two acceptances of one token at once: one account, the other INVITATION_INVALID', async () => {
    const token = await invite(t.http, acme, { email: uniqueEmail('race'), role: 'viewer' });
    const answers = await Promise.all([1, 2, 3].map(() => t.http.post('/api/v1/invitations/accept').send({ token, password: STRONG_PASSWORD })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400]);
  });

  it('a token expires', async () => {
    const email = uniqueEmail('late');
    const token = await invite(t.http, acme, { email, role: 'viewer' });
    // The clock moves on: the invitation's time is over.
    await sql(`UPDATE user_invitations SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    const res = await t.http.post('/api/v1/invitations/accept').send({ token, password: STRONG_PASSWORD });
    expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 400, code: 'INVITATION_INVALID' });
    const listed = await t.http.get('/api/v1/invitations').set(bearer(acme));
    expect(listed.body.result.items.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('a token is bound to its tenant: it creates the account there with the invited role, and only that tenant sees or revokes it', async () => {
    const email = uniqueEmail('bound');
    const token = await invite(t.http, acme, { email, role: 'analyst', full_name: 'Ravi Kumar' });
    const [pending] = (await t.http.get('/api/v1/invitations').set(bearer(acme))).body.result.items.filter((i: { email: string }) => i.email === email);
    expect(pending).toMatchObject({ email, role: 'analyst', status: 'pending', invited_by: acme.userId });
    expect((await t.http.get('/api/v1/invitations').set(bearer(rival))).body.result.items.map((i: { email: string }) => i.email)).not.toContain(email);
    const foreign = await t.http.delete(`/api/v1/invitations/${pending.invitation_id}`).set(bearer(rival));
    expect({ status: foreign.status, code: errorCode(foreign) }).toEqual({ status: 404, code: 'NOT_FOUND' });
    const joined = await acceptInvitation(t.http, token);
    expect(joined.user).toEqual({ id: pending.user_id, email, role: 'analyst', tenant_id: acme.tenantId, full_name: 'Ravi Kumar' });
    const me = await t.http.get('/api/v1/users/me').set(bearer(await login(t.http, email)));
    expect(me.body.result).toMatchObject({ tenant_id: acme.tenantId, role: 'analyst' });
  });

  it('a revoked invitation, or one replaced by inviting again, no longer opens', async () => {
    const email = uniqueEmail('revoked');
    const first = await invite(t.http, acme, { email, role: 'viewer' });
    const second = await invite(t.http, acme, { email, role: 'analyst' });
    const replaced = await t.http.post('/api/v1/invitations/accept').send({ token: first, password: STRONG_PASSWORD });
    expect(errorCode(replaced)).toBe('INVITATION_INVALID');
    const [pending] = (await t.http.get('/api/v1/invitations').set(bearer(acme))).body.result.items.filter((i: { email: string }) => i.email === email);
    const revoked = await t.http.delete(`/api/v1/invitations/${pending.invitation_id}`).set(bearer(acme));
    expect(revoked.status).toBe(200);
    expect(revoked.body.result).toMatchObject({ invitation_id: pending.invitation_id, status: 'revoked' });
    const res = await t.http.post('/api/v1/invitations/accept').send({ token: second, password: STRONG_PASSWORD });
    expect(errorCode(res)).toBe('INVITATION_INVALID');
  });

  it('an invitation of an admin who was disabled or demoted since no longer opens', async () => {
    const second = await login(t.http, (await acceptInvitation(t.http, await invite(t.http, acme, { email: uniqueEmail('admin2'), role: 'admin' }))).user.email);
    const third = await login(t.http, (await acceptInvitation(t.http, await invite(t.http, acme, { email: uniqueEmail('admin3'), role: 'admin' }))).user.email);
    const [bySecond, byThird] = [await invite(t.http, second, { email: uniqueEmail('via2'), role: 'admin' }), await invite(t.http, third, { email: uniqueEmail('via3'), role: 'admin' })];
    expect((await t.http.post(`/api/v1/users/${second.userId}/disable`).set(bearer(acme))).status).toBe(200);
    expect((await t.http.patch(`/api/v1/users/${third.userId}`).set(bearer(acme)).send({ role: 'analyst' })).status).toBe(200);
    for (const token of [bySecond, byThird]) {
      const res = await t.http.post('/api/v1/invitations/accept').send({ token, password: STRONG_PASSWORD });
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 400, code: 'INVITATION_INVALID' });
    }
  });

  it('a token that was never issued, and a weak password, are refused without creating anything', async () => {
    const unknown = await t.http.post('/api/v1/invitations/accept').send({ token: 'x'.repeat(43), password: STRONG_PASSWORD });
    expect({ status: unknown.status, code: errorCode(unknown) }).toEqual({ status: 400, code: 'INVITATION_INVALID' });
    const email = uniqueEmail('weak');
    const token = await invite(t.http, acme, { email, role: 'viewer' });
    const weak = await t.http.post('/api/v1/invitations/accept').send({ token, password: 'password' });
    expect(errorCode(weak)).toBe('PASSWORD_POLICY_VIOLATION');
    const none = await t.http.post('/api/v1/invitations/accept').send({ token });
    expect(errorCode(none)).toBe('VALIDATION_ERROR');
    // The token still works for its owner.
    await acceptInvitation(t.http, token);
  });

  describe('single sign-on', () => {
    let ssoTenant: Account;

    /** A SAML sign-in to the tenant at the test IdP, carrying whatever cookie the sign-in sets; where it ended. */
    async function samlSignIn(tenantId: string, email: string) {
      const start = await t.http.get(`/api/v1/auth/sso/login?tenant=${tenantId}`);
      expect(start.status).toBe(302);
      const cookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      const form = await idp.respond(start.headers.location, spMetadata, { email, attributes: { displayName: 'Alia Khan' } });
      let post = t.http.post('/api/v1/auth/sso/saml/acs').type('form');
      if (cookie) post = post.set('Cookie', cookie);
      const res = await post.send(form);
      expect(res.status).toBe(302);
      const url = new URL(res.headers.location);
      const code = url.searchParams.get('code');
      let exchanged: Response | null = null;
      if (code) {
        let exchange = t.http.post('/api/v1/auth/sso/exchange');
        if (cookie) exchange = exchange.set('Cookie', cookie);
        exchanged = await exchange.send({ code });
      }
      return { error: url.searchParams.get('error'), exchanged };
    }

    beforeAll(async () => {
      ssoTenant = await register(t.http, { full_name: 'Acme SSO' });
      const res = await t.http
        .post('/api/v1/auth/sso/configure')
        .set(bearer(ssoTenant))
        .send({ protocol: 'saml2', metadata_url: idp.metadataUrl, attribute_mapping: { email: 'email', full_name: 'displayName' }, default_role: 'viewer' });
      if (res.status !== 200) throw new Error(`configure failed: ${res.status} ${JSON.stringify(res.body)}`);
      spMetadata = (await t.http.get(`/api/v1/auth/sso/saml/metadata?tenant=${ssoTenant.tenantId}`)).text;
    });

    it("a sign-in through the IdP that vouches for the address wins over another tenant's pending invitation", async () => {
      const email = uniqueEmail('alia');
      const squatterToken = await invite(t.http, rival, { email, role: 'admin' });
      const { error, exchanged } = await samlSignIn(ssoTenant.tenantId, email);
      expect(error).toBeNull();
      expect(exchanged?.status).toBe(200);
      expect(exchanged?.body.result.user).toMatchObject({ email, tenant_id: ssoTenant.tenantId });
      const late = await t.http.post('/api/v1/invitations/accept').send({ token: squatterToken, password: STRONG_PASSWORD });
      expect(errorCode(late)).toBe('EMAIL_TAKEN');
    });

    it('accepting an invitation of a tenant that signs in with SSO needs no password: the account signs in at the IdP', async () => {
      const email = uniqueEmail('sso-invitee');
      const token = await invite(t.http, ssoTenant, { email, role: 'analyst' });
      const res = await t.http.post('/api/v1/invitations/accept').send({ token });
      expect(res.status).toBe(201);
      expect(res.body.result).toMatchObject({
        user: { email, role: 'analyst', tenant_id: ssoTenant.tenantId },
        sso_login_url: `http://localhost:3000/api/v1/auth/sso/login?tenant=${ssoTenant.tenantId}`,
      });
      expect(errorCode(await t.http.post('/api/v1/auth/login').send({ email, password: STRONG_PASSWORD }))).toBe('INVALID_CREDENTIALS');
      const { exchanged } = await samlSignIn(ssoTenant.tenantId, email);
      expect(exchanged?.body.result.user).toMatchObject({ id: res.body.result.user.id, role: 'analyst' });
    });
  });
});

describe('POST /api/v1/users is rate-limited per admin and per tenant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ USER_INVITES_PER_ADMIN_PER_HOUR: '3', USER_INVITES_PER_TENANT_PER_HOUR: '5' });
  });
  afterAll(() => t?.close());

  it('answers 429 RATE_LIMITED with Retry-After past either limit, and sends no mail then', async () => {
    const admin = await register(t.http);
    const send = (by: Account, email = uniqueEmail('flood')) => t.http.post('/api/v1/users').set(bearer(by)).send({ email, full_name: 'Flood', role: 'viewer' });
    // Two of the tenant's five go to a second admin.
    const second = await login(t.http, (await acceptInvitation(t.http, await invite(t.http, admin, { email: uniqueEmail('admin2'), role: 'admin' }))).user.email);
    for (let i = 0; i < 2; i++) expect((await send(admin)).status).toBe(201);
    const overAdmin = await send(admin);
    expect({ status: overAdmin.status, code: errorCode(overAdmin) }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(overAdmin.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) expect((await send(second)).status).toBe(201);
    const blocked = uniqueEmail('blocked');
    const overTenant = await send(second, blocked);
    expect({ status: overTenant.status, code: errorCode(overTenant) }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(overTenant.body.error.details).toContain('tenant');
    await new Promise((r) => setTimeout(r, 200));
    expect(testMailbox().mailsTo(blocked)).toEqual([]);
    // Another tenant is not held back.
    expect((await send(await register(t.http))).status).toBe(201);
  });
});

describe("registration keeps the spec's answer; its EMAIL_TAKEN stays behind the per-IP registration limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '3', QUEUE_PREFIX: `reg${Date.now().toString(36)}` });
  });
  afterAll(() => t?.close());

  it('answers 409 EMAIL_TAKEN for a taken address only while the address is under its limit, then 429 for taken and free alike', async () => {
    const taken = await register(t.http);
    const probe = (email: string) => t.http.post('/api/v1/auth/register').send({ email, password: STRONG_PASSWORD, full_name: 'Probe' });
    for (let i = 0; i < 2; i++) expect(errorCode(await probe(taken.email))).toBe('EMAIL_TAKEN');
    const [again, free] = [await probe(taken.email), await probe(uniqueEmail('free'))];
    expect([again.status, errorCode(again), free.status, errorCode(free)]).toEqual([429, 'RATE_LIMITED', 429, 'RATE_LIMITED']);
    expect(again.headers['retry-after']).toBeDefined();
  });
});

describe('invitation mail', () => {
  it('a mail that cannot be sent answers 503 MAIL_UNAVAILABLE and leaves no invitation that could be accepted', async () => {
    const dead = await new Mailbox().start();
    const url = dead.url;
    await dead.stop();
    const t = await startTestApp({ SMTP_URL: url });
    try {
      const admin = await register(t.http);
      const email = uniqueEmail('undelivered');
      const res = await t.http.post('/api/v1/users').set(bearer(admin)).send({ email, full_name: 'Undelivered', role: 'viewer' });
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 503, code: 'MAIL_UNAVAILABLE' });
      expect(res.headers['retry-after']).toBeDefined();
      expect((await t.http.get('/api/v1/invitations').set(bearer(admin))).body.result.items).toEqual([]);
      const rows = await sql(`SELECT revoked_at FROM user_invitations WHERE email = $1`, [email]);
      expect(rows).toHaveLength(1);
      expect(rows[0].revoked_at).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
