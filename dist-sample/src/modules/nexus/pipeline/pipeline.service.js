var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { roleAtLeast } from '../../../common/auth/roles.js';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { AppException, notFound } from '../../../common/errors/app.exception.js';
import { withinDeadline } from '../../../common/errors/dependency-errors.js';
import { AppConfig } from '../../../config/app-config.js';
import { DocumentsService, requireOriginal } from '../documents.service.js';
import { PdfEngine, pdfHttpError } from '../../pdf/index.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { STAGES } from './pipeline.constants.js';
import { PipelineQueues } from './pipeline-queues.js';
import { PipelineRepository } from './pipeline.repository.js';
/** How long starting a run waits for Redis to take its first job (the reconciler covers the rest). */
const ENQUEUE_WAIT_MS = 1000;
let PipelineService = class PipelineService {
    constructor(config, repo, documents, storage, pdf, queues) {
        this.config = config;
        this.repo = repo;
        this.documents = documents;
        this.storage = storage;
        this.pdf = pdf;
        this.queues = queues;
        this.box = new SecretBox(config.crypto);
    }
    /**
     * Starts the pipeline for a job. A job already processing answers its running process; a
     * completed or failed one starts afresh. A wrong PDF password answers 422 at once.
     */
    async start(user, jobId, password) {
        return this.startDocument(await this.documents.visibleByJob(user, jobId), password);
    }
    /**
     * Starts the pipeline for a document the caller may start (start checks the caller; a batch's
     * admission starts its own documents), with the same rules as `start`.
     */
    async startDocument(document, password) {
        const { jobId } = document;
        const user = { tenantId: document.tenantId };
        const running = await this.repo.findRunningForDocument(user.tenantId, document.id);
        if (running)
            return { process_id: running.id, job_id: jobId, status: running.status };
        requireOriginal(document);
        if (document.passwordRequired && (password || !document.sealedPassword)) {
            // A password proven earlier is kept sealed, so a re-run needs none; a new one is checked again.
            if (!password)
                throw new AppException('PDF_PASSWORD_REQUIRED', 'This PDF is encrypted: send its password');
            const data = new Uint8Array(await this.storage.getBytes(document.storageKey));
            await this.pdf.inspect(user.tenantId, data, password).catch((error) => {
                throw pdfHttpError(error);
            });
        }
        const now = new Date();
        const id = randomUUID();
        try {
            await this.repo.transaction(async (manager) => {
                // Deleted meanwhile (DocumentErasure holds or held the row's lock): no run for it.
                if (!(await this.repo.lockDocument(manager, user.tenantId, document.id)))
                    throw notFound('Document');
                // Purged meanwhile (RetentionPurge takes the same lock): nothing left to run on.
                requireOriginal({ ...document, originalPurgedAt: await this.repo.originalPurgedAt(manager, user.tenantId, document.id) });
                await this.repo.createProcess(manager, {
                    id,
                    tenantId: user.tenantId,
                    documentId: document.id,
                    status: 'processing',
                    currentStage: STAGES[0],
                    stagesCompleted: 0,
                    startedAt: now,
                    deadlineAt: new Date(now.getTime() + this.config.pipeline.totalTimeoutMs),
                    finishedAt: null,
                    errorCode: null,
                    errorMessage: null,
                    errorStage: null,
                    retryable: null,
                });
                // A new password may open what the old one did not: a layout refused with the old one is drawn again.
                const newPassword = password && document.passwordRequired ? { sealedPassword: this.box.seal('pdf-password', { id: document.id, tenantId: user.tenantId }, password), layoutError: null } : {};
                await this.repo.setDocumentStatus(manager, document.id, 'processing', newPassword);
            });
        }
        catch (error) {
            if (error instanceof AppException)
                throw error;
            // Two starts raced: the unique "one running process per document" index let one through.
            const other = await this.repo.findRunningForDocument(user.tenantId, document.id);
            if (other)
                return { process_id: other.id, job_id: jobId, status: other.status };
            throw error;
        }
        // If this enqueue is lost or slow (Redis away), the reconciler enqueues the stage from the
        // database: the client is not kept waiting for Redis.
        await withinDeadline(this.queues.enqueue({ tenantId: user.tenantId, processId: id, stage: STAGES[0] }), ENQUEUE_WAIT_MS, 'Redis').catch(() => undefined);
        return { process_id: id, job_id: jobId, status: 'processing' };
    }
    async progress(user, processId) {
        const process = await this.visibleProcess(user, processId);
        const stages = await this.repo.listStages(process.id);
        const completed = stages.filter((s) => s.status === 'completed').length;
        const body = {
            process_id: process.id,
            status: process.status,
            progress_pct: process.status === 'completed' ? 100 : Math.min(99, Math.floor((completed * 100) / STAGES.length)),
            current_stage: process.currentStage,
            stages_completed: completed,
            total_stages: STAGES.length,
            stages: stages.map((s) => ({ name: s.name, status: s.status, duration_ms: s.status === 'completed' ? s.durationMs : null })),
        };
        if (process.status === 'completed') {
            const extraction = await this.repo.findExtraction(user.tenantId, process.documentId);
            const holdings = extraction?.result.entities.flatMap((e) => e.holdings) ?? [];
            body.document_id = process.documentId;
            body.extractions = {
                holdings: holdings.map(({ transactions: _t, ...h }) => h),
                transactions: holdings.flatMap((h) => h.transactions.map((t) => ({ isin: h.isin, ...t }))),
            };
        }
        if (process.status === 'failed') {
            body.error = { code: process.errorCode ?? 'STAGE_FAILED', message: process.errorMessage ?? '', stage: process.errorStage ?? process.currentStage, retryable: process.retryable ?? true };
        }
        return body;
    }
    /** The caller's own process, or any in the tenant for an admin; 404 otherwise. */
    async visibleProcess(user, processId) {
        const process = await this.repo.findProcess(user.tenantId, processId);
        if (!process)
            throw notFound('Process');
        if (!roleAtLeast(user.role, 'admin')) {
            const doc = await this.documents.visibleByIdOrNull(user, process.documentId);
            if (!doc)
                throw notFound('Process');
        }
        return process;
    }
};
PipelineService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [AppConfig,
        PipelineRepository,
        DocumentsService,
        DocumentStorage,
        PdfEngine,
        PipelineQueues])
], PipelineService);
export { PipelineService };
//# sourceMappingURL=pipeline.service.js.map