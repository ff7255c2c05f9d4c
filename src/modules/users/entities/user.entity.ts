import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import type { Role } from '../../../common/auth/roles.js';

@Entity({ name: 'users' })
export class UserEntity extends TenantScopedEntity {
  /** `usr_<id>` */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  /** Stored lower-cased; unique across tenants so a login names exactly one account. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** Null for accounts that only sign in through single sign-on. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ name: 'full_name', type: 'varchar', length: 200 })
  fullName: string;

  @Column({ type: 'varchar', length: 16 })
  role: Role;

  /**
   * The operator (who may use the queue board, which spans every tenant): set only by the bootstrap
   * on the account it creates itself, never by registration, the users API or SSO.
   */
  @Column({ name: 'is_operator', type: 'boolean', default: false })
  isOperator: boolean;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
