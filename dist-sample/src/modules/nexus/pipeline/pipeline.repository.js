var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, LessThan } from 'typeorm';
import { readExtractionResult } from '../../extraction/index.js';
import { DocumentEntity, linksToRegister } from '../entities/document.entity.js';
import { ExtractionEntity } from '../entities/extraction.entity.js';
import { PipelineProcessEntity } from '../entities/pipeline-process.entity.js';
import { PipelineStageEntity } from '../entities/pipeline-stage.entity.js';
import { TokenUsageEntity } from '../entities/token-usage.entity.js';
import { STAGES } from './pipeline.constants.js';
/** Every read and write of processes, stages, extractions and token usage. */
let PipelineRepository = class PipelineRepository {
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    transaction(work) {
        return this.dataSource.transaction(work);
    }
    processes(manager) {
        return (manager ?? this.dataSource.manager).getRepository(PipelineProcessEntity);
    }
    stages(manager) {
        return (manager ?? this.dataSource.manager).getRepository(PipelineStageEntity);
    }
    /**
     * Takes the document's row lock in the caller's transaction, as its deletion does (DocumentErasure):
     * a transaction that writes a stage's output, a run's end or a new run takes it first and writes
     * nothing when it answers false (the document was deleted).
     */
    async lockDocument(manager, tenantId, documentId) {
        const rows = (await manager.query('SELECT 1 FROM documents WHERE tenant_id = $1 AND id = $2 FOR NO KEY UPDATE', [tenantId, documentId]));
        return rows.length === 1;
    }
    /** When the retention purge removed the document's original, or null (read under the lock `lockDocument` took). */
    async originalPurgedAt(manager, tenantId, documentId) {
        const [row] = (await manager.query('SELECT original_purged_at FROM documents WHERE tenant_id = $1 AND id = $2', [tenantId, documentId]));
        return row?.original_purged_at ?? null;
    }
    /** Whether the document's investors go to the client register (a chat upload only once attached); read under the lock `lockDocument` took. */
    async linksToRegister(manager, tenantId, documentId) {
        const [row] = (await manager.query('SELECT origin, attached_at FROM documents WHERE tenant_id = $1 AND id = $2', [tenantId, documentId]));
        return row ? linksToRegister({ origin: row.origin, attachedAt: row.attached_at }) : false;
    }
    /** Creates a process with its ten pending stages (caller's transaction). */
    async createProcess(manager, process) {
        await this.processes(manager).insert(process);
        await this.stages(manager).insert(STAGES.map((name, position) => ({ processId: process.id, name, position, status: 'pending', attempts: 0, startedAt: null, finishedAt: null, durationMs: null, output: null })));
    }
    findProcess(tenantId, id) {
        return this.processes().findOneBy({ tenantId, id });
    }
    findRunningForDocument(tenantId, documentId) {
        return this.processes().findOneBy({ tenantId, documentId, status: 'processing' });
    }
    listStages(processId) {
        return this.stages().find({ where: { processId }, order: { position: 'ASC' } });
    }
    findStage(processId, name) {
        return this.stages().findOneBy({ processId, name });
    }
    async stageOutput(processId, name) {
        const row = await this.stages().findOne({ where: { processId, name, status: 'completed' }, select: { output: true, processId: true, name: true } });
        if (!row)
            throw new Error(`stage ${name} of process ${processId} has no output`);
        return row.output;
    }
    /**
     * One top-level key of an earlier stage's output, without the rest: a figure need not bring a
     * page-by-page output along. Undefined when the output has no such key.
     */
    async stageOutputKey(processId, name, key) {
        const rows = await this.dataSource.query(`SELECT output -> $3 AS value, output ? $3 AS present FROM pipeline_stages WHERE process_id = $1 AND name = $2 AND status = 'completed'`, [processId, name, key]);
        if (!rows.length)
            throw new Error(`stage ${name} of process ${processId} has no output`);
        return rows[0].present ? rows[0].value : undefined;
    }
    /** Marks a stage started (again, on a retry) while its process is still running. */
    async startStage(processId, name) {
        const result = await this.dataSource.query(`UPDATE pipeline_stages SET status = 'in_progress', attempts = attempts + 1, started_at = now()
        WHERE process_id = $1 AND name = $2 AND status IN ('pending', 'in_progress')
          AND EXISTS (SELECT 1 FROM pipeline_processes p WHERE p.id = $1 AND p.status = 'processing')`, [processId, name]);
        return (result[1] ?? 0) === 1;
    }
    /** Completes a stage exactly once, and only while its process is running. */
    async completeStage(manager, processId, name, output, durationMs) {
        const result = await manager.query(`UPDATE pipeline_stages SET status = 'completed', finished_at = now(), duration_ms = $3, output = $4::jsonb
        WHERE process_id = $1 AND name = $2 AND status = 'in_progress'
          AND EXISTS (SELECT 1 FROM pipeline_processes p WHERE p.id = $1 AND p.status = 'processing')`, [processId, name, durationMs, JSON.stringify(output ?? null)]);
        return (result[1] ?? 0) === 1;
    }
    async advance(manager, processId, next) {
        await manager.query(`UPDATE pipeline_processes SET current_stage = $2, stages_completed = stages_completed + 1, updated_at = now() WHERE id = $1`, [processId, next]);
    }
    /** Ends a running process (completed or failed); false when it had already ended. */
    async endProcess(manager, processId, outcome) {
        const failed = outcome.status === 'failed' ? outcome : null;
        const result = await manager.query(`UPDATE pipeline_processes
          SET status = $2::varchar, finished_at = now(), updated_at = now(),
              stages_completed = CASE WHEN $2::varchar = 'completed' THEN ${STAGES.length} ELSE stages_completed END,
              error_code = $3, error_message = $4, error_stage = $5, retryable = $6
        WHERE id = $1 AND status = 'processing'`, [processId, outcome.status, failed?.code ?? null, failed?.message ?? null, failed?.stage ?? null, failed?.retryable ?? null]);
        if ((result[1] ?? 0) !== 1)
            return false;
        if (failed) {
            await manager.query(`UPDATE pipeline_stages SET status = 'failed', finished_at = now() WHERE process_id = $1 AND name = $2 AND status <> 'completed'`, [
                processId,
                failed.stage,
            ]);
        }
        return true;
    }
    async setDocumentStatus(manager, documentId, status, extra = {}) {
        await manager.getRepository(DocumentEntity).update({ id: documentId }, { status, ...extra });
    }
    async saveExtraction(manager, row) {
        await manager.getRepository(ExtractionEntity).upsert(row, ['documentId']);
    }
    /** The document's extraction, its result checked to be one (ExtractionResultError when it is not). */
    async findExtraction(tenantId, documentId, manager = this.dataSource.manager) {
        const row = await manager.getRepository(ExtractionEntity).findOneBy({ tenantId, documentId });
        if (row)
            row.result = readExtractionResult(row.result, `document ${documentId}`);
        return row;
    }
    async recordUsage(manager, tenantId, documentId, processId, stageName, usage) {
        await manager.getRepository(TokenUsageEntity).insert({ tenantId, documentId, processId, stageName, ...usage });
    }
    /** Running processes not updated for a while, or past their deadline: the reconciler's work list. */
    findNeedingAttention(staleBefore, now, limit = 100) {
        return this.processes()
            .createQueryBuilder('p')
            .where(`p.status = 'processing'`)
            .andWhere('(p.updated_at < :staleBefore OR p.deadline_at < :now)', { staleBefore, now })
            .orderBy('p.updated_at', 'ASC')
            .limit(limit)
            .getMany();
    }
    async touch(processIds) {
        if (processIds.length)
            await this.processes().update({ id: In(processIds), status: 'processing' }, { updatedAt: new Date() });
    }
    countRunningOlderThan(before) {
        return this.processes().countBy({ status: 'processing', updatedAt: LessThan(before) });
    }
};
PipelineRepository = __decorate([
    Injectable(),
    __param(0, InjectDataSource()),
    __metadata("design:paramtypes", [Function])
], PipelineRepository);
export { PipelineRepository };
//# sourceMappingURL=pipeline.repository.js.map