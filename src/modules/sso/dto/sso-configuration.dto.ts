import { X509Certificate } from 'node:crypto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ROLES, type Role } from '../../../common/auth/roles.js';
import type { SsoConfigurationEntity } from '../entities/sso-configuration.entity.js';
import type { ServiceProviderEndpoints } from '../sp-endpoints.js';
import { AttributeMappingDto } from './sso-requests.dto.js';

export class ServiceProviderDto implements ServiceProviderEndpoints {
  @ApiProperty({ example: 'https://api.foliodesk.in/api/v1/auth/sso/saml/metadata?tenant=ten_0a1b2c3d4e5f60718293a4b5', description: 'SAML SP entity id (Audience)' })
  entity_id: string;
  @ApiProperty({ example: 'https://api.foliodesk.in/api/v1/auth/sso/saml/acs', description: 'SAML Assertion Consumer Service URL (HTTP-POST)' })
  acs_url: string;
  @ApiProperty({ example: 'https://api.foliodesk.in/api/v1/auth/sso/saml/metadata?tenant=ten_0a1b2c3d4e5f60718293a4b5', description: 'SAML SP metadata (XML)' })
  metadata_url: string;
  @ApiProperty({ example: 'https://api.foliodesk.in/api/v1/auth/sso/oidc/callback', description: 'OIDC redirect URI' })
  callback_url: string;
  @ApiProperty({ example: 'https://api.foliodesk.in/api/v1/auth/sso/login?tenant=ten_0a1b2c3d4e5f60718293a4b5', description: 'Where users start a sign-in' })
  login_url: string;
}

export class IdpCertificateDto {
  @ApiProperty({ example: 'CN=Okta, O=Okta' }) subject: string;
  @ApiProperty({ example: '2036-11-22T10:15:30.000Z' }) not_after: string;
  @ApiProperty({ example: '4F:2A:…:9C' }) fingerprint_sha256: string;
}

export class IdpSummaryDto {
  @ApiProperty({ example: 'http://www.okta.com/exk1abc', description: 'SAML entity id, or the OIDC issuer' })
  entity_id: string;
  @ApiProperty({ example: 'https://acme.okta.com/app/acme_foliodesk/exk1abc/sso/saml', description: 'SAML SSO URL, or the OIDC authorization endpoint' })
  login_endpoint: string;
  @ApiProperty({ type: [IdpCertificateDto], description: 'SAML signing certificates (empty for OIDC: keys come from the JWKS)' })
  certificates: IdpCertificateDto[];
}

export class SsoConfigurationDto {
  @ApiProperty({ enum: ['not_configured', 'enabled', 'disabled'], example: 'enabled' })
  status: 'not_configured' | 'enabled' | 'disabled';
  @ApiProperty({ enum: ['saml2', 'oidc'], nullable: true, example: 'saml2' }) protocol: 'saml2' | 'oidc' | null;
  @ApiProperty({ nullable: true, type: String, example: 'https://acme.okta.com/app/exk1abc/sso/saml/metadata' }) metadata_url: string | null;
  @ApiProperty({ nullable: true, type: AttributeMappingDto }) attribute_mapping: AttributeMappingDto | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string', enum: [...ROLES] }, example: { 'foliodesk-admins': 'admin' } })
  role_values: Record<string, Role>;
  @ApiProperty({ enum: ROLES, nullable: true, example: 'viewer' }) default_role: Role | null;
  @ApiProperty({ nullable: true, type: Boolean, example: true, description: 'OIDC: whether sign-ins need `email_verified: true` (null for SAML)' })
  require_email_verified: boolean | null;
  @ApiProperty({ type: [String], example: [], description: "Hosts besides the metadata URL's on which the IdP's sign-in URL may be" })
  allowed_sso_hosts: string[];
  @ApiProperty({ nullable: true, type: String, example: null, description: 'OIDC client id' }) client_id: string | null;
  @ApiProperty({ example: false, description: 'Whether an OIDC client secret is stored (it is never returned)' }) client_secret_set: boolean;
  @ApiPropertyOptional({ nullable: true, type: IdpSummaryDto }) idp: IdpSummaryDto | null;
  @ApiProperty({ type: ServiceProviderDto }) service_provider: ServiceProviderDto;
  @ApiProperty({ nullable: true, type: String, example: '2026-11-22T10:15:30.000Z' }) metadata_fetched_at: string | null;
  @ApiProperty({ nullable: true, type: String, example: '2026-11-22T10:15:30.000Z' }) updated_at: string | null;
  @ApiProperty({ nullable: true, type: String, example: null }) disabled_at: string | null;
}

export class SsoCodeDto {
  @ApiProperty({ example: 'Qm9vdGggYW5kIHRoZSBib290…', description: 'Exchange it at POST /api/v1/auth/sso/exchange' }) code: string;
  @ApiProperty({ example: 60, description: 'Seconds the code stays valid after it was issued' }) expires_in: number;
}

export function toSsoConfigurationDto(row: SsoConfigurationEntity | null, serviceProvider: ServiceProviderEndpoints): SsoConfigurationDto {
  if (!row) {
    return {
      status: 'not_configured',
      protocol: null,
      metadata_url: null,
      attribute_mapping: null,
      role_values: {},
      default_role: null,
      require_email_verified: null,
      allowed_sso_hosts: [],
      client_id: null,
      client_secret_set: false,
      idp: null,
      service_provider: serviceProvider,
      metadata_fetched_at: null,
      updated_at: null,
      disabled_at: null,
    };
  }
  const idp = row.idp;
  return {
    status: row.disabledAt ? 'disabled' : 'enabled',
    protocol: row.protocol,
    metadata_url: row.metadataUrl,
    attribute_mapping: row.attributeMapping,
    role_values: row.roleValues,
    default_role: row.defaultRole,
    require_email_verified: row.protocol === 'oidc' ? row.requireEmailVerified : null,
    allowed_sso_hosts: row.allowedSsoHosts,
    client_id: row.clientId,
    client_secret_set: row.sealedClientSecret !== null,
    idp:
      idp.kind === 'saml2'
        ? { entity_id: idp.entity_id, login_endpoint: idp.sso_url, certificates: idp.certificates.map(describeCertificate) }
        : { entity_id: idp.metadata.issuer, login_endpoint: idp.metadata.authorization_endpoint, certificates: [] },
    service_provider: serviceProvider,
    metadata_fetched_at: row.metadataFetchedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
  };
}

function describeCertificate(pem: string): IdpCertificateDto {
  const cert = new X509Certificate(pem);
  return { subject: cert.subject.replace(/\n/g, ', '), not_after: new Date(cert.validTo).toISOString(), fingerprint_sha256: cert.fingerprint256 };
}
