import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { ClientEntity } from './client.entity.js';

/**
 * Why an investor of a statement is linked to no client: `PAN_MISSING`, the statement printed no
 * valid PAN for it; `NO_CLIENT_WITH_PAN`, no client has its PAN (the tenant turned client
 * auto-creation off, or the client's PAN was changed since). A client given that PAN later is linked.
 */
export type LinkFlag = 'PAN_MISSING' | 'NO_CLIENT_WITH_PAN';

/**
 * One investor of a completed statement (in statement order) and the client it is linked to, by PAN.
 * Rewritten each time the document's extraction completes.
 */
@Entity({ name: 'document_investors' })
@Index(['tenantId', 'clientId'])
@Index(['tenantId', 'pan'])
export class DocumentInvestorEntity extends TenantScopedEntity {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId: string;

  // By name: the clients module holds no reference to nexus's code, only this key.
  @ManyToOne('DocumentEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: unknown;

  /** 0-based position of the investor in the statement. */
  @PrimaryColumn({ name: 'investor_index', type: 'int' })
  investorIndex: number;

  /** The PAN as the statement printed it; null when it printed no valid one. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  pan: string | null;

  @Column({ name: 'client_id', type: 'varchar', length: 40, nullable: true })
  clientId: string | null;

  @ManyToOne(() => ClientEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'client_id' })
  client?: Relation<ClientEntity>;

  @Column({ type: 'varchar', length: 32, nullable: true })
  flag: LinkFlag | null;

  /** The statement's class code (e.g. CAMS_DETAILED_CAS). */
  @Column({ name: 'document_type', type: 'varchar', length: 64 })
  documentType: string;

  /** The last day of the statement's period, when it prints one. */
  @Column({ name: 'statement_date', type: 'date', nullable: true })
  statementDate: string | null;

  @UpdateDateColumn({ name: 'linked_at', type: 'timestamptz' })
  linkedAt: Date;
}
