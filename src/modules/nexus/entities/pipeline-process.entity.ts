import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { DocumentEntity } from './document.entity.js';

export type ProcessStatus = 'processing' | 'completed' | 'failed';

/** One run of the pipeline over a document. PostgreSQL, not the queue, is the truth about it. */
@Entity({ name: 'pipeline_processes' })
@Index(['documentId'], { unique: true, where: `"status" = 'processing'` })
@Index(['status', 'updatedAt'])
@Index(['tenantId', 'documentId', 'finishedAt'])
export class PipelineProcessEntity extends TenantScopedEntity {
  /** process_id */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: Relation<DocumentEntity>;

  @Column({ type: 'varchar', length: 16 })
  status: ProcessStatus;

  @Column({ name: 'current_stage', type: 'varchar', length: 32 })
  currentStage: string;

  @Column({ name: 'stages_completed', type: 'int', default: 0 })
  stagesCompleted: number;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;

  @Column({ name: 'deadline_at', type: 'timestamptz' })
  deadlineAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true })
  errorCode: string | null;

  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage: string | null;

  @Column({ name: 'error_stage', type: 'varchar', length: 32, nullable: true })
  errorStage: string | null;

  @Column({ type: 'boolean', nullable: true })
  retryable: boolean | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
