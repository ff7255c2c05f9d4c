import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Role } from '../../../common/auth/roles.js';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';

/**
 * An address an admin added to the tenant: it claims nothing until its owner accepts (the account is
 * created then), so several tenants may have one pending for the same address. At most one pending
 * invitation per address and tenant; inviting again replaces it.
 */
@Entity({ name: 'user_invitations' })
@Index('UQ_user_invitations_pending', ['tenantId', 'email'], { unique: true, where: 'accepted_at IS NULL AND revoked_at IS NULL' })
export class InvitationEntity extends TenantScopedEntity {
  /** `inv_<id>` */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  /** The id the account gets when the invitation is accepted. */
  @Column({ name: 'user_id', type: 'varchar', length: 40 })
  userId: string;

  /** Stored lower-cased. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'full_name', type: 'varchar', length: 200 })
  fullName: string;

  @Column({ type: 'varchar', length: 16 })
  role: Role;

  /** SHA-256 (hex) of the one-time token mailed to the address; the token itself is never stored. */
  @Index({ unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'invited_by', type: 'varchar', length: 40 })
  invitedBy: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
