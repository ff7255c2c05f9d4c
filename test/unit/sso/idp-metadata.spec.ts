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
    { name: 'not XML', xml: 'this is not xml <', reason: /well-formed|not SAML/ },
    { name: 'an HTML page', xml: '<html><body>Sign in</body></html>', reason: /not SAML 2.0 metadata/ },
    { name: 'a DOCTYPE', xml: `<!DOCTYPE x [<!ENTITY e "x">]>${samlMetadata().replace('<?xml version="1.0"?>', '')}`, reason: /DOCTYPE/ },
    { name: 'no HTTP-Redirect endpoint', xml: samlMetadata({ binding: 'urn:oasis:names:tc:SAML:2.0:bindings:SOAP' }), reason: /HTTP-Redirect/ },
    { name: 'only an encryption key', xml: samlMetadata({ use: 'encryption' }), reason: /signing certificate/ },
    { name: 'a broken certificate', xml: samlMetadata({ cert: 'bm90IGEgY2VydGlmaWNhdGU=' }), reason: /not a valid X\.509/ },
    { name: 'no entityID', xml: samlMetadata({ entityId: '' }), reason: /entityID/ },
  ])('refuses $name', ({ xml, reason }) => {
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
    { name: 'not JSON', text: '<html/>', reason: /not JSON/ },
    { name: 'no token endpoint', text: doc({ token_endpoint: undefined }), reason: /token_endpoint/ },
    { name: 'another issuer', text: doc({ issuer: 'https://evil.example.in' }), reason: /does not match its URL/ },
    { name: 'no code flow', text: doc({ response_types_supported: ['id_token'] }), reason: /authorization code/ },
    { name: 'no S256', text: doc({ code_challenge_methods_supported: ['plain'] }), reason: /S256/ },
    { name: 'plain http endpoints', text: doc({ jwks_uri: 'http://login.example.in/certs' }), reason: /https/ },
  ])('refuses $name', ({ text, reason }) => {
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
    { name: 'SAML on the metadata host', idp: saml('https://idp.example.in/sso'), hosts: [], loopback: false },
    { name: 'OIDC on the metadata host (any case)', idp: oidc('https://IDP.example.in/authorize'), hosts: [], loopback: false },
    { name: 'a listed host', idp: saml('https://login.example.in/sso'), hosts: ['login.example.in'], loopback: false },
    { name: 'loopback http where local IdPs are allowed', idp: saml('http://127.0.0.1:8080/sso'), hosts: [], loopback: true },
  ])('accepts $name', ({ idp, hosts, loopback }) => {
    const metadataUrl = idp.kind === 'saml2' && idp.sso_url.startsWith('http://') ? 'http://127.0.0.1:8080/metadata' : METADATA;
    expect(() => checkSignInUrl(idp, metadataUrl, hosts, loopback)).not.toThrow();
  });

  it.each([
    { name: 'another host', idp: saml('https://evil.example.com/sso'), metadataUrl: METADATA, hosts: [], loopback: false, reason: /not on the metadata URL's host \(idp\.example\.in\); list evil\.example\.com in allowed_sso_hosts/ },
    { name: 'another host (OIDC)', idp: oidc('https://evil.example.com/authorize'), metadataUrl: METADATA, hosts: [], loopback: false, reason: /allowed_sso_hosts/ },
    { name: 'a sibling of the metadata host', idp: saml('https://idp.example.in.evil.com/sso'), metadataUrl: METADATA, hosts: [], loopback: false, reason: /not on the metadata URL's host/ },
    { name: 'plain http on the metadata host', idp: saml('http://idp.example.in/sso'), metadataUrl: 'http://idp.example.in/metadata', hosts: [], loopback: true, reason: /https/ },
    { name: 'plain http on a listed host', idp: saml('http://login.example.in/sso'), metadataUrl: METADATA, hosts: ['login.example.in'], loopback: true, reason: /https/ },
    { name: 'loopback http in production (no local IdPs)', idp: saml('http://127.0.0.1:8080/sso'), metadataUrl: 'http://127.0.0.1:8080/metadata', hosts: [], loopback: false, reason: /https/ },
    { name: 'a javascript: URL', idp: saml('javascript:alert(1)'), metadataUrl: METADATA, hosts: [], loopback: true, reason: /https/ },
    { name: 'credentials in the URL', idp: saml('https://user:pass@idp.example.in/sso'), metadataUrl: METADATA, hosts: [], loopback: false, reason: /credentials/ },
  ])('refuses $name', ({ idp, metadataUrl, hosts, loopback, reason }) => {
    expect(() => checkSignInUrl(idp, metadataUrl, hosts, loopback)).toThrow(SignInUrlRefused);
    expect(() => checkSignInUrl(idp, metadataUrl, hosts, loopback)).toThrow(reason);
  });
});

describe('isEntraIdIssuer', () => {
  it.each([
    { url: 'https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0', entra: true },
    { url: 'https://sts.windows.net/11111111-2222-3333-4444-555555555555/', entra: true },
    { url: 'https://LOGIN.microsoftonline.com/x/v2.0', entra: true },
    { url: 'http://login.microsoftonline.com/x/v2.0', entra: false },
    { url: 'https://login.microsoftonline.com.attacker.example/x', entra: false },
    { url: 'https://firm.okta.com', entra: false },
    { url: 'not a url', entra: false },
  ])('$url → $entra', ({ url, entra }) => {
    expect(isEntraIdIssuer(url)).toBe(entra);
  });
});
