import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import type { ExtractionResult } from '../../extraction/index.js';
import { DocumentEntity } from './document.entity.js';

/** The assembled extraction result of a document's latest completed process. */
@Entity({ name: 'extractions' })
export class ExtractionEntity extends TenantScopedEntity {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: Relation<DocumentEntity>;

  @Column({ name: 'process_id', type: 'uuid' })
  processId: string;

  /** Written by the pipeline's completion stage; read back only through `readExtractionResult` (PipelineRepository, ResultsRepository). */
  @Column({ type: 'jsonb' })
  result: ExtractionResult;

  @Column({ name: 'holdings_count', type: 'int' })
  holdingsCount: number;

  @Column({ name: 'total_value', type: 'double precision' })
  totalValue: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
