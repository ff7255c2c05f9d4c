import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import type { IdpDescriptor, OidcIdpDescriptor, SamlIdpDescriptor } from './entities/sso-configuration.entity.js';

/** The metadata was fetched but is not something a login can be built on; the message says why. */
export class MetadataInvalid extends Error {}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const HTTP_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const WELL_KNOWN = '/.well-known/openid-configuration';

/**
 * Reads a SAML 2.0 IdP metadata document (an EntityDescriptor, or the first IdP in an
 * EntitiesDescriptor): its entity id, the HTTP-Redirect SingleSignOnService and its signing
 * certificates, which are the only keys a response's signature is checked against.
 */
export function parseSamlIdpMetadata(xml: string): SamlIdpDescriptor {
  if (/<!DOCTYPE/i.test(xml)) throw new MetadataInvalid('the metadata must not contain a DOCTYPE');
  let doc: Document;
  try {
    doc = new DOMParser({
      errorHandler: {
        warning: () => undefined,
        error: (message: string) => {
          throw new MetadataInvalid(`the metadata is not well-formed XML (${message.trim().split('\n')[0]})`);
        },
        fatalError: (message: string) => {
          throw new MetadataInvalid(`the metadata is not well-formed XML (${message.trim().split('\n')[0]})`);
        },
      },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (error) {
    if (error instanceof MetadataInvalid) throw error;
    throw new MetadataInvalid('the metadata is not well-formed XML');
  }
  const root = doc?.documentElement;
  if (!root || root.namespaceURI !== MD || !['EntityDescriptor', 'EntitiesDescriptor'].includes(root.localName)) {
    throw new MetadataInvalid('the document is not SAML 2.0 metadata (no md:EntityDescriptor)');
  }
  const entity = elements(root.localName === 'EntityDescriptor' ? [root] : [...elementsByTag(root, MD, 'EntityDescriptor')], MD, 'IDPSSODescriptor')[0];
  if (!entity) throw new MetadataInvalid('the metadata describes no identity provider (no IDPSSODescriptor)');
  const { entityDescriptor, idpDescriptor } = entity;
  const entityId = entityDescriptor.getAttribute('entityID')?.trim();
  if (!entityId) throw new MetadataInvalid('the EntityDescriptor has no entityID');

  const sso = [...elementsByTag(idpDescriptor, MD, 'SingleSignOnService')].find((e) => e.getAttribute('Binding') === HTTP_REDIRECT);
  const ssoUrl = sso?.getAttribute('Location')?.trim();
  if (!ssoUrl) throw new MetadataInvalid('the IdP offers no SingleSignOnService with the HTTP-Redirect binding');
  if (!isHttpUrl(ssoUrl)) throw new MetadataInvalid('the SingleSignOnService Location is not an http(s) URL');

  const certificates = [...elementsByTag(idpDescriptor, MD, 'KeyDescriptor')]
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => [...elementsByTag(k, DS, 'X509Certificate')])
    .map((c) => toPem(c.textContent ?? ''));
  if (certificates.length === 0) throw new MetadataInvalid('the IdP publishes no signing certificate (KeyDescriptor use="signing")');
  return { kind: 'saml2', entity_id: entityId, sso_url: ssoUrl, certificates: [...new Set(certificates)] };
}

/**
 * Checks an OpenID Provider discovery document: the endpoints a code flow needs, PKCE S256 and the
 * `code` response type when the document lists them, and (OpenID Connect Discovery §4.3) that its
 * issuer is the URL the document was fetched from, less `/.well-known/openid-configuration`.
 */
export function parseOidcDiscovery(text: string, fetchedFrom: string, allowHttp: boolean): OidcIdpDescriptor {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new MetadataInvalid('the discovery document is not JSON');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new MetadataInvalid('the discovery document is not a JSON object');
  const meta = doc as Record<string, unknown>;
  for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    const value = meta[field];
    if (typeof value !== 'string' || !isHttpUrl(value)) throw new MetadataInvalid(`the discovery document has no valid ${field}`);
    if (!allowHttp && new URL(value).protocol !== 'https:') throw new MetadataInvalid(`${field} must use https`);
  }
  const issuer = meta.issuer as string;
  const expected = `${issuer.replace(/\/+$/, '')}${WELL_KNOWN}`;
  if (stripSlash(fetchedFrom) !== stripSlash(expected)) {
    throw new MetadataInvalid(`the document's issuer ${issuer} does not match its URL (expected ${expected})`);
  }
  const listed = (field: string) => (Array.isArray(meta[field]) ? (meta[field] as unknown[]) : null);
  if (listed('response_types_supported') && !listed('response_types_supported')!.includes('code')) {
    throw new MetadataInvalid('the provider does not support the authorization code flow (response_type code)');
  }
  if (listed('code_challenge_methods_supported') && !listed('code_challenge_methods_supported')!.includes('S256')) {
    throw new MetadataInvalid('the provider does not support PKCE with S256');
  }
  return { kind: 'oidc', metadata: meta as OidcIdpDescriptor['metadata'] };
}

/** The IdP's sign-in URL may not be used: the message says why. */
export class SignInUrlRefused extends Error {}

/** Where GET /auth/sso/login sends the browser: the SAML SingleSignOnService, or the OIDC authorization endpoint. */
export const signInUrlOf = (idp: IdpDescriptor) => (idp.kind === 'saml2' ? idp.sso_url : idp.metadata.authorization_endpoint);

/**
 * Our login URL redirects to the IdP's sign-in URL, so it must not become an open redirect from our
 * domain: the URL must be https and on the metadata URL's host or one the admin listed in
 * `allowed_sso_hosts`. Plain http is allowed only for a loopback host, and only when the deployment
 * allows local IdPs (`allowLoopbackHttp`: development and tests, never production).
 */
export function checkSignInUrl(idp: IdpDescriptor, metadataUrl: string, allowedHosts: readonly string[], allowLoopbackHttp: boolean): void {
  const raw = signInUrlOf(idp);
  const url = new URL(raw);
  const host = url.hostname.toLowerCase();
  const loopback = host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && allowLoopbackHttp)) {
    throw new SignInUrlRefused(`the IdP's sign-in URL ${raw} must use https`);
  }
  if (url.username || url.password) throw new SignInUrlRefused(`the IdP's sign-in URL ${raw} must not carry credentials`);
  const metadataHost = new URL(metadataUrl).hostname.toLowerCase();
  if (host !== metadataHost && !allowedHosts.includes(host)) {
    throw new SignInUrlRefused(`the IdP's sign-in URL ${raw} is not on the metadata URL's host (${metadataHost}); list ${host} in allowed_sso_hosts if it is the IdP's`);
  }
}

/** Microsoft Entra ID's issuer hosts: it sends no `email_verified` claim (docs/sso.md, Entra ID). */
const ENTRA_ID_HOSTS = ['login.microsoftonline.com', 'sts.windows.net'];

/** Whether an OIDC issuer (or metadata URL) is Microsoft Entra ID's. */
export function isEntraIdIssuer(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && ENTRA_ID_HOSTS.includes(parsed.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/** The URL an admin pasted as the OIDC metadata URL: the issuer or its discovery document. */
export function discoveryUrlOf(metadataUrl: string): string {
  const url = new URL(metadataUrl);
  if (url.pathname.endsWith(WELL_KNOWN)) return url.toString();
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${WELL_KNOWN}`;
  return url.toString();
}

function elements(entities: Element[], ns: string, child: string) {
  return entities.flatMap((entityDescriptor) => {
    const idpDescriptor = [...elementsByTag(entityDescriptor, ns, child)][0];
    return idpDescriptor ? [{ entityDescriptor, idpDescriptor }] : [];
  });
}

function elementsByTag(parent: Element, ns: string, name: string): Element[] {
  const list = parent.getElementsByTagNameNS(ns, name);
  const out: Element[] = [];
  for (let i = 0; i < list.length; i++) out.push(list.item(i)!);
  return out;
}

function toPem(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----`;
  try {
    new X509Certificate(pem);
  } catch {
    throw new MetadataInvalid('a signing certificate in the metadata is not a valid X.509 certificate');
  }
  return pem;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');
