import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import type { SignInBinding, SsoProtocol } from './sso-configuration.entity.js';

/**
 * A login we sent to an IdP and have not had answered yet: the SAML AuthnRequest ID (so the answer's
 * InResponseTo can be checked), or the hash of the OIDC `state` with its PKCE verifier and nonce.
 * Kept in PostgreSQL so any API process can take the answer; answering consumes it once.
 */
@Entity({ name: 'sso_login_requests' })
export class SsoLoginRequestEntity extends TenantScopedEntity {
  /** SAML: the AuthnRequest ID. OIDC: SHA-256 (hex) of the state. */
  @PrimaryColumn({ type: 'varchar', length: 128 })
  id: string;

  @Column({ type: 'varchar', length: 8 })
  protocol: SsoProtocol;

  /** OIDC: the PKCE code verifier, sealed with APP_ENCRYPTION_KEY. */
  @Column({ name: 'sealed_code_verifier', type: 'text', nullable: true })
  sealedCodeVerifier: string | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  nonce: string | null;

  /** Who may finish this sign-in: the browser holding the binding cookie, or the holder of a PKCE verifier. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  binding: SignInBinding | null;

  /** S256 of the binding cookie's value, or the front end's `code_challenge`. */
  @Column({ name: 'code_challenge', type: 'varchar', length: 64, nullable: true })
  codeChallenge: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Index()
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt: Date | null;
}
