import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../../database/tenant-scoped.entity.js';
import { ClientEntity } from '../../../clients/entities/client.entity.js';
import { UserEntity } from '../../../users/entities/user.entity.js';
import { DocumentEntity } from '../../entities/document.entity.js';

/**
 * One produced export file: who made it from which document (a statement's export) or about which
 * client (a client's gains), what it holds and where it is stored. One of the two is set.
 */
@Entity({ name: 'reports' })
@Index(['tenantId', 'documentId', 'createdAt'])
@Index(['tenantId', 'clientId', 'createdAt'])
@Check('CHK_reports_subject', '"document_id" IS NOT NULL OR "client_id" IS NOT NULL')
export class ReportEntity extends TenantScopedEntity {
  /** report_id */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** The statement exported; null for a client's report. */
  @Column({ name: 'document_id', type: 'uuid', nullable: true })
  documentId: string | null;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: Relation<DocumentEntity>;

  /** The client a client's report (gains) is about; null for a statement's export. */
  @Column({ name: 'client_id', type: 'varchar', length: 40, nullable: true })
  clientId: string | null;

  @ManyToOne(() => ClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: Relation<ClientEntity>;

  /** The user who generated it (`usr_…`). */
  @Column({ name: 'created_by', type: 'varchar', length: 40 })
  createdBy: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'created_by' })
  creator?: Relation<UserEntity>;

  /** The export type: `holdings` or `underlying` (a statement's), `gains_detailed` or `schedule_112a` (a client's). */
  @Column({ name: 'report_type', type: 'varchar', length: 32 })
  reportType: string;

  /** `csv`, `xlsx` or `json`. */
  @Column({ type: 'varchar', length: 8 })
  format: string;

  /** The field keys of the file's columns, in order. */
  @Column({ type: 'jsonb' })
  fields: string[];

  @Column({ name: 'row_count', type: 'int' })
  rowCount: number;

  /** Made by Foliodesk: `<tenant>/reports/<id>.<ext>`. */
  @Column({ name: 'storage_key', type: 'varchar', length: 255 })
  storageKey: string;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  sizeBytes: number;

  @Column({ type: 'char', length: 64 })
  sha256: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
