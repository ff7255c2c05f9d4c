import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, errorCode, register, startTestApp, uniqueEmail, type Account, type TestApp } from '../support/app.js';
import { decode, encode, SP_CERT, SP_KEY, startSamlIdp, withoutSignatures, type SamlTestIdp, type SamlTestUser } from '../support/idp/saml-idp.js';
import { exchange, outcomeOf, SSO_TEST_ENV, startLogin } from '../support/idp/sso-flow.js';

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

  /** One login: our redirect to the IdP, the IdP's answer, and the post to our ACS. */
  async function signIn(user: SamlTestUser, variant?: Parameters<SamlTestIdp['respond']>[3], alter?: (samlResponse: string) => string) {
    const form = await idp.respond(await startLogin(t.http, admin.tenantId), spMetadata, user, variant);
    const posted = { ...form, SAMLResponse: alter ? alter(form.SAMLResponse) : form.SAMLResponse };
    return { form: posted, outcome: outcomeOf(await t.http.post('/api/v1/auth/sso/saml/acs').type('form').send(posted)) };
  }

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
    const location = new URL(await startLogin(t.http, admin.tenantId));
    expect(`${location.origin}${location.pathname}`).toBe(idp.entityId.replace('/metadata', '/sso'));
    expect(location.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(location.searchParams.get('RelayState')).toBe(admin.tenantId);
    expect(location.searchParams.get('Signature')).toBeNull();
  });

  it('signs a new user in: IdP response → ACS → one-time code → tokens → /users/me, created with the mapped role', async () => {
    const user = person(['staff', 'fd-analysts']);
    const { outcome } = await signIn(user);
    expect(outcome.error).toBeNull();
    expect(outcome.code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const shown = await t.http.get(`/api/v1/auth/sso/complete?code=${outcome.code}`);
    expect(shown.status).toBe(200);
    expect(shown.body.result).toEqual({ code: outcome.code, expires_in: 60 });

    const tokens = await exchange(t.http, outcome.code!);
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
    const again = await exchange(t.http, outcome.code!);
    expect(again.status).toBe(400);
    expect(errorCode(again)).toBe('SSO_CODE_INVALID');
  });

  it('updates the name and role at the next login (same account), and gives the default role when no group maps', async () => {
    const email = uniqueEmail('ishaan');
    const first = await exchange(t.http, (await signIn(person(['fd-analysts'], 'Ishaan M', email))).outcome.code!);
    const second = await exchange(t.http, (await signIn(person(['fd-admins', 'fd-analysts'], 'Ishaan Mehta', email))).outcome.code!);
    expect(second.body.result.user).toMatchObject({ id: first.body.result.user.id, role: 'admin', full_name: 'Ishaan Mehta' });
    const third = await exchange(t.http, (await signIn(person(['marketing'], 'Ishaan Mehta', email))).outcome.code!);
    expect(third.body.result.user).toMatchObject({ id: first.body.result.user.id, role: 'viewer' });

    const users = await t.http.get('/api/v1/users?limit=100').set(bearer(admin));
    expect(users.body.result.items.filter((u: { email: string }) => u.email === email)).toHaveLength(1);
  });

  it('audits the SSO logins with their method', async () => {
    await exchange(t.http, (await signIn(person(['fd-analysts']))).outcome.code!);
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
      const { form, outcome } = await signIn(person(['fd-analysts']));
      expect(outcome.code).toBeTruthy();
      const replay = outcomeOf(await t.http.post('/api/v1/auth/sso/saml/acs').type('form').send(form));
      expect(replay).toMatchObject({ code: null, error: 'SSO_REQUEST_UNKNOWN' });
    });

    it('the same response posted twice at once: exactly one sign-in', async () => {
      const form = await idp.respond(await startLogin(t.http, admin.tenantId), spMetadata, person(['fd-analysts']));
      const outcomes = (await Promise.all([1, 2].map(() => t.http.post('/api/v1/auth/sso/saml/acs').type('form').send(form)))).map(outcomeOf);
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

    it('a response whose RelayState names no tenant with SAML', async () => {
      const form = await idp.respond(await startLogin(t.http, admin.tenantId), spMetadata, person([]));
      const outcome = outcomeOf(await t.http.post('/api/v1/auth/sso/saml/acs').type('form').send({ ...form, RelayState: 'ten_000000000000000000000000' }));
      expect(outcome.error).toBe('SSO_NOT_CONFIGURED');
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
      const location = await startLogin(signed.http, owner.tenantId);
      expect(new URL(location).searchParams.get('Signature')).toBeTruthy();
      const email = uniqueEmail('signed');
      const form = await strictIdp.respond(location, metadata, { email });
      const outcome = outcomeOf(await signed.http.post('/api/v1/auth/sso/saml/acs').type('form').send(form));
      const tokens = await exchange(signed.http, outcome.code!);
      expect(tokens.body.result.user).toMatchObject({ email, role: 'viewer', full_name: email.split('@')[0] });
    });
  });
});
