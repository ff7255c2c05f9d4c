import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { ErrorCode } from '../../../../common/errors/error-codes.js';
import { TenantScopedEntity } from '../../../../database/tenant-scoped.entity.js';
import { DocumentEntity } from '../../entities/document.entity.js';
import { UploadBatchEntity } from './upload-batch.entity.js';

/**
 * Where a batch file is on its way into the pipeline (its document's own status says the rest):
 * - `refused`: no document (not a PDF, too large, a nested archive, a quota), `error_code` says why;
 * - `waiting`: its document is stored and waits, in PostgreSQL, for the tenant's admission;
 * - `admitted`: let into the pipeline (opened with a candidate password first when encrypted);
 * - `password_required`: encrypted, and no candidate password opened it;
 * - `erased`: its document (or the client it named) was deleted: the row keeps its place only.
 */
export type BatchFileOutcome = 'refused' | 'waiting' | 'admitted' | 'password_required' | 'erased';

@Entity({ name: 'upload_batch_files' })
@Index(['tenantId', 'outcome', 'createdAt'])
export class UploadBatchFileEntity extends TenantScopedEntity {
  @PrimaryColumn({ name: 'batch_id', type: 'varchar', length: 40 })
  batchId: string;

  @ManyToOne(() => UploadBatchEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'batch_id' })
  batch?: Relation<UploadBatchEntity>;

  /** The file's place in the request (0-based). */
  @PrimaryColumn({ type: 'int' })
  position: number;

  /** As displayed (displayFileName): never a storage path. */
  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Index()
  @Column({ name: 'document_id', type: 'uuid', nullable: true })
  documentId: string | null;

  @ManyToOne(() => DocumentEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'document_id' })
  document?: Relation<DocumentEntity>;

  /** The client the request named for this file (`cli_…`): only its passwords are tried. */
  @Column({ name: 'client_id', type: 'varchar', length: 40, nullable: true })
  clientId: string | null;

  @Column({ type: 'varchar', length: 24 })
  outcome: BatchFileOutcome;

  @Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true })
  errorCode: ErrorCode | null;

  @Column({ name: 'error_message', type: 'varchar', length: 500, nullable: true })
  errorMessage: string | null;

  /** When it was let into the pipeline; the sweep starts again one admitted long ago that never started. */
  @Column({ name: 'admitted_at', type: 'timestamptz', nullable: true })
  admittedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
