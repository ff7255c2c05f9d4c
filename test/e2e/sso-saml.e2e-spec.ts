import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, errorCode, register, startTestApp, uniqueEmail, type Account, type TestApp } from '../support/app.js';
import { decode, encode, SP_CERT, SP_KEY, startSamlIdp, withoutSignatures, type SamlTestIdp, type SamlTestUser } from '../support/idp/saml-idp.js';
import { exchange, outcomeOf, pkcePair, SSO_TEST_ENV, startLogin, withCookie, type Binding } from '../support/idp/sso-flow.js';

const ROLE_VALUES = { 'fd-admins': 'admin', 'fd-analysts': 'analyst' };

describe('SAML 2.0 single sign-on against a samlify identity provider', () => {
  let t: TestApp;
  let idp: SamlTestIdp;
  let admin: Account;
  let spMetadata: string;

  const configure = (account: Account, metadataUrl: string) =>
    t.http
      .post('/api/v1/auth/sso/configure')
      .set(bearer(account))
      .send({
        protocol: 'saml2',
        metadata_url: metadataUrl,
        attribute_mapping: { email: 'email', full_name: 'displayName', role: 'groups' },
        role_values: ROLE_VALUES,
        default_role: 'viewer',
      });

  /** The browser posting the IdP's form to our ACS (with the binding cookie it holds, if any). */
  const postAcs = (form: object, cookie: string | null | undefined, app = t) => withCookie(app.http.post('/api/v1/auth/sso/saml/acs'), cookie).type('form').send(form);

  /** One login in one browser: our redirect to the IdP, the IdP's answer, and the post to our ACS. */
  async function signIn(user: SamlTestUser, variant?: Parameters<SamlTestIdp['respond']>[3], alter?: (samlResponse: string) => string) {
    const start = await startLogin(t.http, admin.tenantId);
    const form = await idp.respond(start.location, spMetadata, user, variant);
    const posted = { ...form, SAMLResponse: alter ? alter(form.SAMLResponse) : form.SAMLResponse };
    const binding: Binding = { cookie: start.cookie };
    return { form: posted, binding, outcome: outcomeOf(await postAcs(posted, start.cookie)) };
  }

  /** A whole sign-in and the exchange of its code, in one browser. */
  const tokensFor = async (user: SamlTestUser) => {
    const { outcome, binding } = await signIn(user);
    return exchange(t.http, outcome.code!, binding);
  };

  const person = (groups: string[], name = 'Kavya Rao', email = uniqueEmail('kavya')): SamlTestUser => ({ email, attributes: { displayName: name, groups } });

  beforeAll(async () => {
    idp = await startSamlIdp();
    t = await startTestApp(SSO_TEST_ENV);
    admin = await register(t.http);
    const res = await configure(admin, idp.metadataUrl);
    if (res.status !== 200) throw new Error(`configure failed: ${res.status} ${JSON.stringify(res.body)}`);
    spMetadata = (await t.http.get(`/api/v1/auth/sso/saml/metadata?tenant=${admin.tenantId}`)).text;
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('answers the service-provider details and what it read from the IdP metadata', async () => {
    const res = await t.http.get('/api/v1/auth/sso/configure').set(bearer(admin));
    expect(res.status).toBe(200);
    const base = 'http://localhost:3000/api/v1/auth/sso';
    expect(res.body.result).toMatchObject({
      status: 'enabled',
      protocol: 'saml2',
      metadata_url: idp.metadataUrl,
      role_values: ROLE_VALUES,
      idp: { entity_id: idp.entityId, login_endpoint: idp.entityId.replace('/metadata', '/sso') },
      service_provider: {
        entity_id: `${base}/saml/metadata?tenant=${admin.tenantId}`,
        acs_url: `${base}/saml/acs`,
        metadata_url: `${base}/saml/metadata?tenant=${admin.tenantId}`,
        callback_url: `${base}/oidc/callback`,
        login_url: `${base}/login?tenant=${admin.tenantId}`,
      },
    });
    expect(res.body.result.idp.certificates[0]).toMatchObject({ subject: 'CN=foliodesk-test-idp' });
  });

  it('serves SP metadata with the entity id, the ACS and signed assertions wanted', async () => {
    const res = await t.http.get(`/api/v1/auth/sso/saml/metadata?tenant=${admin.tenantId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(res.text).toContain(`entityID="http://localhost:3000/api/v1/auth/sso/saml/metadata?tenant=${admin.tenantId}"`);
    expect(res.text).toContain('Location="http://localhost:3000/api/v1/auth/sso/saml/acs"');
    expect(res.text).toContain('WantAssertionsSigned="true"');
  });

  it('answers SP metadata for an unknown tenant 404 as JSON, not as XML', async () => {
    const res = await t.http.get('/api/v1/auth/sso/saml/metadata?tenant=ten_000000000000000000000000');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('redirects the login to the IdP with an AuthnRequest (HTTP-Redirect) and the tenant as RelayState', async () => {
    const location = new URL((await startLogin(t.http, admin.tenantId)).location);
    expect(`${location.origin}${location.pathname}`).toBe(idp.entityId.replace('/metadata', '/sso'));
    expect(location.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(location.searchParams.get('RelayState')).toBe(admin.tenantId);
    expect(location.searchParams.get('Signature')).toBeNull();
  });

  it('signs a new user in: IdP response → ACS → one-time code → tokens → /users/me, created with the mapped role', async () => {
    const user = person(['staff', 'fd-analysts']);
    const { outcome, binding } = await signIn(user);
    expect(outcome.error).toBeNull();
    expect(outcome.code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const shown = await t.http.get(`/api/v1/auth/sso/complete?code=${outcome.code}`);
    expect(shown.status).toBe(200);
    expect(shown.body.result).toEqual({ code: outcome.code, expires_in: 60 });

    const tokens = await exchange(t.http, outcome.code!, binding);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ success: true, message: 'Logged in' });
    expect(tokens.body.result).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { email: user.email, role: 'analyst', tenant_id: admin.tenantId, full_name: 'Kavya Rao' },
    });
    const me = await t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${tokens.body.result.access_token}`);
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({ email: user.email, role: 'analyst', tenant_id: admin.tenantId });

    // A session like a password login's: refresh rotates it, logout ends it.
    const refreshed = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: tokens.body.result.refresh_token });
    expect(refreshed.status).toBe(200);
    const access = refreshed.body.result.access_token;
    expect((await t.http.post('/api/v1/auth/logout').set('Authorization', `Bearer ${access}`)).status).toBe(200);
    expect((await t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${access}`)).status).toBe(401);

    // The code was single use.
    const again = await exchange(t.http, outcome.code!, binding);
    expect(again.status).toBe(400);
    expect(errorCode(again)).toBe('SSO_CODE_INVALID');
  });

  it('updates the name and role at the next login (same account), and gives the default role when no group maps', async () => {
    const email = uniqueEmail('ishaan');
    const first = await tokensFor(person(['fd-analysts'], 'Ishaan M', email));
    const second = await tokensFor(person(['fd-admins', 'fd-analysts'], 'Ishaan Mehta', email));
    expect(second.body.result.user).toMatchObject({ id: first.body.result.user.id, role: 'admin', full_name: 'Ishaan Mehta' });
    const third = await tokensFor(person(['marketing'], 'Ishaan Mehta', email));
    expect(third.body.result.user).toMatchObject({ id: first.body.result.user.id, role: 'viewer' });

    const users = await t.http.get('/api/v1/users?limit=100').set(bearer(admin));
    expect(users.body.result.items.filter((u: { email: string }) => u.email === email)).toHaveLength(1);
  });

  it('audits the SSO logins with their method', async () => {
    await tokensFor(person(['fd-analysts']));
    const audit = await t.http.get('/api/v1/audit?limit=100').set(bearer(admin));
    const logins = audit.body.result.items.filter((e: { action: string }) => e.action === 'auth.login');
    expect(logins).toContainEqual(expect.objectContaining({ outcome: 'success', metadata: { method: 'saml2' } }));
    const created = audit.body.result.items.find((e: { action: string }) => e.action === 'user.create');
    expect(created.metadata).toMatchObject({ source: 'sso', protocol: 'saml2' });
    expect(audit.body.result.items).toContainEqual(expect.objectContaining({ action: 'sso.configure', actor_id: admin.userId }));
  });

  describe('refusals (each ends at SSO_REDIRECT_URL with an error code, and no account)', () => {
    const refusedWith = async (code: string, reason: RegExp, ...args: Parameters<typeof signIn>) => {
      const { outcome } = await signIn(...args);
      expect(outcome).toMatchObject({ code: null, error: code });
      expect(outcome.description).toMatch(reason);
      const users = await t.http.get('/api/v1/users?limit=100').set(bearer(admin));
      expect(users.body.result.items.map((u: { email: string }) => u.email)).not.toContain(args[0].email);
    };

    it('an unsigned response', () => refusedWith('SSO_SIGNATURE_INVALID', /signature/, person(['fd-admins']), {}, withoutSignatures));

    it('a tampered response (an attribute changed after signing)', () =>
      refusedWith('SSO_SIGNATURE_INVALID', /signature/, person(['fd-viewers']), {}, (r) => encode(decode(r).replace('fd-viewers', 'fd-admins'))));

    it('a response signed by a key that is not in the IdP metadata', () => refusedWith('SSO_SIGNATURE_INVALID', /signature/, person([]), { foreignKey: true }));

    it('a wrong audience', () => refusedWith('SSO_RESPONSE_INVALID', /audience/i, person([]), { values: { Audience: 'https://another-sp.example.in/saml' } }));

    it('an expired assertion', () => {
      const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
      return refusedWith('SSO_RESPONSE_INVALID', /validity window/, person([]), {
        values: { IssueInstant: past(20), ConditionsNotBefore: past(20), ConditionsNotOnOrAfter: past(10), SubjectConfirmationDataNotOnOrAfter: past(10) },
      });
    });

    it('a response sent to another destination', () =>
      refusedWith('SSO_RESPONSE_INVALID', /Destination|Recipient/, person([]), { values: { Destination: 'https://another-sp.example.in/acs', SubjectRecipient: 'https://another-sp.example.in/acs' } }));

    it('a response to a request this service never issued', () =>
      refusedWith('SSO_REQUEST_UNKNOWN', /request/, person([]), { values: { InResponseTo: '_made-up-request-id' } }));

    it('a replayed response (the same InResponseTo twice)', async () => {
      const { form, outcome, binding } = await signIn(person(['fd-analysts']));
      expect(outcome.code).toBeTruthy();
      const replay = outcomeOf(await postAcs(form, binding.cookie));
      expect(replay).toMatchObject({ code: null, error: 'SSO_REQUEST_UNKNOWN' });
    });

    it('the same response posted twice at once: exactly one sign-in', async () => {
      const start = await startLogin(t.http, admin.tenantId);
      const form = await idp.respond(start.location, spMetadata, person(['fd-analysts']));
      const outcomes = (await Promise.all([1, 2].map(() => postAcs(form, start.cookie)))).map(outcomeOf);
      expect(outcomes.filter((o) => o.code)).toHaveLength(1);
      expect(outcomes.filter((o) => o.error === 'SSO_REQUEST_UNKNOWN')).toHaveLength(1);
    });

    it('an e-mail that belongs to another tenant, shown by the completion page as 409', async () => {
      const outsider = await register(t.http);
      const { outcome } = await signIn({ email: outsider.email, attributes: { groups: ['fd-admins'] } });
      expect(outcome.error).toBe('SSO_ACCOUNT_CONFLICT');
      const page = await t.http.get(`/api/v1/auth/sso/complete?error=${outcome.error}&error_description=${encodeURIComponent(outcome.description!)}`);
      expect(page.status).toBe(409);
      expect(errorCode(page)).toBe('SSO_ACCOUNT_CONFLICT');
      const audit = await t.http.get('/api/v1/audit?limit=100').set(bearer(admin));
      expect(audit.body.result.items).toContainEqual(
        expect.objectContaining({ action: 'auth.login', outcome: 'failure', metadata: expect.objectContaining({ method: 'saml2', code: 'SSO_ACCOUNT_CONFLICT' }) }),
      );
    });

    it('a group literally named after a role gives no role: only role_values map', async () => {
      const tokens = await tokensFor(person(['admin', 'Admin', 'analyst']));
      expect(tokens.status).toBe(200);
      expect(tokens.body.result.user.role).toBe('viewer');
    });

    it('a response whose RelayState names no tenant with SAML', async () => {
      const start = await startLogin(t.http, admin.tenantId);
      const form = await idp.respond(start.location, spMetadata, person([]));
      const outcome = outcomeOf(await postAcs({ ...form, RelayState: 'ten_000000000000000000000000' }, start.cookie));
      expect(outcome.error).toBe('SSO_NOT_CONFIGURED');
    });
  });

  describe('a sign-in is bound to whoever started it (login CSRF)', () => {
    it('sets an HttpOnly, Secure, SameSite=None, host-only binding cookie at the start (the IdP posts the response cross-site)', async () => {
      const start = await startLogin(t.http, admin.tenantId);
      expect(start.setCookie).toMatch(/^__Host-foliodesk-sso=[A-Za-z0-9_-]{43};/);
      expect(start.setCookie).toMatch(/; HttpOnly/i);
      expect(start.setCookie).toMatch(/; Secure/i);
      expect(start.setCookie).toMatch(/; SameSite=None/i);
      expect(start.setCookie).toMatch(/; Path=\//);
    });

    it("refuses an attacker's response posted from the victim's browser (no cookie, or the victim's own), and creates no account", async () => {
      const attacker = person(['fd-admins']);
      const lured = await idp.respond((await startLogin(t.http, admin.tenantId)).location, spMetadata, attacker);
      expect(outcomeOf(await postAcs(lured, null))).toMatchObject({ code: null, error: 'SSO_BROWSER_MISMATCH' });

      const victim = await startLogin(t.http, admin.tenantId);
      const luredAgain = await idp.respond((await startLogin(t.http, admin.tenantId)).location, spMetadata, attacker);
      expect(outcomeOf(await postAcs(luredAgain, victim.cookie))).toMatchObject({ code: null, error: 'SSO_BROWSER_MISMATCH' });

      const users = await t.http.get('/api/v1/users?limit=100').set(bearer(admin));
      expect(users.body.result.items.map((u: { email: string }) => u.email)).not.toContain(attacker.email);
    });

    it("refuses to exchange a code from another browser's sign-in", async () => {
      const attacker = await signIn(person(['fd-analysts']));
      const victim = await startLogin(t.http, admin.tenantId);
      for (const binding of [{}, { cookie: victim.cookie }]) {
        const { outcome } = await signIn(person(['fd-analysts']));
        const refused = await exchange(t.http, outcome.code!, binding);
        expect(refused.status).toBe(400);
        expect(errorCode(refused)).toBe('SSO_CODE_INVALID');
      }
      expect((await exchange(t.http, attacker.outcome.code!, attacker.binding)).status).toBe(200);
    });

    it('with a code_challenge: sets no cookie, finishes in any browser, and exchanges only for the code_verifier', async () => {
      const pair = pkcePair();
      const start = await startLogin(t.http, admin.tenantId, { code_challenge: pair.challenge, code_challenge_method: 'S256' });
      expect(start.cookie).toBeNull();
      const outcome = outcomeOf(await postAcs(await idp.respond(start.location, spMetadata, person(['fd-analysts'])), null));
      expect(outcome.error).toBeNull();
      expect((await exchange(t.http, outcome.code!, { verifier: pkcePair().verifier })).status).toBe(400);

      const again = pkcePair();
      const second = await startLogin(t.http, admin.tenantId, { code_challenge: again.challenge, code_challenge_method: 'S256' });
      const code = outcomeOf(await postAcs(await idp.respond(second.location, spMetadata, person(['fd-analysts'])), null)).code!;
      expect(errorCode(await exchange(t.http, code))).toBe('SSO_CODE_INVALID');

      const third = pkcePair();
      const last = await startLogin(t.http, admin.tenantId, { code_challenge: third.challenge, code_challenge_method: 'S256' });
      const good = outcomeOf(await postAcs(await idp.respond(last.location, spMetadata, person(['fd-analysts'])), null)).code!;
      const tokens = await exchange(t.http, good, { verifier: third.verifier });
      expect(tokens.status).toBe(200);
      expect(tokens.body.result.user).toMatchObject({ role: 'analyst', tenant_id: admin.tenantId });
    });
  });

  describe('with an SP signing key', () => {
    let signed: TestApp;
    let strictIdp: SamlTestIdp;
    let owner: Account;

    beforeAll(async () => {
      strictIdp = await startSamlIdp({ wantAuthnRequestsSigned: true });
      signed = await startTestApp({ ...SSO_TEST_ENV, SSO_SAML_SP_PRIVATE_KEY: SP_KEY, SSO_SAML_SP_CERT: SP_CERT });
      owner = await register(signed.http);
      await signed.http
        .post('/api/v1/auth/sso/configure')
        .set(bearer(owner))
        .send({ protocol: 'saml2', metadata_url: strictIdp.metadataUrl, attribute_mapping: { email: 'NameID' } })
        .expect(200);
    });
    afterAll(async () => {
      await signed.close();
      await strictIdp.close();
    });

    it('signs the AuthnRequest, publishes the certificate, and an IdP that wants signed requests accepts it', async () => {
      const metadata = (await signed.http.get(`/api/v1/auth/sso/saml/metadata?tenant=${owner.tenantId}`)).text;
      expect(metadata).toContain('AuthnRequestsSigned="true"');
      expect(metadata).toContain(SP_CERT.replace(/-----[A-Z ]+-----|\s/g, '').slice(0, 40));
      const start = await startLogin(signed.http, owner.tenantId);
      expect(new URL(start.location).searchParams.get('Signature')).toBeTruthy();
      const email = uniqueEmail('signed');
      const form = await strictIdp.respond(start.location, metadata, { email });
      const outcome = outcomeOf(await postAcs(form, start.cookie, signed));
      const tokens = await exchange(signed.http, outcome.code!, { cookie: start.cookie });
      expect(tokens.body.result.user).toMatchObject({ email, role: 'viewer', full_name: email.split('@')[0] });
    });
  });
});
