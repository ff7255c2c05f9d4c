import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import * as client from 'openid-client';
import type { Logger } from 'pino';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { AppException } from '../../../common/errors/app.exception.js';
import { AppConfig } from '../../../config/app-config.js';
import type { OidcIdpDescriptor, SsoConfigurationEntity } from '../entities/sso-configuration.entity.js';
import { IdpFetchFailed, IdpHttpClient, IdpUrlRefused } from '../idp-http.client.js';
import type { IdpIdentity } from '../identity-mapping.js';
import type { BoundTo } from '../sign-in-binding.js';
import { serviceProviderEndpoints } from '../sp-endpoints.js';
import { SsoRepository } from '../sso.repository.js';

const SCOPE = 'openid email profile';
const MAX_CACHED_CLIENTS = 200;

export interface PendingOidcLogin {
  tenantId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Who may finish this sign-in (see sign-in-binding.ts). */
  bound: BoundTo;
  /** The authorization response (the callback's query). */
  params: URLSearchParams;
}

export const stateKey = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * The OpenID Connect relying party (openid-client): the authorization code flow with PKCE (S256),
 * a state and a nonce kept server-side, and an ID token checked for issuer, audience, nonce, time
 * and signature (against the provider's JWKS), its claims completed from userinfo when the mapped
 * ones are not in it.
 */
@Injectable()
export class OidcLoginService {
  private readonly box: SecretBox;
  /** Client configurations (each keeps its JWKS cache), per tenant and metadata version. */
  private readonly clients = new Map<string, client.Configuration>();

  constructor(
    private readonly config: AppConfig,
    private readonly http: IdpHttpClient,
    private readonly repo: SsoRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.box = new SecretBox(config.crypto);
  }

  async authorizeUrl(row: SsoConfigurationEntity, idp: OidcIdpDescriptor, bound: BoundTo): Promise<string> {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await this.repo.insertLoginRequest({
      id: stateKey(state),
      tenantId: row.tenantId,
      protocol: 'oidc',
      sealedCodeVerifier: this.box.seal('sso-code-verifier', { id: stateKey(state), tenantId: row.tenantId }, verifier),
      nonce,
      ...bound,
      expiresAt: new Date(Date.now() + this.config.sso.loginTtlSeconds * 1000),
    });
    const url = client.buildAuthorizationUrl(this.clientFor(row, idp), {
      redirect_uri: this.callbackUrl(),
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return url.href;
  }

  /**
   * Takes the login a callback answers, by its state: once only, for a state we issued and that has
   * not expired. Everything after this knows the tenant.
   */
  async takeLogin(query: string): Promise<PendingOidcLogin> {
    const params = new URLSearchParams(query);
    const state = params.get('state');
    const flow = state ? await this.repo.consumeLoginRequest(stateKey(state), 'oidc') : null;
    if (!state || !flow?.sealedCodeVerifier || !flow.nonce) {
      throw new AppException('SSO_REQUEST_UNKNOWN', 'The state is unknown, expired or was already used');
    }
    const codeVerifier = this.box.openOrNull('sso-code-verifier', { id: flow.id, tenantId: flow.tenantId }, flow.sealedCodeVerifier, this.logger);
    if (codeVerifier === null) throw new AppException('SSO_REQUEST_UNKNOWN', 'The sign-in request this state names cannot be read back');
    const bound = { binding: flow.binding, codeChallenge: flow.codeChallenge };
    return { tenantId: flow.tenantId, state, nonce: flow.nonce, codeVerifier, bound, params };
  }

  /**
   * Redeems the code (PKCE) and checks the ID token; answers the user's claims. Unless the
   * configuration opts out, the provider must vouch for the e-mail (`email_verified: true`); an
   * explicit `false` is refused either way.
   */
  async redeem(login: PendingOidcLogin, row: SsoConfigurationEntity, idp: OidcIdpDescriptor): Promise<IdpIdentity> {
    const denied = login.params.get('error');
    if (denied) {
      const description = login.params.get('error_description');
      throw new AppException('SSO_LOGIN_DENIED', `${denied}${description ? `: ${description.slice(0, 200)}` : ''}`);
    }
    const oidc = this.clientFor(row, idp);
    try {
      const tokens = await client.authorizationCodeGrant(oidc, new URL(`${this.callbackUrl()}?${login.params.toString()}`), {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new AppException('SSO_RESPONSE_INVALID', 'The provider returned no ID token');
      const wanted = [row.attributeMapping.email, row.attributeMapping.full_name, row.attributeMapping.role, row.requireEmailVerified ? 'email_verified' : null].filter(
        (n): n is string => Boolean(n),
      );
      let attributes: Record<string, unknown> = { ...claims };
      if (!wanted.every((name) => name.split('.')[0] in claims) && idp.metadata.userinfo_endpoint) {
        // Many providers put only `sub` in the ID token and the profile claims in userinfo.
        attributes = { ...(await client.fetchUserInfo(oidc, tokens.access_token, claims.sub)), ...claims };
      }
      if (attributes.email_verified === false) throw new AppException('SSO_ATTRIBUTE_MISSING', 'The provider says the e-mail address is not verified');
      if (row.requireEmailVerified && attributes.email_verified !== true) {
        throw new AppException('SSO_ATTRIBUTE_MISSING', 'The provider did not say the e-mail address is verified (email_verified is not true)');
      }
      return { attributes };
    } catch (error) {
      throw refusal(error);
    }
  }

  private callbackUrl(): string {
    return serviceProviderEndpoints(this.config.http.publicBaseUrl, '').callback_url;
  }

  private clientFor(row: SsoConfigurationEntity, idp: OidcIdpDescriptor): client.Configuration {
    const key = `${row.tenantId}:${row.updatedAt.getTime()}:${row.metadataFetchedAt.getTime()}`;
    const cached = this.clients.get(key);
    if (cached) return cached;
    const secret = row.sealedClientSecret ? this.box.openOrNull('sso-client-secret', { id: row.tenantId, tenantId: row.tenantId }, row.sealedClientSecret, this.logger) : undefined;
    if (secret === null) throw new AppException('SECRET_UNREADABLE', 'The OIDC client secret could not be decrypted: an admin must configure single sign-on again with client_secret');
    const methods = Array.isArray(idp.metadata.token_endpoint_auth_methods_supported) ? (idp.metadata.token_endpoint_auth_methods_supported as string[]) : null;
    // client_secret_basic is the OpenID default; some providers only list client_secret_post.
    const auth = methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post') ? client.ClientSecretPost(secret) : client.ClientSecretBasic(secret);
    const oidc = new client.Configuration(idp.metadata as client.ServerMetadata, row.clientId ?? '', { [client.clockTolerance]: this.config.sso.clockSkewSeconds }, auth);
    oidc[client.customFetch] = this.http.fetch as never;
    oidc.timeout = 10;
    client.enableNonRepudiationChecks(oidc);
    if (this.http.allowsHttp) client.allowInsecureRequests(oidc);
    for (const k of [...this.clients.keys()].filter((k) => k.startsWith(`${row.tenantId}:`))) this.clients.delete(k);
    if (this.clients.size >= MAX_CACHED_CLIENTS) this.clients.delete(this.clients.keys().next().value!);
    this.clients.set(key, oidc);
    return oidc;
  }
}

/** openid-client's failures as our error codes; the cause chain holds the specific reason. */
function refusal(error: unknown): AppException {
  if (error instanceof AppException) return error;
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e);
  const unreachable = chain.find((e) => e instanceof IdpFetchFailed || e instanceof IdpUrlRefused) as Error | undefined;
  if (unreachable) return new AppException('SSO_IDP_UNAVAILABLE', unreachable.message);
  const messages = chain.map((e) => (e instanceof Error ? e.message : '')).filter(Boolean);
  const text = messages.join(': ');
  if (error instanceof client.ResponseBodyError) {
    return new AppException('SSO_LOGIN_DENIED', `The provider refused the code: ${error.error}${error.error_description ? ` (${error.error_description})` : ''}`);
  }
  if (chain.some((e) => e instanceof client.AuthorizationResponseError)) return new AppException('SSO_LOGIN_DENIED', text);
  if (/signature/i.test(text)) return new AppException('SSO_SIGNATURE_INVALID', `The ID token's signature does not verify against the provider's JWKS`);
  const claim = /"(\w+)" \(\w+\) claim/.exec(text)?.[1];
  if (claim) return new AppException('SSO_RESPONSE_INVALID', `The ID token's ${claim} claim is not the expected one`);
  if (/timestamp/i.test(text)) return new AppException('SSO_RESPONSE_INVALID', 'The ID token is expired or not yet valid');
  return new AppException('SSO_RESPONSE_INVALID', `The provider's response was refused: ${text.slice(0, 200)}`);
}
