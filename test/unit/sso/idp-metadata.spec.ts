import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { checkSignInUrl, discoveryUrlOf, isEntraIdIssuer, MetadataInvalid, parseOidcDiscovery, parseSamlIdpMetadata, SignInUrlRefused } from '../../../src/modules/sso/idp-metadata.js';

const CERT = readFileSync(new URL('../../support/idp/keys/idp-cert.pem', import.meta.url), 'utf8');
const CERT_BODY = CERT.replace(/-----[A-Z ]+-----|\s/g, '');

const samlMetadata = ({ binding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', cert = CERT_BODY, use = 'signing', entityId = 'https://idp.example.in/saml' } = {}) => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="${use}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.in/sso/post"/>
    <md:SingleSignOnService Binding="${binding}" Location="https://idp.example.in/sso/redirect"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

describe('parseSamlIdpMetadata', () => {
  it('reads the entity id, the HTTP-Redirect SSO URL and the signing certificates', () => {
    const idp = parseSamlIdpMetadata(samlMetadata());
    expect(idp).toMatchObject({ kind: 'saml2', entity_id: 'https://idp.example.in/saml', sso_url: 'https://idp.example.in/sso/redirect' });
    expect(idp.certificates).toHaveLength(1);
    expect(idp.certificates[0].replace(/-----[A-Z ]+-----|\s/g, '')).toBe(CERT_BODY);
  });

  it('finds the IdP inside an EntitiesDescriptor', () => {
    const inner = samlMetadata().replace('<?xml version="1.0"?>', '');
    const idp = parseSamlIdpMetadata(`<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${inner}</md:EntitiesDescriptor>`);
    expect(idp.entity_id).toBe('https://idp.example.in/saml');
  });

  it.each([
    ['not XML', 'this is not xml <', /well-formed|not SAML/],
    ['an HTML page', '<html><body>Sign in</body></html>', /not SAML 2.0 metadata/],
    ['a DOCTYPE', `<!DOCTYPE x [<!ENTITY e "x">]>${samlMetadata().replace('<?xml version="1.0"?>', '')}`, /DOCTYPE/],
    ['no HTTP-Redirect endpoint', samlMetadata({ binding: 'urn:oasis:names:tc:SAML:2.0:bindings:SOAP' }), /HTTP-Redirect/],
    ['only an encryption key', samlMetadata({ use: 'encryption' }), /signing certificate/],
    ['a broken certificate', samlMetadata({ cert: 'bm90IGEgY2VydGlmaWNhdGU=' }), /not a valid X\.509/],
    ['no entityID', samlMetadata({ entityId: '' }), /entityID/],
  ])('refuses %s', (_case, xml, reason) => {
    expect(() => parseSamlIdpMetadata(xml)).toThrow(MetadataInvalid);
    expect(() => parseSamlIdpMetadata(xml)).toThrow(reason);
  });
});

describe('parseOidcDiscovery', () => {
  const issuer = 'https://login.example.in/realms/acme';
  const url = `${issuer}/.well-known/openid-configuration`;
  const doc = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/certs`,
      response_types_supported: ['code', 'id_token'],
      code_challenge_methods_supported: ['plain', 'S256'],
      ...extra,
    });

  it('accepts a complete document whose issuer matches its URL', () => {
    expect(parseOidcDiscovery(doc(), url, false).metadata.issuer).toBe(issuer);
  });

  it.each([
    ['not JSON', '<html/>', /not JSON/],
    ['no token endpoint', doc({ token_endpoint: undefined }), /token_endpoint/],
    ['another issuer', doc({ issuer: 'https://evil.example.in' }), /does not match its URL/],
    ['no code flow', doc({ response_types_supported: ['id_token'] }), /authorization code/],
    ['no S256', doc({ code_challenge_methods_supported: ['plain'] }), /S256/],
    ['plain http endpoints', doc({ jwks_uri: 'http://login.example.in/certs' }), /https/],
  ])('refuses %s', (_case, text, reason) => {
    expect(() => parseOidcDiscovery(text, url, false)).toThrow(reason);
  });

  it('takes an issuer URL or the discovery URL itself', () => {
    expect(discoveryUrlOf(issuer)).toBe(url);
    expect(discoveryUrlOf(`${issuer}/`)).toBe(url);
    expect(discoveryUrlOf(url)).toBe(url);
  });
});

describe('checkSignInUrl (no open redirect from our login URL)', () => {
  const saml = (ssoUrl: string) => ({ kind: 'saml2' as const, entity_id: 'https://idp.example.in/saml', sso_url: ssoUrl, certificates: [] });
  const oidc = (authorizationEndpoint: string) => ({
    kind: 'oidc' as const,
    metadata: { issuer: 'https://idp.example.in', authorization_endpoint: authorizationEndpoint, token_endpoint: 'https://idp.example.in/token', jwks_uri: 'https://idp.example.in/jwks' },
  });
  const METADATA = 'https://idp.example.in/app/metadata';

  it.each([
    ['SAML on the metadata host', saml('https://idp.example.in/sso'), [], false],
    ['OIDC on the metadata host (any case)', oidc('https://IDP.example.in/authorize'), [], false],
    ['a listed host', saml('https://login.example.in/sso'), ['login.example.in'], false],
    ['loopback http where local IdPs are allowed', saml('http://127.0.0.1:8080/sso'), [], true],
  ])('accepts %s', (_case, idp, hosts, loopback) => {
    const metadataUrl = idp.kind === 'saml2' && idp.sso_url.startsWith('http://') ? 'http://127.0.0.1:8080/metadata' : METADATA;
    expect(() => checkSignInUrl(idp, metadataUrl, hosts, loopback)).not.toThrow();
  });

  it.each([
    ['another host', saml('https://evil.example.com/sso'), METADATA, [], false, /not on the metadata URL's host \(idp\.example\.in\); list evil\.example\.com in allowed_sso_hosts/],
    ['another host (OIDC)', oidc('https://evil.example.com/authorize'), METADATA, [], false, /allowed_sso_hosts/],
    ['a sibling of the metadata host', saml('https://idp.example.in.evil.com/sso'), METADATA, [], false, /not on the metadata URL's host/],
    ['plain http on the metadata host', saml('http://idp.example.in/sso'), 'http://idp.example.in/metadata', [], true, /https/],
    ['plain http on a listed host', saml('http://login.example.in/sso'), METADATA, ['login.example.in'], true, /https/],
    ['loopback http in production (no local IdPs)', saml('http://127.0.0.1:8080/sso'), 'http://127.0.0.1:8080/metadata', [], false, /https/],
    ['a javascript: URL', saml('javascript:alert(1)'), METADATA, [], true, /https/],
    ['credentials in the URL', saml('https://user:pass@idp.example.in/sso'), METADATA, [], false, /credentials/],
  ])('refuses %s', (_case, idp, metadataUrl, hosts, loopback, reason) => {
    expect(() => checkSignInUrl(idp, metadataUrl, hosts, loopback)).toThrow(SignInUrlRefused);
    expect(() => checkSignInUrl(idp, metadataUrl, hosts, loopback)).toThrow(reason);
  });
});

describe('isEntraIdIssuer', () => {
  it.each([
    ['https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0', true],
    ['https://sts.windows.net/11111111-2222-3333-4444-555555555555/', true],
    ['https://LOGIN.microsoftonline.com/x/v2.0', true],
    ['http://login.microsoftonline.com/x/v2.0', false],
    ['https://login.microsoftonline.com.attacker.example/x', false],
    ['https://firm.okta.com', false],
    ['not a url', false],
  ])('%s → %s', (url, entra) => {
    expect(isEntraIdIssuer(url)).toBe(entra);
  });
});
