import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppException } from '../../common/errors/app.exception.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../../common/errors/error-codes.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { AppConfig } from '../../config/app-config.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthService, type ClientInfo } from '../auth/auth.service.js';
import type { TokenPairDto } from '../auth/dto/token-pair.dto.js';
import { TenantsService } from '../tenants/tenants.service.js';
import { UsersRepository } from '../users/users.repository.js';
import type { SsoCodeDto } from './dto/sso-configuration.dto.js';
import type { SamlAcsDto, SsoCompleteQueryDto } from './dto/sso-requests.dto.js';
import type { OidcIdpDescriptor, SamlIdpDescriptor, SsoConfigurationEntity, SsoProtocol } from './entities/sso-configuration.entity.js';
import { AttributeMissing, mapIdentity, type IdpIdentity } from './identity-mapping.js';
import { signInUrlOf } from './idp-metadata.js';
import { OidcLoginService } from './oidc/oidc-login.service.js';
import { SamlLoginService } from './saml/saml-login.service.js';
import { bindSignIn, proves, type BindingCookie, type BindingProof, type BoundTo } from './sign-in-binding.js';
import { SsoConfigService } from './sso-config.service.js';
import { SsoProvisioningService } from './sso-provisioning.service.js';
import { SsoRepository } from './sso.repository.js';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * The SSO login flow: start (redirect to the IdP), the IdP's answer (SAML ACS or OIDC callback)
 * checked, the user provisioned, and a one-time code handed to SSO_REDIRECT_URL; the code is then
 * exchanged for the same token pair and session as a password login. A refused answer also ends
 * at SSO_REDIRECT_URL, with `?error=<code>&error_description=…`, and is audited.
 */
@Injectable()
export class SsoLoginService {
  constructor(
    private readonly config: AppConfig,
    private readonly configs: SsoConfigService,
    private readonly repo: SsoRepository,
    private readonly saml: SamlLoginService,
    private readonly oidc: OidcLoginService,
    private readonly provisioning: SsoProvisioningService,
    private readonly tenants: TenantsService,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The IdP URL that starts a login for the tenant (404 unknown tenant, 400 SSO not configured), and
   * the binding cookie to set when the front end sent no code_challenge (see sign-in-binding.ts).
   */
  async start(tenantId: string, codeChallenge: string | undefined, presentedCookie: string | null): Promise<{ url: string; cookie: BindingCookie | null }> {
    const { row, idp } = await this.startable(tenantId);
    await this.repo.purgeExpired();
    const { bound, cookie } = bindSignIn(row.protocol, codeChallenge, presentedCookie);
    const url = idp.kind === 'saml2' ? await this.saml.authorizeUrl(tenantId, idp, bound) : await this.oidc.authorizeUrl(row, idp, bound);
    return { url, cookie };
  }

  /**
   * What the confirmation page of a start from another site names: the tenant and the IdP's sign-in
   * URL (its host is shown, its origin is where the form may lead). Answers as start would (404, 400).
   */
  async describeStart(tenantId: string): Promise<{ tenantName: string; signInUrl: URL }> {
    const { tenant, idp } = await this.startable(tenantId);
    return { tenantName: tenant.name, signInUrl: new URL(signInUrlOf(idp)) };
  }

  private async startable(tenantId: string) {
    const tenant = await this.tenants.get(tenantId);
    const row = await this.configs.requireEnabled(tenantId);
    return { tenant, row, idp: await this.configs.currentIdp(row) };
  }

  /** SAML SP metadata for any existing tenant (admins need it before SSO is configured). */
  async samlMetadata(tenantId: string): Promise<string> {
    await this.tenants.get(tenantId);
    return this.saml.metadataXml(tenantId);
  }

  /** The SAML ACS: answers where to send the browser (the code, or the error). */
  async completeSaml(body: SamlAcsDto, bindingCookie: string | null, client: ClientInfo): Promise<string> {
    const tenantId = body.RelayState?.trim() || null;
    try {
      if (!tenantId) throw new AppException('SSO_REQUEST_UNKNOWN', 'The response carries no RelayState naming the tenant');
      const row = await this.configs.requireEnabled(tenantId);
      if (row.protocol !== 'saml2') throw new AppException('SSO_NOT_CONFIGURED', 'SAML is not the configured protocol for this tenant');
      const idp = (await this.configs.currentIdp(row)) as SamlIdpDescriptor;
      const { identity, request } = await this.saml.validate(tenantId, idp, body.SAMLResponse);
      assertStartedHere(request, bindingCookie);
      return await this.finish(row, identity, request, client);
    } catch (error) {
      return this.refused(error, 'saml2', tenantId, client);
    }
  }

  /** The OIDC redirect URI: answers where to send the browser (the code, or the error). */
  async completeOidc(query: string, bindingCookie: string | null, client: ClientInfo): Promise<string> {
    let tenantId: string | null = null;
    try {
      const login = await this.oidc.takeLogin(query);
      tenantId = login.tenantId;
      // Before the code is redeemed: an answer carried to another browser goes no further.
      assertStartedHere(login.bound, bindingCookie);
      const row = await this.configs.requireEnabled(tenantId);
      if (row.protocol !== 'oidc') throw new AppException('SSO_NOT_CONFIGURED', 'OIDC is not the configured protocol for this tenant');
      const idp = (await this.configs.currentIdp(row)) as OidcIdpDescriptor;
      const identity = await this.oidc.redeem(login, row, idp);
      return await this.finish(row, identity, login.bound, client);
    } catch (error) {
      return this.refused(error, 'oidc', tenantId, client);
    }
  }

  /** What SSO_REDIRECT_URL shows by default: the code in the envelope, or the error. */
  complete(query: SsoCompleteQueryDto): SsoCodeDto {
    if (query.error) {
      // Only the codes a refused login redirects with: the page must not answer e.g. a 500 on request.
      const known = Object.hasOwn(ERROR_CATALOGUE, query.error) && (query.error.startsWith('SSO_') || query.error === 'ACCOUNT_DISABLED' || query.error === 'SECRET_UNREADABLE');
      if (!known) throw new AppException('BAD_REQUEST', 'error is not a single sign-on error code');
      throw new AppException(query.error as ErrorCode, query.error_description);
    }
    if (!query.code) throw new AppException('VALIDATION_ERROR', 'code or error is required');
    return { code: query.code, expires_in: this.config.sso.codeTtlSeconds };
  }

  /**
   * Turns a one-time code into the normal token pair (a session like a password login's). The code
   * is good only for whoever started its sign-in: the `code_verifier` of its `code_challenge`, or the
   * browser holding its binding cookie. A refused attempt uses the code up.
   */
  async exchange(code: string, proof: BindingProof, client: ClientInfo): Promise<TokenPairDto> {
    const used = await this.repo.consumeCode(hashCode(code));
    if (!used) throw new AppException('SSO_CODE_INVALID');
    if (!proves(used, proof)) {
      throw new AppException(
        'SSO_CODE_INVALID',
        used.binding === 'pkce'
          ? 'The code_verifier is missing or does not match the code_challenge the sign-in was started with'
          : 'The code was issued to another browser (its sign-in cookie is missing or different); a front end on another site starts the sign-in with a code_challenge',
      );
    }
    const user = await this.users.findById(used.userId);
    if (!user || user.tenantId !== used.tenantId) throw new AppException('SSO_CODE_INVALID');
    if (user.disabledAt) throw new AppException('ACCOUNT_DISABLED');
    return this.auth.startSession(user, used.protocol, client);
  }

  private async finish(row: SsoConfigurationEntity, identity: IdpIdentity, bound: BoundTo, client: ClientInfo): Promise<string> {
    // A configuration stored before attribute_mapping was required may lack it: refuse cleanly.
    if (!row.attributeMapping?.email) throw new AppException('SSO_NOT_CONFIGURED', 'The SSO configuration names no e-mail attribute (attribute_mapping.email)');
    let mapped;
    try {
      mapped = mapIdentity(identity, row.attributeMapping, row.roleValues, row.defaultRole);
    } catch (error) {
      if (error instanceof AttributeMissing) throw new AppException('SSO_ATTRIBUTE_MISSING', error.message);
      throw error;
    }
    const user = await this.provisioning.provision(row.tenantId, row.protocol, mapped, row.defaultRole, client.ip);
    const code = randomBytes(32).toString('base64url');
    await this.repo.insertCode({
      codeHash: hashCode(code),
      tenantId: row.tenantId,
      userId: user.id,
      protocol: row.protocol,
      binding: bound.binding,
      codeChallenge: bound.codeChallenge,
      expiresAt: new Date(Date.now() + this.config.sso.codeTtlSeconds * 1000),
    });
    return this.redirect({ code });
  }

  private async refused(error: unknown, protocol: SsoProtocol, tenantId: string | null, client: ClientInfo): Promise<string> {
    if (!(error instanceof AppException)) throw error;
    this.logger.info({ protocol, tenantId, code: error.code, reason: error.details }, 'SSO login refused');
    if (tenantId && (await this.tenantExists(tenantId))) {
      await this.audit.record({
        tenantId,
        actorId: null,
        action: 'auth.login',
        outcome: 'failure',
        ip: client.ip,
        metadata: { method: protocol, code: error.code, reason: error.details.slice(0, 500) },
      });
    }
    return this.redirect({ error: error.code, error_description: error.details.slice(0, 500) });
  }

  private async tenantExists(tenantId: string): Promise<boolean> {
    return this.tenants.get(tenantId).then(
      () => true,
      () => false,
    );
  }

  private redirect(params: Record<string, string>): string {
    const url = new URL(this.config.sso.redirectUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }
}

/**
 * A sign-in bound to a cookie finishes only in the browser that holds it; one bound to a PKCE
 * challenge may finish anywhere (the exchange checks the verifier).
 */
function assertStartedHere(bound: BoundTo, bindingCookie: string | null): void {
  if (bound.binding === 'pkce' && bound.codeChallenge) return;
  if (bound.binding === 'cookie' && proves(bound, { cookie: bindingCookie })) return;
  throw new AppException(
    'SSO_BROWSER_MISMATCH',
    bindingCookie
      ? "The sign-in was started in another browser (this browser's sign-in cookie belongs to another sign-in)"
      : 'The sign-in was started in another browser (this browser has no sign-in cookie; start from the login URL)',
  );
}
