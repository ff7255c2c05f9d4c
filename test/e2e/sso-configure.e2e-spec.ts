import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { bearer, createTenant, errorCode, register, startTestApp, type Account, type TestApp, type Tenant } from '../support/app.js';
import { startSamlIdp, type SamlTestIdp } from '../support/idp/saml-idp.js';
import { exchange, SSO_TEST_ENV } from '../support/idp/sso-flow.js';

describe('SSO configuration (admin) and the public SSO endpoints', () => {
  let t: TestApp;
  let idp: SamlTestIdp;
  let acme: Tenant;
  let issuer: string;

  const saml = (metadataUrl = idp.metadataUrl, extra: Record<string, unknown> = {}) => ({
    protocol: 'saml2',
    metadata_url: metadataUrl,
    attribute_mapping: { email: 'email' },
    ...extra,
  });
  const oidc = (extra: Record<string, unknown> = {}) => ({
    protocol: 'oidc',
    metadata_url: `${issuer}/.well-known/openid-configuration`,
    attribute_mapping: { email: 'email', full_name: 'name' },
    client_id: 'foliodesk',
    client_secret: 's3cret-value',
    ...extra,
  });
  const configure = (account: Account, body: object) => t.http.post('/api/v1/auth/sso/configure').set(bearer(account)).send(body);

  beforeAll(async () => {
    idp = await startSamlIdp();
    // A static OpenID Provider discovery document is enough to configure OIDC.
    const base = idp.metadataUrl.replace('/metadata', '');
    issuer = `${base}/op`;
    idp.serve(
      'op/.well-known/openid-configuration',
      JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, response_types_supported: ['code'] }),
      'application/json',
    );
    t = await startTestApp(SSO_TEST_ENV);
    acme = await createTenant(t.http);
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  describe('access', () => {
    it.each([
      { method: 'get', role: 'analyst' },
      { method: 'post', role: 'analyst' },
      { method: 'delete', role: 'analyst' },
      { method: 'get', role: 'viewer' },
      { method: 'post', role: 'viewer' },
    ] as const)('refuses $method /configure to an $role (403)', async ({ method, role }) => {
      const res = await t.http[method]('/api/v1/auth/sso/configure').set(bearer(acme[role])).send(saml());
      expect(res.status).toBe(403);
      expect(errorCode(res)).toBe('FORBIDDEN');
    });

    it('refuses /configure without a token (401)', async () => {
      expect((await t.http.get('/api/v1/auth/sso/configure')).status).toBe(401);
      expect((await t.http.post('/api/v1/auth/sso/configure').send(saml())).status).toBe(401);
    });
  });

  describe('configure', () => {
    it('shows the service-provider URLs before anything is configured', async () => {
      const fresh = await register(t.http);
      const res = await t.http.get('/api/v1/auth/sso/configure').set(bearer(fresh));
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ status: 'not_configured', protocol: null, idp: null, client_secret_set: false });
      expect(res.body.result.service_provider.acs_url).toBe('http://localhost:3000/api/v1/auth/sso/saml/acs');
      const metadata = await t.http.get(`/api/v1/auth/sso/saml/metadata?tenant=${fresh.tenantId}`);
      expect(metadata.status).toBe(200);
      expect(metadata.text).toContain('SPSSODescriptor');
    });

    it.each([
      { name: 'a metadata_url that is not a URL', body: () => saml('not a url'), details: /metadata_url/ },
      { name: 'an ftp metadata_url', body: () => saml('ftp://idp.example.in/metadata'), details: /metadata_url/ },
      { name: 'an unknown protocol', body: () => ({ ...saml(), protocol: 'ws-fed' }), details: /protocol/ },
      { name: 'no e-mail mapping', body: () => ({ ...saml(), attribute_mapping: { full_name: 'name' } }), details: /attribute_mapping\.email/ },
      { name: 'no attribute_mapping at all', body: () => ({ ...saml(), attribute_mapping: undefined }), details: /attribute_mapping is required/ },
      { name: 'an attribute_mapping that is not an object', body: () => ({ ...saml(), attribute_mapping: 'email' }), details: /attribute_mapping/ },
      { name: 'an unknown mapping key', body: () => ({ ...saml(), attribute_mapping: { email: 'email', phone: 'tel' } }), details: /phone/ },
      { name: 'a role value mapped to no role', body: () => saml(undefined, { role_values: { admins: 'owner' } }), details: /role_values/ },
      { name: 'an unknown default role', body: () => saml(undefined, { default_role: 'owner' }), details: /default_role/ },
      { name: 'a client_id with SAML', body: () => saml(undefined, { client_id: 'x' }), details: /oidc only/ },
      { name: 'OIDC without client_id', body: () => oidc({ client_id: undefined }), details: /client_id is required/ },
      { name: 'OIDC without client_secret', body: () => oidc({ client_secret: undefined }), details: /client_secret is required/ },
      { name: 'require_email_verified with SAML', body: () => saml(undefined, { require_email_verified: false }), details: /oidc only/ },
      { name: 'require_email_verified that is not a boolean', body: () => oidc({ require_email_verified: 'no' }), details: /require_email_verified/ },
      { name: 'an allowed_sso_hosts entry with a scheme', body: () => saml(undefined, { allowed_sso_hosts: ['https://login.example.in'] }), details: /allowed_sso_hosts/ },
      { name: 'allowed_sso_hosts that is not a list', body: () => saml(undefined, { allowed_sso_hosts: 'login.example.in' }), details: /allowed_sso_hosts/ },
    ])('refuses $name (400 VALIDATION_ERROR)', async ({ body, details }) => {
      const res = await configure(acme.admin, body());
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('VALIDATION_ERROR');
      expect(res.body.error.details).toMatch(details);
    });

    it.each([
      { name: 'metadata that does not parse', url: () => idp.serve('garbage.xml', '<md:EntityDescriptor oops'), details: /well-formed|not SAML/ },
      { name: 'an HTML page instead of metadata', url: () => idp.serve('login.html', '<html><body>Sign in</body></html>', 'text/html'), details: /not SAML 2.0 metadata/ },
      { name: 'a metadata URL answering 404', url: () => idp.metadataUrl.replace('/metadata', '/missing'), details: /HTTP 404/ },
      { name: 'a metadata URL nobody listens on', url: () => 'http://127.0.0.1:9/metadata', details: /could not be reached/ },
    ])('answers 400 SSO_METADATA_INVALID for $name', async ({ url, details }) => {
      const res = await configure(acme.admin, saml(url()));
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('SSO_METADATA_INVALID');
      expect(res.body.error.details).toMatch(details);
    });

    it('answers 400 SSO_METADATA_INVALID for a discovery document whose issuer is not its URL', async () => {
      const url = idp.serve('fake/.well-known/openid-configuration', JSON.stringify({ issuer: 'https://elsewhere.example.in', authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` }), 'application/json');
      const res = await configure(acme.admin, oidc({ metadata_url: url }));
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('SSO_METADATA_INVALID');
      expect(res.body.error.details).toMatch(/issuer/);
    });

    it('configures, replaces (OIDC keeps its secret for the same client), disables and re-enables, auditing each change', async () => {
      const admin = (await createTenant(t.http)).admin;
      const first = await configure(admin, saml(undefined, { default_role: 'analyst' }));
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, message: 'Single sign-on configured', result: { status: 'enabled', protocol: 'saml2', default_role: 'analyst' } });

      const replaced = await configure(admin, oidc());
      expect(replaced.body.result).toMatchObject({ status: 'enabled', protocol: 'oidc', client_id: 'foliodesk', client_secret_set: true, idp: { entity_id: issuer } });
      const kept = await configure(admin, oidc({ client_secret: undefined, attribute_mapping: { email: 'upn' } }));
      expect(kept.status).toBe(200);
      expect(kept.body.result).toMatchObject({ client_secret_set: true, attribute_mapping: { email: 'upn' } });
      expect(JSON.stringify(kept.body)).not.toContain('s3cret-value');

      const disabled = await t.http.delete('/api/v1/auth/sso/configure').set(bearer(admin));
      expect(disabled.status).toBe(200);
      expect(disabled.body.result).toMatchObject({ status: 'disabled', protocol: 'oidc' });
      expect(disabled.body.result.disabled_at).toBeTruthy();
      const login = await t.http.get(`/api/v1/auth/sso/login?tenant=${admin.tenantId}`);
      expect(login.status).toBe(400);
      expect(errorCode(login)).toBe('SSO_NOT_CONFIGURED');
      expect((await t.http.delete('/api/v1/auth/sso/configure').set(bearer(admin))).status).toBe(200);

      const again = await configure(admin, saml());
      expect(again.body.result).toMatchObject({ status: 'enabled', protocol: 'saml2', client_id: null, client_secret_set: false, disabled_at: null });
      expect((await t.http.get(`/api/v1/auth/sso/login?tenant=${admin.tenantId}`)).status).toBe(302);

      const audit = await t.http.get('/api/v1/audit?limit=100').set(bearer(admin));
      const actions = audit.body.result.items.filter((e: { action: string }) => e.action.startsWith('sso.')).map((e: { action: string; metadata: { replaced?: boolean } }) => [e.action, e.metadata.replaced ?? null]);
      expect(actions).toEqual([
        ['sso.configure', true],
        ['sso.disable', null],
        ['sso.configure', true],
        ['sso.configure', true],
        ['sso.configure', false],
      ]);
      expect(JSON.stringify(audit.body)).not.toContain('s3cret-value');
    });

    it('answers 404 to DELETE when nothing is configured, and keeps each tenant to its own configuration', async () => {
      const other = await register(t.http);
      const res = await t.http.delete('/api/v1/auth/sso/configure').set(bearer(other));
      expect(res.status).toBe(404);
      await configure(acme.admin, saml()).expect(200);
      expect((await t.http.get('/api/v1/auth/sso/configure').set(bearer(other))).body.result.status).toBe('not_configured');
    });
  });

  describe('IdP trust', () => {
    /** The test IdP's metadata with its SingleSignOnService moved to `location`, served at a path of its own. */
    const movedSignIn = async (name: string, location: string) => {
      const metadata = await (await fetch(idp.metadataUrl)).text();
      const service = /(SingleSignOnService[^>]*Binding="urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-Redirect"[^>]*Location=")[^"]+/;
      if (!service.test(metadata)) throw new Error('the test IdP metadata has no HTTP-Redirect SingleSignOnService to move');
      return idp.serve(name, metadata.replace(service, `$1${location}`), 'application/samlmetadata+xml');
    };
    const discoveryWith = (name: string, authorizationEndpoint: string) => {
      const own = `${idp.metadataUrl.replace('/metadata', '')}/${name}`;
      return idp.serve(
        `${name}/.well-known/openid-configuration`,
        JSON.stringify({ issuer: own, authorization_endpoint: authorizationEndpoint, token_endpoint: `${own}/token`, jwks_uri: `${own}/jwks` }),
        'application/json',
      );
    };

    it.each([
      { name: 'without role_values', extra: {} },
      { name: 'with empty role_values', extra: { role_values: {} } },
    ])('refuses a mapped role attribute $name (400 SSO_ROLE_VALUES_REQUIRED): no group name becomes a role by itself', async ({ extra }) => {
      const res = await configure(acme.admin, saml(undefined, { attribute_mapping: { email: 'email', role: 'groups' }, ...extra }));
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('SSO_ROLE_VALUES_REQUIRED');
      expect(res.body.error.details).toMatch(/attribute_mapping\.role is "groups": list in role_values/);
    });

    it('stores require_email_verified for OIDC (default true) and shows null for SAML', async () => {
      const admin = (await createTenant(t.http)).admin;
      expect((await configure(admin, oidc())).body.result).toMatchObject({ require_email_verified: true, allowed_sso_hosts: [] });
      expect((await configure(admin, oidc({ require_email_verified: false }))).body.result.require_email_verified).toBe(false);
      expect((await configure(admin, saml())).body.result.require_email_verified).toBeNull();
    });

    it.each([
      { name: 'SAML: an https sign-in URL on another host', url: () => movedSignIn('elsewhere.xml', 'https://login.example.com/sso'), body: saml, details: /not on the metadata URL's host \(127\.0\.0\.1\); list login\.example\.com in allowed_sso_hosts/ },
      { name: 'SAML: a sign-in URL on another loopback name', url: () => movedSignIn('other-name.xml', idp.metadataUrl.replace('127.0.0.1', 'localhost').replace('/metadata', '/sso')), body: saml, details: /list localhost in allowed_sso_hosts/ },
      { name: 'SAML: a plain-http sign-in URL on a listed host', url: () => movedSignIn('plain.xml', 'http://login.example.com/sso'), body: (url: string) => saml(url, { allowed_sso_hosts: ['login.example.com'] }), details: /must use https/ },
      { name: 'OIDC: an authorization endpoint on another host', url: () => discoveryWith('op-elsewhere', 'https://login.example.com/authorize'), body: (url: string) => oidc({ metadata_url: url }), details: /allowed_sso_hosts/ },
    ])('refuses $name (400 SSO_SIGN_IN_URL_REFUSED): our login URL must not redirect anywhere', async ({ url, body, details }) => {
      const res = await configure(acme.admin, body(await url()));
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('SSO_SIGN_IN_URL_REFUSED');
      expect(res.body.error.details).toMatch(details);
    });

    it('accepts a sign-in URL on a host the admin lists (allowed_sso_hosts), and the login redirects there', async () => {
      const admin = (await createTenant(t.http)).admin;
      const res = await configure(admin, saml(await movedSignIn('listed.xml', 'https://Login.Example.com/sso'), { allowed_sso_hosts: ['LOGIN.example.com'] }));
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ allowed_sso_hosts: ['login.example.com'], idp: { login_endpoint: 'https://Login.Example.com/sso' } });
      const login = await t.http.get(`/api/v1/auth/sso/login?tenant=${admin.tenantId}`);
      expect(login.status).toBe(302);
      expect(new URL(login.headers.location).origin).toBe('https://login.example.com');
      const audit = await t.http.get('/api/v1/audit?limit=100').set(bearer(admin));
      expect(audit.body.result.items).toContainEqual(expect.objectContaining({ action: 'sso.configure', metadata: expect.objectContaining({ allowed_sso_hosts: ['login.example.com'] }) }));
    });

    it('refuses to redirect to a sign-in URL stored before the rule (no Location), and keeps the stored copy when a refresh moves it', async () => {
      const admin = (await createTenant(t.http)).admin;
      const metadataUrl = await movedSignIn(`refresh-${admin.tenantId}.xml`, idp.metadataUrl.replace('/metadata', '/sso'));
      await configure(admin, saml(metadataUrl)).expect(200);
      const sql = t.app.get(DataSource);

      // The IdP's metadata now points elsewhere; the next sign-in after a day fetches it again.
      await movedSignIn(`refresh-${admin.tenantId}.xml`, 'https://evil.example.com/sso');
      await sql.query(`UPDATE sso_configurations SET metadata_fetched_at = now() - interval '2 days' WHERE tenant_id = $1`, [admin.tenantId]);
      const kept = await t.http.get(`/api/v1/auth/sso/login?tenant=${admin.tenantId}`);
      expect(kept.status).toBe(302);
      expect(kept.headers.location.startsWith(idp.metadataUrl.replace('/metadata', '/sso'))).toBe(true);

      await sql.query(`UPDATE sso_configurations SET idp = jsonb_set(idp, '{sso_url}', '"https://evil.example.com/sso"') WHERE tenant_id = $1`, [admin.tenantId]);
      const refused = await t.http.get(`/api/v1/auth/sso/login?tenant=${admin.tenantId}`);
      expect(refused.status).toBe(400);
      expect(errorCode(refused)).toBe('SSO_SIGN_IN_URL_REFUSED');
      expect(refused.headers.location).toBeUndefined();
    });
  });

  describe('the private-address rule (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)', () => {
    let strict: TestApp;
    let admin: Account;
    beforeAll(async () => {
      strict = await startTestApp({ ...SSO_TEST_ENV, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
      admin = await register(strict.http);
    });
    afterAll(() => strict.close());

    it.each([
      { name: 'a loopback address', url: 'https://127.0.0.1/metadata', details: /loopback, private or link-local/ },
      { name: 'a private address', url: 'https://10.1.2.3/metadata', details: /loopback, private or link-local/ },
      { name: 'a name that resolves to loopback', url: 'https://localhost/metadata', details: /loopback, private or link-local/ },
      { name: 'plain http', url: 'http://idp.example.in/metadata', details: /https/ },
    ])('refuses $name (400 VALIDATION_ERROR)', async ({ url, details }) => {
      const res = await strict.http.post('/api/v1/auth/sso/configure').set(bearer(admin)).send({ ...saml(url) });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('VALIDATION_ERROR');
      expect(res.body.error.details).toMatch(details);
    });
  });

  describe('public endpoints', () => {
    it('answers 404 for an unknown tenant and 400 SSO_NOT_CONFIGURED for a tenant without SSO', async () => {
      const unknown = await t.http.get('/api/v1/auth/sso/login?tenant=ten_000000000000000000000000');
      expect(unknown.status).toBe(404);
      expect(errorCode(unknown)).toBe('NOT_FOUND');
      const metadata = await t.http.get('/api/v1/auth/sso/saml/metadata?tenant=ten_000000000000000000000000');
      expect(metadata.status).toBe(404);
      const plain = await register(t.http);
      const res = await t.http.get(`/api/v1/auth/sso/login?tenant=${plain.tenantId}`);
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('SSO_NOT_CONFIGURED');
      const missing = await t.http.get('/api/v1/auth/sso/login');
      expect(missing.status).toBe(400);
      expect(errorCode(missing)).toBe('VALIDATION_ERROR');
    });

    it('shows a code, or a login error, on the completion page; refuses other errors', async () => {
      expect((await t.http.get('/api/v1/auth/sso/complete?code=abc')).body).toMatchObject({ success: true, result: { code: 'abc', expires_in: 60 } });
      const denied = await t.http.get('/api/v1/auth/sso/complete?error=SSO_SIGNATURE_INVALID&error_description=bad');
      expect(denied.status).toBe(401);
      expect(denied.body.error).toEqual({ code: 'SSO_SIGNATURE_INVALID', details: 'bad' });
      const forged = await t.http.get('/api/v1/auth/sso/complete?error=INTERNAL_ERROR');
      expect(forged.status).toBe(400);
      expect((await t.http.get('/api/v1/auth/sso/complete')).status).toBe(400);
    });

    it('refuses to exchange a missing or unknown code', async () => {
      const missing = await t.http.post('/api/v1/auth/sso/exchange').send({});
      expect(missing.status).toBe(400);
      expect(errorCode(missing)).toBe('VALIDATION_ERROR');
      const unknown = await exchange(t.http, 'x'.repeat(43));
      expect(unknown.status).toBe(400);
      expect(errorCode(unknown)).toBe('SSO_CODE_INVALID');
    });
  });
});
