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
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config.js';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { isDependencyUnavailable } from '../../../common/errors/dependency-errors.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { ClientRegister } from '../../clients/index.js';
import { OutboxService } from '../../outbox/outbox.service.js';
import { BatchAdmission } from '../batch/batch-admission.js';
import { DocumentsRepository } from '../documents.repository.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { nextStage, STAGE_JOB_OPTIONS } from './pipeline.constants.js';
import { PipelineQueues } from './pipeline-queues.js';
import { PipelineRepository } from './pipeline.repository.js';
import { StageFailure } from './pipeline-stage.js';
import { statementOf } from '../register-attachment.js';
class StageTimeout extends Error {
}
/** Runs a stage's work under a time limit; past it, `signal` tells the work to stop (e.g. a PDF read). */
function withTimeout(work, ms) {
    const controller = new AbortController();
    let timer;
    const limit = new Promise((_, reject) => {
        timer = setTimeout(() => {
            const timeout = new StageTimeout();
            reject(timeout);
            controller.abort(timeout);
        }, Math.max(0, ms));
    });
    return Promise.race([work(controller.signal), limit]).finally(() => clearTimeout(timer));
}
/**
 * The one place that moves a process through its stages: runs a stage's work under the time limits,
 * records its output, advances or finishes the process in one transaction (with the outbox event),
 * and enqueues the next stage. Every step is idempotent, so a job delivered twice does no harm.
 */
let StageRunner = class StageRunner {
    constructor(config, repo, documents, storage, queues, outbox, admission, clients, logger) {
        this.config = config;
        this.repo = repo;
        this.documents = documents;
        this.storage = storage;
        this.queues = queues;
        this.outbox = outbox;
        this.admission = admission;
        this.clients = clients;
        this.logger = logger;
        this.box = new SecretBox(config.crypto);
    }
    /** Runs one job of the stage `name`, whose work is `stage`. */
    async run(name, stage, job) {
        const { tenantId, processId } = job.data;
        const process = await this.repo.findProcess(tenantId, processId);
        if (!process || process.status !== 'processing')
            return;
        const row = await this.repo.findStage(processId, name);
        if (row?.status === 'completed') {
            // Delivered again after it finished: make sure the chain goes on, and stop.
            const next = nextStage(name);
            if (next && process.currentStage === next)
                await this.enqueue(process, next);
            return;
        }
        if (process.currentStage !== name)
            return;
        const remaining = process.deadlineAt.getTime() - Date.now();
        if (remaining <= 0) {
            await this.fail(process, this.timeoutReason(name));
            return;
        }
        if (!(await this.repo.startStage(processId, name)))
            return;
        const started = Date.now();
        try {
            const context = await this.context(process);
            const result = await withTimeout((signal) => stage.run({ ...context, signal }), Math.min(this.config.pipeline.stageTimeoutMs, remaining));
            const next = nextStage(name);
            const advanced = await this.repo.transaction(async (manager) => {
                if (!(await this.repo.lockDocument(manager, tenantId, process.documentId)))
                    return false;
                if (!(await this.repo.completeStage(manager, processId, name, result.output, Date.now() - started)))
                    return false;
                if (result.usage)
                    await this.repo.recordUsage(manager, tenantId, process.documentId, processId, name, result.usage);
                if (next)
                    await this.repo.advance(manager, processId, next);
                else
                    await this.finish(manager, process, result.output);
                return true;
            });
            if (advanced && next)
                await this.enqueue(process, next);
            if (advanced && !next)
                this.admission.runEnded(process.documentId);
        }
        catch (error) {
            // The document was deleted while its stage ran: nothing to record, nothing to retry.
            if (!(await this.repo.findProcess(tenantId, processId).catch(() => process)))
                return;
            if (error instanceof StageTimeout)
                return this.fail(process, this.timeoutReason(name));
            if (error instanceof StageFailure) {
                return this.fail(process, { code: error.code, message: error.message, stage: name, retryable: error.retryable });
            }
            const attempts = job.opts.attempts ?? STAGE_JOB_OPTIONS.attempts ?? 1;
            this.logger.warn({ err: error, processId, stage: name, attempt: job.attemptsMade + 1 }, 'pipeline stage failed');
            // PostgreSQL or Redis away is not the document's fault: never STAGE_FAILED for it. Bull retries;
            // once its attempts are spent the job is dropped and the reconciler enqueues the stage again
            // when the process has not moved for PIPELINE_STALE_AFTER_MS. The run's deadline still bounds it.
            if (isDependencyUnavailable(error))
                throw error;
            if (job.attemptsMade + 1 >= attempts) {
                return this.fail(process, { code: 'STAGE_FAILED', message: `The ${name} stage failed`, stage: name, retryable: true });
            }
            throw error; // Bull retries with backoff
        }
    }
    /** Fails a running process with its outbox event; a no-op when it already ended. */
    async fail(process, reason) {
        const ended = await this.repo.transaction(async (manager) => {
            if (!(await this.repo.lockDocument(manager, process.tenantId, process.documentId)))
                return false;
            if (!(await this.repo.endProcess(manager, process.id, { status: 'failed', ...reason })))
                return false;
            await this.repo.setDocumentStatus(manager, process.documentId, 'failed');
            await this.outbox.record(manager, process.tenantId, 'document.failed', {
                document_id: process.documentId,
                error_code: reason.code,
                error_message: reason.message,
                stage: reason.stage,
                retryable: reason.retryable,
            });
            return true;
        });
        if (!ended)
            return;
        this.admission.runEnded(process.documentId);
        this.logger.info({ processId: process.id, code: reason.code, stage: reason.stage }, 'pipeline failed');
    }
    timeoutReason(stage) {
        return { code: 'EXTRACTION_TIMEOUT', message: `The maximum processing time was exceeded during the ${stage} stage`, stage, retryable: true };
    }
    enqueue(process, stage) {
        return this.queues.enqueue({ tenantId: process.tenantId, processId: process.id, stage });
    }
    async finish(manager, process, out) {
        if (!(await this.repo.endProcess(manager, process.id, { status: 'completed' })))
            return;
        await this.repo.saveExtraction(manager, {
            documentId: process.documentId,
            tenantId: process.tenantId,
            processId: process.id,
            result: out.result,
            holdingsCount: out.holdings_count,
            totalValue: out.total_aum,
        });
        await this.repo.setDocumentStatus(manager, process.documentId, 'completed', {
            classification: out.document_type,
            confidenceScore: out.confidence_score,
            pages: out.pages,
        });
        // Each investor of the statement to the client of its PAN, committed with the extraction itself; a
        // chat upload only once its owner attached it to the register (RegisterAttachment).
        if (await this.repo.linksToRegister(manager, process.tenantId, process.documentId)) {
            await this.clients.linkStatement(manager, statementOf(process.tenantId, process.documentId, out.document_type, out.result));
        }
        const document = await this.documents.findById(process.tenantId, process.documentId);
        await this.outbox.record(manager, process.tenantId, 'document.completed', {
            document_id: process.documentId,
            tenant_id: process.tenantId,
            user_id: document?.ownerId ?? null,
            document_type: out.document_type,
            pages: out.pages,
            extractions: { holdings_count: out.holdings_count, total_aum: out.total_aum, currency: out.currency },
            confidence: out.confidence,
            processing_time_ms: Date.now() - process.startedAt.getTime(),
        });
    }
    async context(process) {
        const document = await this.documents.findById(process.tenantId, process.documentId);
        if (!document)
            throw new StageFailure('DOCUMENT_MISSING', 'The document no longer exists');
        return {
            process,
            document,
            // A stored password that does not open counts as none: reading the PDF then asks for it (PDF_PASSWORD_REQUIRED).
            password: document.sealedPassword ? this.box.openOrNull('pdf-password', { id: document.id, tenantId: document.tenantId }, document.sealedPassword, this.logger) : null,
            // The one place where a stored output is taken to be what its stage declares (StageOutputs).
            output: (stage) => this.repo.stageOutput(process.id, stage),
            outputKey: (stage, key) => this.repo.stageOutputKey(process.id, stage, key),
            original: async () => {
                return new Uint8Array(await this.storage.getBytes(document.storageKey));
            },
        };
    }
};
StageRunner = __decorate([
    Injectable(),
    __param(8, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig,
        PipelineRepository,
        DocumentsRepository,
        DocumentStorage,
        PipelineQueues,
        OutboxService,
        BatchAdmission,
        ClientRegister, Object])
], StageRunner);
export { StageRunner };
//# sourceMappingURL=stage-runner.js.map