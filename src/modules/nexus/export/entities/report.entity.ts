import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../../database/tenant-scoped.entity.js';
import { ClientEntity } from '../../../clients/entities/client.entity.js';
import { HouseholdEntity } from '../../../clients/entities/household.entity.js';
import { UserEntity } from '../../../users/entities/user.entity.js';
import { DocumentEntity } from '../../entities/document.entity.js';

/** Where a report is: exports are `completed` at once; a client report is queued and made by a worker. */
export const REPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a client report was asked for. */
export interface ReportParams {
  /** YYYY-MM-DD: the statements counted are those dated on or before it; null for all. */
  as_of: string | null;
  /** The financial year of the period's gains, `2025-26`; null when none was asked for. */
  fy: string | null;
  /** Who the copy is for: `client` (the client's pages) or `adviser` (with the adviser's page of data notes); absent on older rows: `client`. */
  audience?: 'client' | 'adviser';
}

/**
 * One produced report file: who made it from which document (a statement's export), about which
 * client (a client's gains export, a client report) or about which household (a household report),
 * what it holds and where it is stored. One of the three is set. A client or household report's row
 * exists from its request on; its file fields are null until a worker has made it.
 */
@Entity({ name: 'reports' })
@Index(['tenantId', 'documentId', 'createdAt'])
@Index(['tenantId', 'clientId', 'createdAt'])
@Index(['tenantId', 'householdId', 'createdAt'])
@Check('CHK_reports_subject', `"document_id" IS NOT NULL OR "client_id" IS NOT NULL OR "household_id" IS NOT NULL`)
@Check('CHK_reports_file', `"status" <> 'completed' OR ("storage_key" IS NOT NULL AND "size_bytes" IS NOT NULL AND "sha256" IS NOT NULL)`)
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

  /** The client a client's report is about; null for a statement's export. */
  @Column({ name: 'client_id', type: 'varchar', length: 40, nullable: true })
  clientId: string | null;

  @ManyToOne(() => ClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: Relation<ClientEntity>;

  /** The household a household report is about; null otherwise. */
  @Column({ name: 'household_id', type: 'varchar', length: 40, nullable: true })
  householdId: string | null;

  @ManyToOne(() => HouseholdEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'household_id' })
  household?: Relation<HouseholdEntity>;

  /**
   * A household report's members whose portfolios it prints, set when it is made: deleting one of
   * these clients deletes the report with the client's other data. Null for every other report.
   */
  @Column({ name: 'member_client_ids', type: 'varchar', length: 40, array: true, nullable: true })
  memberClientIds: string[] | null;

  @Column({ type: 'varchar', length: 16, default: 'completed' })
  status: ReportStatus;

  /** What a client report was asked for (`as_of`, `fy`); null for an export. */
  @Column({ type: 'jsonb', nullable: true })
  params: ReportParams | null;

  /** Why a report failed: a code of the error catalogue and a safe message. */
  @Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true })
  errorCode: string | null;

  @Column({ name: 'error_message', type: 'varchar', length: 500, nullable: true })
  errorMessage: string | null;

  /** The user who generated it (`usr_…`). */
  @Column({ name: 'created_by', type: 'varchar', length: 40 })
  createdBy: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'created_by' })
  creator?: Relation<UserEntity>;

  /** `holdings` or `underlying` (a statement's export), `gains_detailed` or `schedule_112a` (a client's gains), `client_summary` (a client report), `household_summary` (a household report). */
  @Column({ name: 'report_type', type: 'varchar', length: 32 })
  reportType: string;

  /** `csv`, `xlsx`, `json` or `pdf`. */
  @Column({ type: 'varchar', length: 8 })
  format: string;

  /** The field keys of the file's columns, in order. */
  @Column({ type: 'jsonb' })
  fields: string[];

  @Column({ name: 'row_count', type: 'int' })
  rowCount: number;

  /** Made by Foliodesk: `<tenant>/reports/<id>.<ext>`; null until the file is made. */
  @Column({ name: 'storage_key', type: 'varchar', length: 255, nullable: true })
  storageKey: string | null;

  @Column({ name: 'size_bytes', type: 'bigint', nullable: true, transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  sizeBytes: number | null;

  @Column({ type: 'char', length: 64, nullable: true })
  sha256: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When the file was made (or the report failed); null while queued or running. */
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
