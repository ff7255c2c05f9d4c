import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { bearer, errorCode, register, startTestApp, uniqueEmail, type Account, type TestApp } from '../support/app.js';
import { startOidcProvider, type OidcTestAccount, type OidcTestProvider } from '../support/idp/oidc-idp.js';
import { exchange, outcomeOf, pathOf, pkcePair, SSO_TEST_ENV, startLogin, withCookie, type Binding } from '../support/idp/sso-flow.js';

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

  /** One login in one browser: our redirect to the provider, the user signing in there, and the callback to us. */
  async function signIn(accountId: string, alter: (authorizationUrl: URL) => void = () => undefined, tenantId = admin.tenantId) {
    const start = await startLogin(t.http, tenantId);
    const authorizationUrl = new URL(start.location);
    alter(authorizationUrl);
    const callback = await op.signIn(authorizationUrl.toString(), accountId);
    const binding: Binding = { cookie: start.cookie };
    return { callback, binding, outcome: outcomeOf(await withCookie(t.http.get(pathOf(callback)), start.cookie)) };
  }

  /** A whole sign-in and the exchange of its code, in one browser. */
  const tokensFor = async (accountId: string) => {
    const { outcome, binding } = await signIn(accountId);
    return exchange(t.http, outcome.code!, binding);
  };

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
    const url = new URL((await startLogin(t.http, admin.tenantId)).location);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`);
    const p = url.searchParams;
    expect(Object.fromEntries(p)).toMatchObject({ response_type: 'code', client_id: op.clientId, redirect_uri: CALLBACK, scope: 'openid email profile', code_challenge_method: 'S256' });
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = new URL((await startLogin(t.http, admin.tenantId)).location);
    expect(other.searchParams.get('state')).not.toBe(p.get('state'));
  });

  it('signs a new user in: provider → callback → one-time code → tokens → /users/me, with the mapped role', async () => {
    const id = account({ groups: ['Everyone', 'Foliodesk Analysts'] });
    const { outcome, binding } = await signIn(id);
    expect(outcome.error).toBeNull();
    const tokens = await exchange(t.http, outcome.code!, binding);
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
    const first = await tokensFor(id);
    op.accounts.set(id, { ...op.accounts.get(id)!, name: 'Arjun Nair', groups: ['Foliodesk Admins'] });
    const second = await tokensFor(id);
    expect(second.body.result.user).toMatchObject({ id: first.body.result.user.id, role: 'admin', full_name: 'Arjun Nair' });
    op.accounts.set(id, { ...op.accounts.get(id)!, groups: ['Sales'] });
    const third = await tokensFor(id);
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
      const other = await startLogin(t.http, admin.tenantId);
      const answered = new URL(await op.signIn((await startLogin(t.http, admin.tenantId, {}, other.cookie)).location, account()));
      answered.searchParams.set('state', new URL(other.location).searchParams.get('state')!);
      const outcome = outcomeOf(await withCookie(t.http.get(pathOf(answered.toString())), other.cookie));
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
      const start = await startLogin(t.http, admin.tenantId);
      const state = new URL(start.location).searchParams.get('state')!;
      const outcome = outcomeOf(await withCookie(t.http.get(`/api/v1/auth/sso/oidc/callback?error=access_denied&error_description=End-User+aborted&state=${state}`), start.cookie));
      expect(outcome).toMatchObject({ error: 'SSO_LOGIN_DENIED', description: 'access_denied: End-User aborted' });
    });

    it('an e-mail the provider says is not verified', async () => {
      const { outcome } = await signIn(account({ email_verified: false }));
      expect(outcome.error).toBe('SSO_ATTRIBUTE_MISSING');
    });

    it.each([
      { name: 'no email_verified claim', verified: null },
      { name: 'email_verified as the string "true"', verified: 'true' },
    ])('an e-mail the provider does not vouch for: $name', async ({ verified }) => {
      const id = account({ email_verified: verified });
      const { outcome } = await signIn(id);
      expect(outcome).toMatchObject({ code: null, error: 'SSO_ATTRIBUTE_MISSING' });
      expect(outcome.description).toMatch(/email_verified/);
      const users = await t.http.get('/api/v1/users?limit=100').set(bearer(admin));
      expect(users.body.result.items.map((u: { email: string }) => u.email)).not.toContain(op.accounts.get(id)!.email);
    });

    it('a group literally named after a role gives no role: only role_values map', async () => {
      const tokens = await tokensFor(account({ groups: ['admin', 'Admin', 'analyst'] }));
      expect(tokens.status).toBe(200);
      expect(tokens.body.result.user.role).toBe('viewer');
    });

    it('an e-mail that belongs to another tenant', async () => {
      const outsider = await register(t.http);
      const { outcome } = await signIn(account({ email: outsider.email, groups: ['Foliodesk Admins'] }));
      expect(outcome.error).toBe('SSO_ACCOUNT_CONFLICT');
      const tokens = await t.http.post('/api/v1/auth/login').send({ email: outsider.email, password: outsider.password });
      expect(tokens.body.result.user).toMatchObject({ tenant_id: outsider.tenantId, role: 'admin' });
    });

    it('a used or expired one-time code', async () => {
      const { outcome, binding } = await signIn(account());
      const first = outcome.code!;
      expect((await exchange(t.http, first, binding)).status).toBe(200);
      const used = await exchange(t.http, first, binding);
      expect(used.status).toBe(400);
      expect(errorCode(used)).toBe('SSO_CODE_INVALID');

      const later = await signIn(account());
      const second = later.outcome.code!;
      // 60 seconds later, as far as the code is concerned.
      const hash = createHash('sha256').update(second).digest('hex');
      await t.app.get(DataSource).query(`UPDATE sso_login_codes SET expires_at = now() - interval '1 second' WHERE code_hash = $1`, [hash]);
      const expired = await exchange(t.http, second, later.binding);
      expect(expired.status).toBe(400);
      expect(errorCode(expired)).toBe('SSO_CODE_INVALID');
      expect(errorCode(await exchange(t.http, 'not-a-code'))).toBe('SSO_CODE_INVALID');
    });
  });

  describe('a sign-in is bound to whoever started it (login CSRF)', () => {
    it('sets an HttpOnly, Secure, SameSite=Lax, host-only binding cookie at the start', async () => {
      const start = await startLogin(t.http, admin.tenantId);
      expect(start.setCookie).toMatch(/^__Host-foliodesk-sso=[A-Za-z0-9_-]{43};/);
      expect(start.setCookie).toMatch(/; HttpOnly/i);
      expect(start.setCookie).toMatch(/; Secure/i);
      expect(start.setCookie).toMatch(/; SameSite=Lax/i);
      expect(start.setCookie).toMatch(/; Path=\//);
      expect(start.setCookie).not.toMatch(/Domain=/i);
    });

    it("refuses an attacker's sign-in finished in the victim's browser (no cookie, or the victim's own): no code is issued", async () => {
      const attacker = account();
      const codesIssued = async () => (await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM sso_login_codes`))[0].n as number;
      const codesBefore = await codesIssued();
      const first = await startLogin(t.http, admin.tenantId);
      const lured = await op.signIn(first.location, attacker);
      const victimBare = outcomeOf(await t.http.get(pathOf(lured)));
      expect(victimBare).toMatchObject({ code: null, error: 'SSO_BROWSER_MISMATCH' });

      const victim = await startLogin(t.http, admin.tenantId);
      const second = await startLogin(t.http, admin.tenantId);
      const luredAgain = await op.signIn(second.location, attacker);
      const victimWithCookie = outcomeOf(await withCookie(t.http.get(pathOf(luredAgain)), victim.cookie));
      expect(victimWithCookie).toMatchObject({ code: null, error: 'SSO_BROWSER_MISMATCH' });

      expect(await codesIssued()).toBe(codesBefore);
      const users = await t.http.get('/api/v1/users?limit=100').set(bearer(admin));
      expect(users.body.result.items.map((u: { email: string }) => u.email)).not.toContain(op.accounts.get(attacker)!.email);
    });

    it("refuses to exchange a code from another browser's sign-in", async () => {
      const attacker = await signIn(account());
      expect(attacker.outcome.code).toBeTruthy();
      const bare = await exchange(t.http, attacker.outcome.code!);
      expect(bare.status).toBe(400);
      expect(errorCode(bare)).toBe('SSO_CODE_INVALID');
      // The refused attempt used the code up.
      expect(errorCode(await exchange(t.http, attacker.outcome.code!, attacker.binding))).toBe('SSO_CODE_INVALID');

      const again = await signIn(account());
      const victim = await startLogin(t.http, admin.tenantId);
      const foreign = await exchange(t.http, again.outcome.code!, { cookie: victim.cookie });
      expect(foreign.status).toBe(400);
      expect(errorCode(foreign)).toBe('SSO_CODE_INVALID');
    });

    it('lets two sign-ins started in one browser (two tabs) both finish', async () => {
      const tab1 = await startLogin(t.http, admin.tenantId);
      const tab2 = await startLogin(t.http, admin.tenantId, {}, tab1.cookie);
      expect(tab2.cookie).toBe(tab1.cookie);
      for (const tab of [tab2, tab1]) {
        const outcome = outcomeOf(await withCookie(t.http.get(pathOf(await op.signIn(tab.location, account()))), tab.cookie));
        expect((await exchange(t.http, outcome.code!, { cookie: tab.cookie })).status).toBe(200);
      }
    });

    describe("a start another site began needs the user's click (the attacker runs the tenant's IdP, which signs anyone in without asking)", () => {
      const LINK = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', Referer: 'https://attacker.example/lure' };
      const startsRecorded = async () =>
        (await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM sso_login_requests WHERE tenant_id = $1`, [admin.tenantId]))[0].n as number;
      const setCookies = (res: { headers: Record<string, unknown> }) => ([res.headers['set-cookie'] ?? []] as unknown as string[][]).flat();
      /** The confirmation page a link from another site gets: its form token and the strict cookie. */
      const lure = async (headers: Record<string, string> = LINK) => {
        const page = await t.http.get(`/api/v1/auth/sso/login?tenant=${admin.tenantId}`).set(headers);
        expect(page.status).toBe(200);
        const confirmCookie = setCookies(page).find((c) => c.startsWith('__Host-foliodesk-sso-confirm='))!;
        return { page, confirmCookie, cookie: confirmCookie.split(';')[0], token: /name="confirm" value="([A-Za-z0-9_-]{43})"/.exec(page.text)![1] };
      };

      it('answers a page naming the tenant and the IdP host, not a redirect; nothing is started at the IdP', async () => {
        const before = await startsRecorded();
        const { page, confirmCookie } = await lure();
        expect(page.headers.location).toBeUndefined();
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.text).toContain('Continue to sign in');
        expect(page.text).toContain(new URL(op.issuer).host);
        expect(page.text).toMatch(/<form method="post" action="\/api\/v1\/auth\/sso\/login">/);
        expect(confirmCookie).toMatch(/; HttpOnly/i);
        expect(confirmCookie).toMatch(/; Secure/i);
        expect(confirmCookie).toMatch(/; SameSite=Strict/i);
        expect(setCookies(page).some((c) => c.startsWith('__Host-foliodesk-sso='))).toBe(false);
        expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(page.headers['cache-control']).toBe('no-store');
        expect(await startsRecorded()).toBe(before);
      });

      it('also without Fetch Metadata when Origin or Referer names another host; same-origin, same-site, typed and PKCE starts go straight on', async () => {
        for (const headers of [{ Referer: 'https://attacker.example/' }, { Origin: 'null' }]) {
          const res = await t.http.get(`/api/v1/auth/sso/login?tenant=${admin.tenantId}`).set(headers);
          expect(res.status).toBe(200);
        }
        for (const headers of [{ 'Sec-Fetch-Site': 'same-origin' }, { 'Sec-Fetch-Site': 'same-site' }, { 'Sec-Fetch-Site': 'none' }, { Referer: 'http://localhost:3000/app' }, {}]) {
          const res = await t.http.get(`/api/v1/auth/sso/login?tenant=${admin.tenantId}`).set(headers);
          expect(res.status).toBe(302);
        }
        const pkce = await t.http.get(`/api/v1/auth/sso/login?${new URLSearchParams({ tenant: admin.tenantId, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })}`).set(LINK);
        expect(pkce.status).toBe(302);
      });

      it("refuses the form posted without this browser's strict cookie (another site posting it), and no code is issued", async () => {
        const codesIssued = async () => (await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM sso_login_codes`))[0].n as number;
        const [codesBefore, startsBefore] = [await codesIssued(), await startsRecorded()];
        const { token, cookie } = await lure();
        const other = await lure();
        const form = { tenant: admin.tenantId, confirm: token };
        const attempts = [
          t.http.post('/api/v1/auth/sso/login').type('form').send(form),
          t.http.post('/api/v1/auth/sso/login').type('form').set('Cookie', other.cookie).send(form),
          t.http.post('/api/v1/auth/sso/login').type('form').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').send(form),
          t.http.post('/api/v1/auth/sso/login').type('form').set('Cookie', cookie).send({ tenant: admin.tenantId }),
        ];
        for (const attempt of attempts) {
          const res = await attempt;
          expect(res.status).toBe(403);
          expect(errorCode(res)).toBe('SSO_START_UNCONFIRMED');
          expect(res.headers.location).toBeUndefined();
        }
        expect(await startsRecorded()).toBe(startsBefore);
        expect(await codesIssued()).toBe(codesBefore);
      });

      it("the user's own click continues: POST → the IdP → callback → a code this browser exchanges", async () => {
        const { token, cookie } = await lure();
        const go = await t.http.post('/api/v1/auth/sso/login').type('form').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin').send({ tenant: admin.tenantId, confirm: token });
        expect(go.status).toBe(303);
        expect(setCookies(go)).toContainEqual(expect.stringMatching(/^__Host-foliodesk-sso-confirm=;/));
        const binding = setCookies(go).find((c) => c.startsWith('__Host-foliodesk-sso='))!.split(';')[0];
        expect(`${new URL(go.headers.location).origin}${new URL(go.headers.location).pathname}`).toBe(`${op.issuer}/auth`);
        const outcome = outcomeOf(await withCookie(t.http.get(pathOf(await op.signIn(go.headers.location, account()))), binding));
        expect((await exchange(t.http, outcome.code!, { cookie: binding })).status).toBe(200);
      });

      it('names the unknown tenant or a tenant without SSO as a direct start does', async () => {
        const unknown = await t.http.get('/api/v1/auth/sso/login?tenant=ten_nonexistent').set(LINK);
        expect(unknown.status).toBe(404);
        const plain = await register(t.http);
        const none = await t.http.get(`/api/v1/auth/sso/login?tenant=${plain.tenantId}`).set(LINK);
        expect(errorCode(none)).toBe('SSO_NOT_CONFIGURED');
      });
    });

    describe('with a code_challenge (a front end that exchanges the code itself, e.g. server-side on another origin)', () => {
      const startWithChallenge = async (challenge: string) => {
        const start = await startLogin(t.http, admin.tenantId, { code_challenge: challenge, code_challenge_method: 'S256' });
        expect(start.cookie).toBeNull();
        // No cookie anywhere: the browser finishing the sign-in is not the party that exchanges the code.
        return outcomeOf(await t.http.get(pathOf(await op.signIn(start.location, account()))));
      };

      it('exchanges the code for the matching code_verifier, without any cookie', async () => {
        const pair = pkcePair();
        const outcome = await startWithChallenge(pair.challenge);
        expect(outcome.error).toBeNull();
        const tokens = await exchange(t.http, outcome.code!, { verifier: pair.verifier });
        expect(tokens.status).toBe(200);
        expect(tokens.body.result.user.tenant_id).toBe(admin.tenantId);
      });

      it.each([
        { name: 'without a code_verifier', binding: () => ({}) },
        { name: 'with another code_verifier', binding: () => ({ verifier: pkcePair().verifier }) },
        { name: 'with only a browser cookie', binding: () => ({ cookie: '__Host-foliodesk-sso=' + randomBytes(32).toString('base64url') }) },
      ])('refuses the code $name', async ({ binding }) => {
        const pair = pkcePair();
        const outcome = await startWithChallenge(pair.challenge);
        const refused = await exchange(t.http, outcome.code!, binding());
        expect(refused.status).toBe(400);
        expect(errorCode(refused)).toBe('SSO_CODE_INVALID');
        // Used up: not even the right verifier gets it afterwards.
        expect(errorCode(await exchange(t.http, outcome.code!, { verifier: pair.verifier }))).toBe('SSO_CODE_INVALID');
      });

      it.each<{ name: string; query: Record<string, string>; details: RegExp }>([
        { name: 'code_challenge_method plain', query: { code_challenge: pkcePair().challenge, code_challenge_method: 'plain' }, details: /S256/ },
        { name: 'a code_challenge without its method', query: { code_challenge: pkcePair().challenge }, details: /S256/ },
        { name: 'a method without a code_challenge', query: { code_challenge_method: 'S256' }, details: /code_challenge/ },
        { name: 'a code_challenge that is not S256 output', query: { code_challenge: 'short', code_challenge_method: 'S256' }, details: /43 base64url/ },
      ])('refuses $name (400 VALIDATION_ERROR)', async ({ query, details }) => {
        const res = await t.http.get(`/api/v1/auth/sso/login?${new URLSearchParams({ tenant: admin.tenantId, ...query })}`);
        expect(res.status).toBe(400);
        expect(errorCode(res)).toBe('VALIDATION_ERROR');
        expect(res.body.error.details).toMatch(details);
      });
    });
  });

  describe('a tenant that opted out of email_verified (require_email_verified: false)', () => {
    let lenient: Account;
    beforeAll(async () => {
      lenient = await register(t.http);
      const res = await t.http
        .post('/api/v1/auth/sso/configure')
        .set(bearer(lenient))
        .send({
          protocol: 'oidc',
          metadata_url: op.discoveryUrl,
          client_id: op.clientId,
          client_secret: op.clientSecret,
          attribute_mapping: { email: 'email', role: 'groups' },
          role_values: ROLE_VALUES,
          require_email_verified: false,
        });
      expect(res.status).toBe(200);
      expect(res.body.result.require_email_verified).toBe(false);
    });

    it('signs in an address without the claim, and still refuses one the provider says is unverified', async () => {
      const quiet = await signIn(account({ email_verified: null }), undefined, lenient.tenantId);
      expect((await exchange(t.http, quiet.outcome.code!, quiet.binding)).status).toBe(200);
      const unverified = await signIn(account({ email_verified: false }), undefined, lenient.tenantId);
      expect(unverified.outcome.error).toBe('SSO_ATTRIBUTE_MISSING');
    });

    it('maps no raw value when a configuration stored before role_values were required has none', async () => {
      const id = account({ groups: ['Foliodesk Analysts'] });
      const first = await signIn(id, undefined, lenient.tenantId);
      expect((await exchange(t.http, first.outcome.code!, first.binding)).body.result.user.role).toBe('analyst');
      await t.app.get(DataSource).query(`UPDATE sso_configurations SET role_values = '{}' WHERE tenant_id = $1`, [lenient.tenantId]);
      op.accounts.set(id, { ...op.accounts.get(id)!, groups: ['admin'] });
      const second = await signIn(id, undefined, lenient.tenantId);
      expect((await exchange(t.http, second.outcome.code!, second.binding)).body.result.user.role).toBe('analyst');
      const newcomer = await signIn(account({ groups: ['admin'] }), undefined, lenient.tenantId);
      expect((await exchange(t.http, newcomer.outcome.code!, newcomer.binding)).body.result.user.role).toBe('viewer');
    });
  });
});
