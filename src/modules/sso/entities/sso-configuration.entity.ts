import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { Role } from '../../../common/auth/roles.js';
import { TenantEntity } from '../../tenants/entities/tenant.entity.js';

export type SsoProtocol = 'saml2' | 'oidc';

/** How a sign-in is tied to whoever started it: a cookie in the browser, or the front end's PKCE pair. */
export type SignInBinding = 'cookie' | 'pkce';

/** What the configure call names: which IdP attribute or claim holds each user field. */
export interface AttributeMapping {
  email: string;
  full_name?: string;
  role?: string;
}

/** The parts of a SAML IdP's metadata a login needs. */
export interface SamlIdpDescriptor {
  kind: 'saml2';
  entity_id: string;
  sso_url: string;
  certificates: string[];
}

/** An OpenID Provider's discovery document (as served, validated). */
export interface OidcIdpDescriptor {
  kind: 'oidc';
  metadata: Record<string, unknown> & { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };
}

export type IdpDescriptor = SamlIdpDescriptor | OidcIdpDescriptor;

/**
 * A tenant's single sign-on: at most one per tenant, so the tenant id is the key (it is still the
 * row's tenant, as everywhere else). Disabling keeps the row, so an admin can see what was there.
 */
@Entity({ name: 'sso_configurations' })
export class SsoConfigurationEntity {
  @PrimaryColumn({ name: 'tenant_id', type: 'varchar', length: 40 })
  tenantId: string;

  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Relation<TenantEntity>;

  @Column({ type: 'varchar', length: 8 })
  protocol: SsoProtocol;

  @Column({ name: 'metadata_url', type: 'varchar', length: 2048 })
  metadataUrl: string;

  @Column({ name: 'attribute_mapping', type: 'jsonb' })
  attributeMapping: AttributeMapping;

  /** IdP role value → Foliodesk role; values not listed give no role (never read as role names). */
  @Column({ name: 'role_values', type: 'jsonb', default: {} })
  roleValues: Record<string, Role>;

  @Column({ name: 'default_role', type: 'varchar', length: 16 })
  defaultRole: Role;

  /** OIDC: a sign-in needs `email_verified: true` from the provider, unless the admin turned this off. */
  @Column({ name: 'require_email_verified', type: 'boolean', default: true })
  requireEmailVerified: boolean;

  /** Hosts, besides the metadata URL's, on which the IdP's sign-in URL may be (lower case). */
  @Column({ name: 'allowed_sso_hosts', type: 'jsonb', default: [] })
  allowedSsoHosts: string[];

  @Column({ name: 'client_id', type: 'varchar', length: 255, nullable: true })
  clientId: string | null;

  /** The OIDC client secret, sealed with APP_ENCRYPTION_KEY (AES-256-GCM); never returned. */
  @Column({ name: 'sealed_client_secret', type: 'text', nullable: true })
  sealedClientSecret: string | null;

  /** The IdP's metadata as last fetched and validated. */
  @Column({ type: 'jsonb' })
  idp: IdpDescriptor;

  @Column({ name: 'metadata_fetched_at', type: 'timestamptz' })
  metadataFetchedAt: Date;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @Column({ name: 'updated_by', type: 'varchar', length: 40 })
  updatedBy: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
