import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { acceptInvitation, bearer, errorCode, invite, login, register, startTestApp, STRONG_PASSWORD, testMailbox, uniqueEmail, type Account, type TestApp } from '../support/app.js';
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

  // The claiming rules (one use, expiry, revocation, replacement, the inviter still an admin, races,
  // tenant binding, the password policy) are service tests: test/service/invitations.service-spec.ts.
  // Here: what each answer looks like on the wire.

  it('inviting answers 201 with the user record to be (status invited); accepting the mailed link answers 201 with the account, which then signs in', async () => {
    const email = uniqueEmail('bound');
    const seen = testMailbox().mailsTo(email).length;
    const res = await t.http.post('/api/v1/users').set(bearer(acme)).send({ email, full_name: 'Ravi Kumar', role: 'analyst' });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ email, full_name: 'Ravi Kumar', role: 'analyst', tenant_id: acme.tenantId, status: 'invited' });
    const mail = await testMailbox().nextMailTo(email, seen);
    expect(mail.subject).toContain('Acme Wealth');
    const accepted = await t.http.post('/api/v1/invitations/accept').send({ token: invitationLink(mail).token, password: STRONG_PASSWORD });
    expect(accepted.status).toBe(201);
    expect(accepted.body.result).toEqual({ user: { id: res.body.result.id, email, role: 'analyst', tenant_id: acme.tenantId, full_name: 'Ravi Kumar' }, sso_login_url: null });
    const me = await t.http.get('/api/v1/users/me').set(bearer(await login(t.http, email)));
    expect(me.body.result).toMatchObject({ tenant_id: acme.tenantId, role: 'analyst' });
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

  it('accepting an invitation to an address claimed meanwhile answers 409 EMAIL_TAKEN', async () => {
    const staff = uniqueEmail('staff');
    const squatterToken = await invite(t.http, rival, { email: staff, role: 'viewer' });
    await acceptInvitation(t.http, await invite(t.http, acme, { email: staff, role: 'analyst' }));
    const late = await t.http.post('/api/v1/invitations/accept').send({ token: squatterToken, password: STRONG_PASSWORD });
    expect({ status: late.status, code: errorCode(late) }).toEqual({ status: 409, code: 'EMAIL_TAKEN' });
  });

  it('a token that does not open answers 400 INVITATION_INVALID; a weak password 400 PASSWORD_POLICY_VIOLATION; none 400 VALIDATION_ERROR', async () => {
    const unknown = await t.http.post('/api/v1/invitations/accept').send({ token: 'x'.repeat(43), password: STRONG_PASSWORD });
    expect({ status: unknown.status, code: errorCode(unknown) }).toEqual({ status: 400, code: 'INVITATION_INVALID' });
    const token = await invite(t.http, acme, { email: uniqueEmail('weak'), role: 'viewer' });
    const weak = await t.http.post('/api/v1/invitations/accept').send({ token, password: 'password' });
    expect({ status: weak.status, code: errorCode(weak) }).toEqual({ status: 400, code: 'PASSWORD_POLICY_VIOLATION' });
    const none = await t.http.post('/api/v1/invitations/accept').send({ token });
    expect({ status: none.status, code: errorCode(none) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it("GET /invitations lists the tenant's pending invitations; DELETE revokes one (200, status revoked) and answers 404 NOT_FOUND to another tenant", async () => {
    const email = uniqueEmail('revoked');
    await invite(t.http, acme, { email, role: 'analyst' });
    const listed = await t.http.get('/api/v1/invitations').set(bearer(acme));
    expect(listed.status).toBe(200);
    const [pending] = listed.body.result.items.filter((i: { email: string }) => i.email === email);
    expect(pending).toMatchObject({ email, role: 'analyst', status: 'pending', invited_by: acme.userId, invitation_id: expect.stringMatching(/^inv_/), user_id: expect.stringMatching(/^usr_/) });
    const foreign = await t.http.delete(`/api/v1/invitations/${pending.invitation_id}`).set(bearer(rival));
    expect({ status: foreign.status, code: errorCode(foreign) }).toEqual({ status: 404, code: 'NOT_FOUND' });
    const revoked = await t.http.delete(`/api/v1/invitations/${pending.invitation_id}`).set(bearer(acme));
    expect(revoked.status).toBe(200);
    expect(revoked.body.result).toMatchObject({ invitation_id: pending.invitation_id, status: 'revoked' });
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

  it('answers 429 RATE_LIMITED with Retry-After past the limit (the counting per admin and per tenant: test/service/invitations.service-spec.ts)', async () => {
    const admin = await register(t.http);
    const send = () => t.http.post('/api/v1/users').set(bearer(admin)).send({ email: uniqueEmail('flood'), full_name: 'Flood', role: 'viewer' });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
    const over = await send();
    expect({ status: over.status, code: errorCode(over) }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
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
  it('a mail that cannot be sent answers 503 MAIL_UNAVAILABLE with Retry-After (the invitation is revoked: test/service/invitations.service-spec.ts)', async () => {
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
    } finally {
      await t.close();
    }
  });
});
