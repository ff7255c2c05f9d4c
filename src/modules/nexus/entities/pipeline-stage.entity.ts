import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { PipelineProcessEntity } from './pipeline-process.entity.js';

export type StageStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

/** One stage of one process; its JSON output is what the next stages read. */
@Entity({ name: 'pipeline_stages' })
export class PipelineStageEntity {
  @PrimaryColumn({ name: 'process_id', type: 'uuid' })
  processId: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  name: string;

  @ManyToOne(() => PipelineProcessEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'process_id' })
  process?: Relation<PipelineProcessEntity>;

  @Column({ type: 'smallint' })
  position: number;

  @Column({ type: 'varchar', length: 16 })
  status: StageStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ name: 'duration_ms', type: 'int', nullable: true })
  durationMs: number | null;

  @Column({ type: 'jsonb', nullable: true })
  output: unknown;
}
