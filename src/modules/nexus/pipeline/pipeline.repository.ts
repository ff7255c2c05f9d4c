import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, LessThan, type DataSource, type EntityManager } from 'typeorm';
import { readExtractionResult } from '../../extraction/index.js';
import { DocumentEntity, linksToRegister, type DocumentOrigin, type DocumentStatus } from '../entities/document.entity.js';
import { ExtractionEntity } from '../entities/extraction.entity.js';
import { PipelineProcessEntity } from '../entities/pipeline-process.entity.js';
import { PipelineStageEntity } from '../entities/pipeline-stage.entity.js';
import { TokenUsageEntity } from '../entities/token-usage.entity.js';
import { STAGES, type StageName } from './pipeline.constants.js';
import type { StageUsage } from './pipeline-stage.js';

/** Every read and write of processes, stages, extractions and token usage. */
@Injectable()
export class PipelineRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private processes(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(PipelineProcessEntity);
  }

  private stages(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(PipelineStageEntity);
  }

  /**
   * Takes the document's row lock in the caller's transaction, as its deletion does (DocumentErasure):
   * a transaction that writes a stage's output, a run's end or a new run takes it first and writes
   * nothing when it answers false (the document was deleted).
   */
  async lockDocument(manager: EntityManager, tenantId: string, documentId: string): Promise<boolean> {
    const rows = (await manager.query('SELECT 1 FROM documents WHERE tenant_id = $1 AND id = $2 FOR NO KEY UPDATE', [tenantId, documentId])) as unknown[];
    return rows.length === 1;
  }

  /** When the retention purge removed the document's original, or null (read under the lock `lockDocument` took). */
  async originalPurgedAt(manager: EntityManager, tenantId: string, documentId: string): Promise<Date | null> {
    const [row] = (await manager.query('SELECT original_purged_at FROM documents WHERE tenant_id = $1 AND id = $2', [tenantId, documentId])) as Array<{ original_purged_at: Date | null }>;
    return row?.original_purged_at ?? null;
  }

  /** Whether the document's investors go to the client register (a chat upload only once attached); read under the lock `lockDocument` took. */
  async linksToRegister(manager: EntityManager, tenantId: string, documentId: string): Promise<boolean> {
    const [row] = (await manager.query('SELECT origin, attached_at FROM documents WHERE tenant_id = $1 AND id = $2', [tenantId, documentId])) as Array<{ origin: DocumentOrigin; attached_at: Date | null }>;
    return row ? linksToRegister({ origin: row.origin, attachedAt: row.attached_at }) : false;
  }

  /** Creates a process with its ten pending stages (caller's transaction). */
  async createProcess(manager: EntityManager, process: Omit<PipelineProcessEntity, 'createdAt' | 'updatedAt' | 'tenant' | 'document'>) {
    await this.processes(manager).insert(process);
    await this.stages(manager).insert(
      STAGES.map((name, position) => ({ processId: process.id, name, position, status: 'pending' as const, attempts: 0, startedAt: null, finishedAt: null, durationMs: null, output: null })) as never,
    );
  }

  findProcess(tenantId: string, id: string): Promise<PipelineProcessEntity | null> {
    return this.processes().findOneBy({ tenantId, id });
  }

  findRunningForDocument(tenantId: string, documentId: string): Promise<PipelineProcessEntity | null> {
    return this.processes().findOneBy({ tenantId, documentId, status: 'processing' });
  }

  listStages(processId: string): Promise<PipelineStageEntity[]> {
    return this.stages().find({ where: { processId }, order: { position: 'ASC' } });
  }

  findStage(processId: string, name: StageName): Promise<PipelineStageEntity | null> {
    return this.stages().findOneBy({ processId, name });
  }

  async stageOutput<T>(processId: string, name: StageName): Promise<T> {
    const row = await this.stages().findOne({ where: { processId, name, status: 'completed' }, select: { output: true, processId: true, name: true } });
    if (!row) throw new Error(`stage ${name} of process ${processId} has no output`);
    return row.output as T;
  }

  /**
   * One top-level key of an earlier stage's output, without the rest: a figure need not bring a
   * page-by-page output along. Undefined when the output has no such key.
   */
  async stageOutputKey<T>(processId: string, name: StageName, key: string): Promise<T | undefined> {
    const rows: Array<{ value: T | null; present: boolean }> = await this.dataSource.query(
      `SELECT output -> $3 AS value, output ? $3 AS present FROM pipeline_stages WHERE process_id = $1 AND name = $2 AND status = 'completed'`,
      [processId, name, key],
    );
    if (!rows.length) throw new Error(`stage ${name} of process ${processId} has no output`);
    return rows[0].present ? (rows[0].value as T) : undefined;
  }

  /** Marks a stage started (again, on a retry) while its process is still running. */
  async startStage(processId: string, name: StageName): Promise<boolean> {
    const result = await this.dataSource.query(
      `UPDATE pipeline_stages SET status = 'in_progress', attempts = attempts + 1, started_at = now()
        WHERE process_id = $1 AND name = $2 AND status IN ('pending', 'in_progress')
          AND EXISTS (SELECT 1 FROM pipeline_processes p WHERE p.id = $1 AND p.status = 'processing')`,
      [processId, name],
    );
    return (result[1] ?? 0) === 1;
  }

  /** Completes a stage exactly once, and only while its process is running. */
  async completeStage(manager: EntityManager, processId: string, name: StageName, output: unknown, durationMs: number): Promise<boolean> {
    const result = await manager.query(
      `UPDATE pipeline_stages SET status = 'completed', finished_at = now(), duration_ms = $3, output = $4::jsonb
        WHERE process_id = $1 AND name = $2 AND status = 'in_progress'
          AND EXISTS (SELECT 1 FROM pipeline_processes p WHERE p.id = $1 AND p.status = 'processing')`,
      [processId, name, durationMs, JSON.stringify(output ?? null)],
    );
    return (result[1] ?? 0) === 1;
  }

  async advance(manager: EntityManager, processId: string, next: StageName): Promise<void> {
    await manager.query(
      `UPDATE pipeline_processes SET current_stage = $2, stages_completed = stages_completed + 1, updated_at = now() WHERE id = $1`,
      [processId, next],
    );
  }

  /** Ends a running process (completed or failed); false when it had already ended. */
  async endProcess(
    manager: EntityManager,
    processId: string,
    outcome: { status: 'completed' } | { status: 'failed'; code: string; message: string; stage: string; retryable: boolean },
  ): Promise<boolean> {
    const failed = outcome.status === 'failed' ? outcome : null;
    const result = await manager.query(
      `UPDATE pipeline_processes
          SET status = $2::varchar, finished_at = now(), updated_at = now(),
              stages_completed = CASE WHEN $2::varchar = 'completed' THEN ${STAGES.length} ELSE stages_completed END,
              error_code = $3, error_message = $4, error_stage = $5, retryable = $6
        WHERE id = $1 AND status = 'processing'`,
      [processId, outcome.status, failed?.code ?? null, failed?.message ?? null, failed?.stage ?? null, failed?.retryable ?? null],
    );
    if ((result[1] ?? 0) !== 1) return false;
    if (failed) {
      await manager.query(`UPDATE pipeline_stages SET status = 'failed', finished_at = now() WHERE process_id = $1 AND name = $2 AND status <> 'completed'`, [
        processId,
        failed.stage,
      ]);
    }
    return true;
  }

  async setDocumentStatus(
    manager: EntityManager,
    documentId: string,
    status: DocumentStatus,
    extra: Partial<Pick<DocumentEntity, 'classification' | 'confidenceScore' | 'pages' | 'sealedPassword' | 'layoutError'>> = {},
  ) {
    await manager.getRepository(DocumentEntity).update({ id: documentId }, { status, ...extra });
  }

  async saveExtraction(manager: EntityManager, row: Omit<ExtractionEntity, 'updatedAt' | 'tenant' | 'document'>) {
    await manager.getRepository(ExtractionEntity).upsert(row as never, ['documentId']);
  }

  /** The document's extraction, its result checked to be one (ExtractionResultError when it is not). */
  async findExtraction(tenantId: string, documentId: string, manager: EntityManager = this.dataSource.manager): Promise<ExtractionEntity | null> {
    const row = await manager.getRepository(ExtractionEntity).findOneBy({ tenantId, documentId });
    if (row) row.result = readExtractionResult(row.result, `document ${documentId}`);
    return row;
  }

  async recordUsage(manager: EntityManager, tenantId: string, documentId: string, processId: string, stageName: string, usage: StageUsage) {
    await manager.getRepository(TokenUsageEntity).insert({ tenantId, documentId, processId, stageName, ...usage });
  }

  /** Running processes not updated for a while, or past their deadline: the reconciler's work list. */
  findNeedingAttention(staleBefore: Date, now: Date, limit = 100): Promise<PipelineProcessEntity[]> {
    return this.processes()
      .createQueryBuilder('p')
      .where(`p.status = 'processing'`)
      .andWhere('(p.updated_at < :staleBefore OR p.deadline_at < :now)', { staleBefore, now })
      .orderBy('p.updated_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  async touch(processIds: string[]): Promise<void> {
    if (processIds.length) await this.processes().update({ id: In(processIds), status: 'processing' }, { updatedAt: new Date() });
  }

  countRunningOlderThan(before: Date): Promise<number> {
    return this.processes().countBy({ status: 'processing', updatedAt: LessThan(before) });
  }
}
