import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { bearer, errorCode, register, startTestApp, uniqueEmail, type Account, type TestApp } from '../support/app.js';
import { startOidcProvider, type OidcTestAccount, type OidcTestProvider } from '../support/idp/oidc-idp.js';
import { exchange, outcomeOf, pathOf, SSO_TEST_ENV, startLogin } from '../support/idp/sso-flow.js';

const CALLBACK = 'http://localhost:3000/api/v1/auth/sso/oidc/callback';
const ROLE_VALUES = { 'Foliodesk Admins': 'admin', 'Foliodesk Analysts': 'analyst' };

describe('OpenID Connect single sign-on against oidc-provider', () => {
  let t: TestApp;
  let op: OidcTestProvider;
  let admin: Account;

  /** A new account at the provider; answers its id. */
  const account = (claims: Partial<OidcTestAccount> = {}) => {
    const id = `acct-${randomBytes(4).toString('hex')}`;
    op.accounts.set(id, { email: uniqueEmail('oidc'), name: 'Neha Kulkarni', groups: [], ...claims });
    return id;
  };

  /** One login: our redirect to the provider, the user signing in there, and the callback to us. */
  async function signIn(accountId: string, alter: (authorizationUrl: URL) => void = () => undefined) {
    const authorizationUrl = new URL(await startLogin(t.http, admin.tenantId));
    alter(authorizationUrl);
    const callback = await op.signIn(authorizationUrl.toString(), accountId);
    return { callback, outcome: outcomeOf(await t.http.get(pathOf(callback))) };
  }

  beforeAll(async () => {
    op = await startOidcProvider(CALLBACK);
    t = await startTestApp(SSO_TEST_ENV);
    admin = await register(t.http);
    const res = await t.http
      .post('/api/v1/auth/sso/configure')
      .set(bearer(admin))
      .send({
        protocol: 'oidc',
        metadata_url: op.discoveryUrl,
        client_id: op.clientId,
        client_secret: op.clientSecret,
        attribute_mapping: { email: 'email', full_name: 'name', role: 'groups' },
        role_values: ROLE_VALUES,
      });
    if (res.status !== 200) throw new Error(`configure failed: ${res.status} ${JSON.stringify(res.body)}`);
  });
  afterAll(async () => {
    await t.close();
    await op.close();
  });

  it('keeps the client secret to itself', async () => {
    const res = await t.http.get('/api/v1/auth/sso/configure').set(bearer(admin));
    expect(res.body.result).toMatchObject({
      status: 'enabled',
      protocol: 'oidc',
      client_id: op.clientId,
      client_secret_set: true,
      default_role: 'viewer',
      idp: { entity_id: op.issuer, login_endpoint: `${op.issuer}/auth`, certificates: [] },
    });
    expect(JSON.stringify(res.body)).not.toContain(op.clientSecret);
  });

  it('redirects to the authorization endpoint: code flow with PKCE (S256), state and nonce', async () => {
    const url = new URL(await startLogin(t.http, admin.tenantId));
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`);
    const p = url.searchParams;
    expect(Object.fromEntries(p)).toMatchObject({ response_type: 'code', client_id: op.clientId, redirect_uri: CALLBACK, scope: 'openid email profile', code_challenge_method: 'S256' });
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = new URL(await startLogin(t.http, admin.tenantId));
    expect(other.searchParams.get('state')).not.toBe(p.get('state'));
  });

  it('signs a new user in: provider → callback → one-time code → tokens → /users/me, with the mapped role', async () => {
    const id = account({ groups: ['Everyone', 'Foliodesk Analysts'] });
    const { outcome } = await signIn(id);
    expect(outcome.error).toBeNull();
    const tokens = await exchange(t.http, outcome.code!);
    expect(tokens.status).toBe(200);
    const email = op.accounts.get(id)!.email;
    expect(tokens.body.result.user).toMatchObject({ email, role: 'analyst', tenant_id: admin.tenantId, full_name: 'Neha Kulkarni' });
    const me = await t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${tokens.body.result.access_token}`);
    expect(me.body.result).toMatchObject({ email, role: 'analyst' });

    const audit = await t.http.get('/api/v1/audit?limit=100').set(bearer(admin));
    expect(audit.body.result.items).toContainEqual(expect.objectContaining({ action: 'auth.login', outcome: 'success', actor_id: tokens.body.result.user.id, metadata: { method: 'oidc' } }));
  });

  it('updates the name and role at the next login, and gives the default role when no group maps', async () => {
    const id = account({ name: 'Arjun', groups: ['Foliodesk Analysts'] });
    const first = await exchange(t.http, (await signIn(id)).outcome.code!);
    op.accounts.set(id, { ...op.accounts.get(id)!, name: 'Arjun Nair', groups: ['Foliodesk Admins'] });
    const second = await exchange(t.http, (await signIn(id)).outcome.code!);
    expect(second.body.result.user).toMatchObject({ id: first.body.result.user.id, role: 'admin', full_name: 'Arjun Nair' });
    op.accounts.set(id, { ...op.accounts.get(id)!, groups: ['Sales'] });
    const third = await exchange(t.http, (await signIn(id)).outcome.code!);
    expect(third.body.result.user).toMatchObject({ id: first.body.result.user.id, role: 'viewer' });
  });

  describe('refusals', () => {
    it('a callback with a state this service never issued', async () => {
      const outcome = outcomeOf(await t.http.get(`/api/v1/auth/sso/oidc/callback?code=abc&state=${randomBytes(32).toString('base64url')}`));
      expect(outcome).toMatchObject({ code: null, error: 'SSO_REQUEST_UNKNOWN' });
    });

    it('a callback without a state', async () => {
      expect(outcomeOf(await t.http.get('/api/v1/auth/sso/oidc/callback?code=abc')).error).toBe('SSO_REQUEST_UNKNOWN');
    });

    it('a replayed callback (the same state twice)', async () => {
      const { callback, outcome } = await signIn(account());
      expect(outcome.code).toBeTruthy();
      expect(outcomeOf(await t.http.get(pathOf(callback)))).toMatchObject({ code: null, error: 'SSO_REQUEST_UNKNOWN' });
    });

    it("a callback carrying another login's state (its PKCE verifier does not match the code)", async () => {
      const other = new URL(await startLogin(t.http, admin.tenantId)).searchParams.get('state')!;
      const answered = new URL(await op.signIn(await startLogin(t.http, admin.tenantId), account()));
      answered.searchParams.set('state', other);
      const outcome = outcomeOf(await t.http.get(pathOf(answered.toString())));
      expect(outcome.code).toBeNull();
      expect(outcome.error).toBe('SSO_LOGIN_DENIED');
      expect(outcome.description).toMatch(/invalid_grant/);
    });

    it('a wrong nonce (the authorization request was altered to carry another one)', async () => {
      const { outcome } = await signIn(account(), (url) => url.searchParams.set('nonce', randomBytes(32).toString('base64url')));
      expect(outcome).toMatchObject({ code: null, error: 'SSO_RESPONSE_INVALID' });
      expect(outcome.description).toMatch(/nonce/);
    });

    it('an error answered by the provider (the user declined)', async () => {
      const state = new URL(await startLogin(t.http, admin.tenantId)).searchParams.get('state')!;
      const outcome = outcomeOf(await t.http.get(`/api/v1/auth/sso/oidc/callback?error=access_denied&error_description=End-User+aborted&state=${state}`));
      expect(outcome).toMatchObject({ error: 'SSO_LOGIN_DENIED', description: 'access_denied: End-User aborted' });
    });

    it('an e-mail the provider says is not verified', async () => {
      const { outcome } = await signIn(account({ email_verified: false }));
      expect(outcome.error).toBe('SSO_ATTRIBUTE_MISSING');
    });

    it('an e-mail that belongs to another tenant', async () => {
      const outsider = await register(t.http);
      const { outcome } = await signIn(account({ email: outsider.email, groups: ['Foliodesk Admins'] }));
      expect(outcome.error).toBe('SSO_ACCOUNT_CONFLICT');
      const tokens = await t.http.post('/api/v1/auth/login').send({ email: outsider.email, password: outsider.password });
      expect(tokens.body.result.user).toMatchObject({ tenant_id: outsider.tenantId, role: 'admin' });
    });

    it('a used or expired one-time code', async () => {
      const first = (await signIn(account())).outcome.code!;
      expect((await exchange(t.http, first)).status).toBe(200);
      const used = await exchange(t.http, first);
      expect(used.status).toBe(400);
      expect(errorCode(used)).toBe('SSO_CODE_INVALID');

      const second = (await signIn(account())).outcome.code!;
      // 60 seconds later, as far as the code is concerned.
      const hash = createHash('sha256').update(second).digest('hex');
      await t.app.get(DataSource).query(`UPDATE sso_login_codes SET expires_at = now() - interval '1 second' WHERE code_hash = $1`, [hash]);
      const expired = await exchange(t.http, second);
      expect(expired.status).toBe(400);
      expect(errorCode(expired)).toBe('SSO_CODE_INVALID');
      expect(errorCode(await exchange(t.http, 'not-a-code'))).toBe('SSO_CODE_INVALID');
    });
  });
});
