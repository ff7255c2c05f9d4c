import { Injectable } from '@nestjs/common';
import { generateServiceProviderMetadata, SAML, SamlStatusError, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { AppConfig } from '../../../config/app-config.js';
import { AppException } from '../../../common/errors/app.exception.js';
import type { SamlIdpDescriptor } from '../entities/sso-configuration.entity.js';
import type { IdpIdentity } from '../identity-mapping.js';
import { serviceProviderEndpoints } from '../sp-endpoints.js';
import type { BoundTo } from '../sign-in-binding.js';
import { SsoRepository, type ConsumedLoginRequest } from '../sso.repository.js';
import { RequestIdCache } from './request-id-cache.js';

const EMAIL_ADDRESS_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/**
 * The SAML 2.0 service provider (node-saml), one per tenant: AuthnRequests over HTTP-Redirect
 * (signed when SSO_SAML_SP_PRIVATE_KEY is set), and responses checked for a signature over the
 * assertion by a certificate from the IdP's metadata, the audience (this tenant's SP entity id),
 * the destination and recipient (our ACS), the IdP's entity id, the validity window (with
 * SSO_CLOCK_SKEW_SECONDS of skew) and an InResponseTo naming a request we issued and that was not
 * answered before.
 */
@Injectable()
export class SamlLoginService {
  constructor(
    private readonly config: AppConfig,
    private readonly repo: SsoRepository,
  ) {}

  /** The IdP URL (HTTP-Redirect binding) that starts a login; RelayState carries the tenant. */
  async authorizeUrl(tenantId: string, idp: SamlIdpDescriptor, bound: BoundTo): Promise<string> {
    const { saml } = this.provider(tenantId, idp, bound);
    return saml.getAuthorizeUrlAsync(tenantId, undefined, {});
  }

  metadataXml(tenantId: string): string {
    const sp = serviceProviderEndpoints(this.config.http.publicBaseUrl, tenantId);
    const signing = this.config.sso.samlSigning;
    return generateServiceProviderMetadata({
      issuer: sp.entity_id,
      callbackUrl: sp.acs_url,
      identifierFormat: EMAIL_ADDRESS_FORMAT,
      wantAssertionsSigned: true,
      ...(signing ? { privateKey: signing.privateKey, publicCerts: signing.certificate, signatureAlgorithm: 'sha256' as const } : {}),
    });
  }

  /** Checks a posted SAMLResponse: answers what the IdP says about the user, and the request it answers. */
  async validate(tenantId: string, idp: SamlIdpDescriptor, samlResponse: string): Promise<{ identity: IdpIdentity; request: ConsumedLoginRequest }> {
    const { saml, cache, acsUrl } = this.provider(tenantId, idp);
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      throw refusal(error);
    }
    if (!profile) throw new AppException('SSO_RESPONSE_INVALID', 'The response carries no assertion');
    const inResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : null;
    const request = inResponseTo ? await cache.claim(inResponseTo) : null;
    if (!request) {
      throw new AppException('SSO_REQUEST_UNKNOWN', 'The response answers a request that is unknown, expired or already answered');
    }
    if (profile.issuer !== idp.entity_id) {
      throw new AppException('SSO_RESPONSE_INVALID', `The assertion's issuer is not the configured IdP (${idp.entity_id})`);
    }
    assertAddressedTo(profile, acsUrl);
    const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
    return { identity: { attributes, nameId: profile.nameID ?? null }, request };
  }

  private provider(tenantId: string, idp: SamlIdpDescriptor, bound?: BoundTo) {
    const sp = serviceProviderEndpoints(this.config.http.publicBaseUrl, tenantId);
    const { sso } = this.config;
    const cache = new RequestIdCache(this.repo, tenantId, sso.loginTtlSeconds, bound);
    const saml = new SAML({
      issuer: sp.entity_id,
      audience: sp.entity_id,
      callbackUrl: sp.acs_url,
      entryPoint: idp.sso_url,
      idpCert: idp.certificates,
      idpIssuer: idp.entity_id,
      // No NameID format or authentication context is demanded: IdPs refuse requests they cannot
      // honour exactly (Entra ID's AADSTS75011), and the e-mail comes from the attribute mapping.
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: sso.clockSkewSeconds * 1000,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: sso.loginTtlSeconds * 1000,
      cacheProvider: cache,
      signatureAlgorithm: 'sha256',
      ...(sso.samlSigning ? { privateKey: sso.samlSigning.privateKey, publicCert: sso.samlSigning.certificate } : {}),
    });
    return { saml, cache, acsUrl: sp.acs_url };
  }
}

/** Our ACS must be the response's Destination (when given) and a bearer confirmation's Recipient. */
function assertAddressedTo(profile: Profile, acsUrl: string): void {
  const xml = profile.getSamlResponseXml?.();
  const destination = xml ? new DOMParser().parseFromString(xml, 'text/xml').documentElement?.getAttribute('Destination') : null;
  if (destination && destination !== acsUrl) {
    throw new AppException('SSO_RESPONSE_INVALID', `The response's Destination is not this service's ACS URL (${acsUrl})`);
  }
  const assertion = profile.getAssertion?.() as { Assertion?: { Subject?: Array<{ SubjectConfirmation?: Array<{ SubjectConfirmationData?: Array<{ $?: { Recipient?: string } }> }> }> } } | undefined;
  const recipients = (assertion?.Assertion?.Subject?.[0]?.SubjectConfirmation ?? []).flatMap((c) => (c.SubjectConfirmationData ?? []).map((d) => d.$?.Recipient));
  if (!recipients.includes(acsUrl)) {
    throw new AppException('SSO_RESPONSE_INVALID', `The assertion's SubjectConfirmation Recipient is not this service's ACS URL (${acsUrl})`);
  }
}

/** node-saml's reasons, as our error codes (with a short reason an admin can act on). */
function refusal(error: unknown): AppException {
  if (error instanceof AppException) return error;
  if (error instanceof SamlStatusError) return new AppException('SSO_LOGIN_DENIED', error.message);
  const message = error instanceof Error ? error.message : String(error);
  if (/InResponseTo/i.test(message)) {
    return new AppException('SSO_REQUEST_UNKNOWN', 'The response answers a request that is unknown, expired or already answered');
  }
  if (/signature|signed data/i.test(message)) {
    return new AppException('SSO_SIGNATURE_INVALID', 'No valid signature over the assertion by a certificate from the IdP metadata');
  }
  if (/audience/i.test(message)) return new AppException('SSO_RESPONSE_INVALID', `Audience mismatch: ${message}`);
  if (/expired|not yet valid|subject confirmation/i.test(message)) {
    return new AppException('SSO_RESPONSE_INVALID', `The assertion is outside its validity window: ${message}`);
  }
  return new AppException('SSO_RESPONSE_INVALID', `The SAML response could not be read: ${message.slice(0, 200)}`);
}
