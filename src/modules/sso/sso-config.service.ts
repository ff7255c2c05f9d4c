import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Principal } from '../../common/auth/principal.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { AppException, notFound } from '../../common/errors/app.exception.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { AppConfig } from '../../config/app-config.js';
import { AuditService } from '../audit/audit.service.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { toSsoConfigurationDto, type SsoConfigurationDto } from './dto/sso-configuration.dto.js';
import type { ConfigureSsoDto } from './dto/sso-requests.dto.js';
import type { IdpDescriptor, SsoConfigurationEntity, SsoProtocol } from './entities/sso-configuration.entity.js';
import { IdpFetchFailed, IdpHttpClient, IdpUrlRefused } from './idp-http.client.js';
import { checkSignInUrl, discoveryUrlOf, isEntraIdIssuer, MetadataInvalid, parseOidcDiscovery, parseSamlIdpMetadata, signInUrlOf, SignInUrlRefused } from './idp-metadata.js';
import { serviceProviderEndpoints } from './sp-endpoints.js';
import { SsoRepository } from './sso.repository.js';

/** A tenant's SSO configuration: configure (fetching and checking the IdP metadata), read, disable. */
@Injectable()
export class SsoConfigService implements OnApplicationBootstrap {
  private readonly box: SecretBox;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: SsoRepository,
    private readonly http: IdpHttpClient,
    private readonly audit: AuditService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.box = new SecretBox(config.crypto);
  }

  /**
   * At start, warns (tenant, protocol and hosts; no secret) about configurations in use that rules added
   * since they were saved affect: a stored sign-in URL the host rule now refuses (its sign-ins answer
   * SSO_SIGN_IN_URL_REFUSED until an admin configures again or lists the host), and OIDC configurations
   * that accept addresses without `email_verified` (as the upgrade set for Entra ID).
   */
  async onApplicationBootstrap(): Promise<void> {
    let rows: SsoConfigurationEntity[];
    try {
      rows = await this.repo.listEnabledConfigs();
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'SSO configurations could not be checked at start');
      return;
    }
    for (const row of rows) {
      let signInHost: string | null = null;
      try {
        signInHost = new URL(signInUrlOf(row.idp)).host;
        checkSignInUrl(row.idp, row.metadataUrl, row.allowedSsoHosts, this.allowLoopbackHttp);
      } catch {
        this.logger.warn(
          { tenantId: row.tenantId, protocol: row.protocol, signInHost, metadataHost: hostOf(row.metadataUrl) },
          "SSO: the stored IdP sign-in URL is not https on the metadata URL's host or an allowed host; this tenant's sign-ins are refused (SSO_SIGN_IN_URL_REFUSED) until an admin configures SSO again, listing the host in allowed_sso_hosts if it is the IdP's",
        );
      }
      if (row.protocol === 'oidc' && !row.requireEmailVerified) {
        const entraId = row.idp.kind === 'oidc' && isEntraIdIssuer(row.idp.metadata.issuer);
        this.logger.warn(
          { tenantId: row.tenantId, protocol: row.protocol, issuerHost: row.idp.kind === 'oidc' ? hostOf(row.idp.metadata.issuer) : null, entraId },
          entraId
            ? 'SSO: this tenant signs in through Microsoft Entra ID without email_verified (require_email_verified: false, as the upgrade set for Entra ID)'
            : 'SSO: this tenant accepts OIDC addresses without email_verified (require_email_verified: false)',
        );
      }
    }
  }

  async get(admin: Principal): Promise<SsoConfigurationDto> {
    return this.toDto(admin.tenantId, await this.repo.findConfig(admin.tenantId));
  }

  /** Creates or replaces the tenant's configuration; the metadata is fetched and checked first. */
  async configure(admin: Principal, dto: ConfigureSsoDto, client: ClientInfo): Promise<SsoConfigurationDto> {
    const current = await this.repo.findConfig(admin.tenantId);
    assertRoleMapping(dto);
    if (dto.protocol === 'saml2' && dto.require_email_verified !== undefined) {
      throw new AppException('VALIDATION_ERROR', 'require_email_verified applies to protocol oidc only');
    }
    const sealedClientSecret = this.clientSecretFor(admin.tenantId, dto, current);
    const allowedSsoHosts = [...new Set((dto.allowed_sso_hosts ?? []).map((h) => h.toLowerCase()))];
    const idp = await this.fetchIdp(dto.protocol, dto.metadata_url, 'metadata_url', allowedSsoHosts);
    const row = await this.repo.transaction(async (manager) => {
      const saved = await this.repo.saveConfig(
        {
          tenantId: admin.tenantId,
          protocol: dto.protocol,
          metadataUrl: dto.metadata_url,
          attributeMapping: { ...dto.attribute_mapping },
          roleValues: dto.role_values ?? {},
          defaultRole: dto.default_role ?? 'viewer',
          requireEmailVerified: dto.require_email_verified ?? true,
          allowedSsoHosts,
          clientId: dto.protocol === 'oidc' ? dto.client_id! : null,
          sealedClientSecret,
          idp,
          metadataFetchedAt: new Date(),
          disabledAt: null,
          updatedBy: admin.userId,
        },
        manager,
      );
      await this.audit.record(
        {
          tenantId: admin.tenantId,
          actorId: admin.userId,
          action: 'sso.configure',
          targetType: 'sso_configuration',
          targetId: admin.tenantId,
          ip: client.ip,
          metadata: {
            protocol: dto.protocol,
            metadata_url: dto.metadata_url,
            replaced: current !== null,
            ...(allowedSsoHosts.length > 0 ? { allowed_sso_hosts: allowedSsoHosts } : {}),
            ...(dto.require_email_verified === false ? { require_email_verified: false } : {}),
            ...(dto.protocol === 'oidc' ? { client_id: dto.client_id, client_secret_changed: dto.client_secret !== undefined } : {}),
          },
        },
        manager,
      );
      return saved;
    });
    return this.toDto(admin.tenantId, row);
  }

  /** Turns single sign-on off (the configuration is kept and shown as disabled). */
  async disable(admin: Principal, client: ClientInfo): Promise<SsoConfigurationDto> {
    const current = await this.repo.findConfig(admin.tenantId);
    if (!current) throw notFound('SSO configuration');
    if (!current.disabledAt) {
      await this.repo.transaction(async (manager) => {
        await this.repo.disableConfig(admin.tenantId, admin.userId, manager);
        await this.audit.record(
          { tenantId: admin.tenantId, actorId: admin.userId, action: 'sso.disable', targetType: 'sso_configuration', targetId: admin.tenantId, ip: client.ip, metadata: { protocol: current.protocol } },
          manager,
        );
      });
    }
    return this.toDto(admin.tenantId, await this.repo.findConfig(admin.tenantId));
  }

  /** The tenant's configuration when SSO is on; SSO_NOT_CONFIGURED otherwise. */
  async requireEnabled(tenantId: string): Promise<SsoConfigurationEntity> {
    const row = await this.repo.findConfig(tenantId);
    if (!row || row.disabledAt) throw new AppException('SSO_NOT_CONFIGURED');
    return row;
  }

  /**
   * The IdP metadata to use now: the stored copy, fetched again once it is older than
   * SSO_METADATA_REFRESH_SECONDS (so rotated certificates are picked up). A failed refresh (or one
   * whose sign-in URL is refused) is logged and the stored copy is used. A stored copy whose sign-in
   * URL is refused (saved before the rule) answers SSO_SIGN_IN_URL_REFUSED.
   */
  async currentIdp(row: SsoConfigurationEntity): Promise<IdpDescriptor> {
    const age = Date.now() - row.metadataFetchedAt.getTime();
    if (age < this.config.sso.metadataRefreshSeconds * 1000) return this.checked(row.idp, row.metadataUrl, row.allowedSsoHosts);
    try {
      const idp = await this.fetchIdp(row.protocol, row.metadataUrl, 'metadata_url', row.allowedSsoHosts);
      const fetchedAt = new Date();
      await this.repo.refreshIdp(row.tenantId, row.metadataFetchedAt, idp, fetchedAt);
      row.idp = idp;
      row.metadataFetchedAt = fetchedAt;
      return idp;
    } catch (error) {
      this.logger.warn({ tenantId: row.tenantId, err: (error as Error).message }, 'SSO metadata refresh failed; using the stored copy');
      return this.checked(row.idp, row.metadataUrl, row.allowedSsoHosts);
    }
  }

  serviceProvider(tenantId: string) {
    return serviceProviderEndpoints(this.config.http.publicBaseUrl, tenantId);
  }

  private toDto(tenantId: string, row: SsoConfigurationEntity | null): SsoConfigurationDto {
    return toSsoConfigurationDto(row, this.serviceProvider(tenantId));
  }

  private clientSecretFor(tenantId: string, dto: ConfigureSsoDto, current: SsoConfigurationEntity | null): string | null {
    if (dto.protocol === 'saml2') {
      if (dto.client_id !== undefined || dto.client_secret !== undefined) {
        throw new AppException('VALIDATION_ERROR', 'client_id and client_secret apply to protocol oidc only');
      }
      return null;
    }
    if (!dto.client_id) throw new AppException('VALIDATION_ERROR', 'client_id is required for protocol oidc');
    if (dto.client_secret !== undefined) return this.box.seal('sso-client-secret', { id: tenantId, tenantId }, dto.client_secret);
    // Replacing a configuration for the same client keeps its secret, which is never returned.
    if (current?.protocol === 'oidc' && current.clientId === dto.client_id && current.sealedClientSecret) return current.sealedClientSecret;
    throw new AppException('VALIDATION_ERROR', 'client_secret is required for protocol oidc');
  }

  /** Plain http for a loopback IdP only where local IdPs are allowed, and never in production. */
  private get allowLoopbackHttp(): boolean {
    return this.config.webhooks.allowPrivateTargets && this.config.nodeEnv !== 'production';
  }

  /** The IdP, when its sign-in URL may be redirected to (see checkSignInUrl). */
  private checked(idp: IdpDescriptor, metadataUrl: string, allowedHosts: string[]): IdpDescriptor {
    try {
      checkSignInUrl(idp, metadataUrl, allowedHosts, this.allowLoopbackHttp);
      return idp;
    } catch (error) {
      if (error instanceof SignInUrlRefused) throw new AppException('SSO_SIGN_IN_URL_REFUSED', error.message);
      throw error;
    }
  }

  private async fetchIdp(protocol: SsoProtocol, metadataUrl: string, field: string, allowedHosts: string[]): Promise<IdpDescriptor> {
    const url = protocol === 'oidc' ? discoveryUrlOf(metadataUrl) : metadataUrl;
    try {
      const idp =
        protocol === 'oidc'
          ? parseOidcDiscovery(await this.http.getText(url, 'application/json'), url, this.http.allowsHttp)
          : parseSamlIdpMetadata(await this.http.getText(url, 'application/samlmetadata+xml, application/xml, text/xml'));
      return this.checked(idp, metadataUrl, allowedHosts);
    } catch (error) {
      if (error instanceof IdpUrlRefused) throw new AppException('VALIDATION_ERROR', `${field}: ${error.message}`);
      if (error instanceof IdpFetchFailed) throw new AppException('SSO_METADATA_INVALID', `${url} could not be fetched: ${error.message}`);
      if (error instanceof MetadataInvalid) throw new AppException('SSO_METADATA_INVALID', `${url}: ${error.message}`);
      throw error;
    }
  }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * A mapped role attribute needs `role_values`: an IdP's group names are the IdP admin's to choose,
 * so a group that happens to be called "admin" must not make its members Foliodesk admins.
 */
function assertRoleMapping(dto: ConfigureSsoDto): void {
  const role = dto.attribute_mapping?.role;
  if (role && Object.keys(dto.role_values ?? {}).length === 0) {
    throw new AppException(
      'SSO_ROLE_VALUES_REQUIRED',
      `attribute_mapping.role is "${role}": list in role_values which of its values give which role (e.g. {"foliodesk-admins": "admin"}); values are never read as role names`,
    );
  }
}
