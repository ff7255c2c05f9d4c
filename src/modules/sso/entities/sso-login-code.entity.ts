import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { UserEntity } from '../../users/entities/user.entity.js';
import type { SignInBinding, SsoProtocol } from './sso-configuration.entity.js';

/** The one-time code a finished SSO login hands to the browser; only its hash is kept. */
@Entity({ name: 'sso_login_codes' })
export class SsoLoginCodeEntity extends TenantScopedEntity {
  /** SHA-256 (hex) of the code. */
  @PrimaryColumn({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ name: 'user_id', type: 'varchar', length: 40 })
  userId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 8 })
  protocol: SsoProtocol;

  /** Carried over from the sign-in: the exchange must show the cookie or the PKCE verifier. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  binding: SignInBinding | null;

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
