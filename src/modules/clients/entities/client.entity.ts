import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';

/** `manual`: added through the API; `statement`: created when a statement with its PAN completed. */
export type ClientSource = 'manual' | 'statement';

/** One investor of the firm's register. A PAN names one client per tenant. */
@Entity({ name: 'clients' })
@Index(['tenantId', 'pan'], { unique: true })
@Index(['tenantId', 'createdAt'])
export class ClientEntity extends TenantScopedEntity {
  /** `cli_<id>` */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  /** As entered, or as the statement printed it; null when a statement that created the client printed none. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 10 })
  pan: string;

  /** YYYY-MM-DD, sealed (purpose `client-date-of-birth`); never returned. */
  @Column({ name: 'sealed_date_of_birth', type: 'text', nullable: true })
  sealedDateOfBirth: string | null;

  /** A JSON array of the client's statement passwords, sealed (purpose `client-statement-passwords`); never returned. */
  @Column({ name: 'sealed_statement_passwords', type: 'text', nullable: true })
  sealedStatementPasswords: string | null;

  /** How many passwords the sealed list holds (answered without opening it). */
  @Column({ name: 'password_count', type: 'int', default: 0 })
  passwordCount: number;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  mobile: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];

  @Column({ type: 'varchar', length: 16 })
  source: ClientSource;

  /** Who added it (`usr_…`); null when a completed statement created it. */
  @Column({ name: 'created_by', type: 'varchar', length: 40, nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
