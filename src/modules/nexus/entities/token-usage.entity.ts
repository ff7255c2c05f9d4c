import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';

/** Tokens a stage (or a chat message) spent on a model, and their cost in INR. */
@Entity({ name: 'token_usage' })
@Index(['tenantId', 'documentId'])
export class TokenUsageEntity extends TenantScopedEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'document_id', type: 'uuid', nullable: true })
  documentId: string | null;

  @Column({ name: 'process_id', type: 'uuid', nullable: true })
  processId: string | null;

  @Column({ name: 'stage_name', type: 'varchar', length: 32 })
  stageName: string;

  @Column({ type: 'varchar', length: 64 })
  model: string;

  @Column({ name: 'input_tokens', type: 'int' })
  inputTokens: number;

  @Column({ name: 'output_tokens', type: 'int' })
  outputTokens: number;

  @Column({ name: 'cost_inr', type: 'numeric', precision: 12, scale: 4, transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  costInr: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
