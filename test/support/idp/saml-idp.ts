import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as validator from '@authenio/samlify-xmllint-wasm';
import * as samlify from 'samlify';

// The IdP checks each AuthnRequest against the SAML 2.0 XML schemas (xmllint, WebAssembly).
samlify.setSchemaValidator(validator);

const key = (name: string) => readFileSync(new URL(`./keys/${name}`, import.meta.url), 'utf8');
export const IDP_CERT = key('idp-cert.pem');
export const SP_KEY = key('sp-key.pem');
export const SP_CERT = key('sp-cert.pem');

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface SamlTestUser {
  email: string;
  attributes?: Record<string, string | string[]>;
}

/** Ways a test IdP can get a response wrong, on purpose. */
export interface ResponseVariant {
  /** Template values to override (Audience, ConditionsNotOnOrAfter, InResponseTo, Destination…). */
  values?: Record<string, string>;
  /** Sign with a key that is not in the published metadata. */
  foreignKey?: boolean;
}

export interface SamlTestIdp {
  entityId: string;
  metadataUrl: string;
  /** Extra documents it serves, for configure tests: `/<name>` answers the body as given. */
  serve(name: string, body: string, contentType?: string): string;
  /**
   * Plays the IdP for one AuthnRequest (the URL our login redirected to): answers the form our ACS
   * receives, `{SAMLResponse, RelayState}`, after checking the request (and its signature when the
   * IdP wants signed requests).
   */
  respond(authnRequestUrl: string, spMetadata: string, user: SamlTestUser, variant?: ResponseVariant): Promise<{ SAMLResponse: string; RelayState: string }>;
  close(): Promise<void>;
}

/**
 * A SAML 2.0 identity provider (samlify) on 127.0.0.1: metadata at /metadata, HTTP-Redirect
 * SingleSignOnService at /sso, signed responses for the HTTP-POST binding.
 */
export async function startSamlIdp(options: { wantAuthnRequestsSigned?: boolean } = {}): Promise<SamlTestIdp> {
  const documents = new Map<string, { body: string; type: string }>();
  const server: Server = createServer((req, res) => {
    const doc = documents.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!doc) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': doc.type }).end(doc.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const settings = (privateKey: string, signingCert: string) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey,
      signingCert,
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: REDIRECT, Location: `${base}/sso` }],
      singleLogoutService: [{ Binding: REDIRECT, Location: `${base}/slo` }],
      wantAuthnRequestsSigned: options.wantAuthnRequestsSigned ?? false,
    });
  const idp = settings(key('idp-key.pem'), IDP_CERT);
  const impostor = settings(key('other-idp-key.pem'), key('other-idp-cert.pem'));
  documents.set('/metadata', { body: idp.getMetadata(), type: 'application/samlmetadata+xml' });

  return {
    entityId,
    metadataUrl: entityId,
    serve(name, body, type = 'application/xml') {
      documents.set(`/${name}`, { body, type });
      return `${base}/${name}`;
    },
    async respond(authnRequestUrl, spMetadata, user, variant = {}) {
      const url = new URL(authnRequestUrl);
      const query = Object.fromEntries(url.searchParams);
      // The signed octet string is the query as sent, less the Signature.
      const octetString = url.search.slice(1).split('&').filter((p) => !p.startsWith('Signature=')).join('&');
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const { extract } = await idp.parseLoginRequest(sp, 'redirect', { query, octetString });
      const acs = sp.entityMeta.getAssertionConsumerService(samlify.Constants.wording.binding.post) as string;
      const now = new Date();
      const inFive = new Date(now.getTime() + 5 * 60_000).toISOString();
      const values: Record<string, string> = {
        ID: `_${randomBytes(16).toString('hex')}`,
        AssertionID: `_${randomBytes(16).toString('hex')}`,
        Destination: acs,
        Audience: sp.entityMeta.getEntityID(),
        SubjectRecipient: acs,
        Issuer: entityId,
        IssueInstant: now.toISOString(),
        StatusCode: samlify.Constants.StatusCode.Success,
        ConditionsNotBefore: now.toISOString(),
        ConditionsNotOnOrAfter: inFive,
        SubjectConfirmationDataNotOnOrAfter: inFive,
        NameIDFormat: EMAIL_FORMAT,
        NameID: user.email,
        InResponseTo: (extract as { request: { id: string } }).request.id,
        ...variant.values,
      };
      const authn = `<saml:AuthnStatement AuthnInstant="${values.IssueInstant}" SessionIndex="${values.AssertionID}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
      const attributes = Object.entries({ email: user.email, ...user.attributes })
        .map(([name, value]) => {
          const list = (Array.isArray(value) ? value : [value]).map((v) => `<saml:AttributeValue xsi:type="xs:string">${escape(v)}</saml:AttributeValue>`).join('');
          return `<saml:Attribute Name="${escape(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${list}</saml:Attribute>`;
        })
        .join('');
      const signer = variant.foreignKey ? impostor : idp;
      const relayState = url.searchParams.get('RelayState') ?? '';
      const { context } = await signer.createLoginResponse(sp, { extract }, 'post', { email: user.email }, {
        relayState,
        customTagReplacement: (template: string) => ({
          id: values.ID,
          context: samlify.SamlLib.replaceTagsByValue(
            template.replace('{AuthnStatement}', authn).replace('{AttributeStatement}', `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`),
            values,
          ),
        }),
      });
      return { SAMLResponse: context, RelayState: relayState };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The response XML, to look at or alter (and `encode` it back). */
export const decode = (samlResponse: string) => Buffer.from(samlResponse, 'base64').toString('utf8');
export const encode = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
/** The same response with every XML signature removed. */
export const withoutSignatures = (samlResponse: string) => encode(decode(samlResponse).replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ''));

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
