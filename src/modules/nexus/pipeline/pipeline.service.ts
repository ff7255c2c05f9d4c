import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal.js';
import { roleAtLeast } from '../../../common/auth/roles.js';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { AppException, notFound } from '../../../common/errors/app.exception.js';
import { withinDeadline } from '../../../common/errors/dependency-errors.js';
import { AppConfig } from '../../../config/app-config.js';
import { DocumentsService, requireOriginal } from '../documents.service.js';
import type { DocumentEntity } from '../entities/document.entity.js';
import type { PipelineProcessEntity } from '../entities/pipeline-process.entity.js';
import { PdfEngine, pdfHttpError } from '../../pdf/index.js';
import { DocumentStorage } from '../storage/document-storage.js';
import type { ProcessStartedDto, ProgressDto } from './dto/pipeline.dto.js';
import { STAGES } from './pipeline.constants.js';
import { PipelineQueues } from './pipeline-queues.js';
import { PipelineRepository } from './pipeline.repository.js';

/** How long starting a run waits for Redis to take its first job (the reconciler covers the rest). */
const ENQUEUE_WAIT_MS = 1000;

@Injectable()
export class PipelineService {
  private readonly box: SecretBox;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: PipelineRepository,
    private readonly documents: DocumentsService,
    private readonly storage: DocumentStorage,
    private readonly pdf: PdfEngine,
    private readonly queues: PipelineQueues,
  ) {
    this.box = new SecretBox(config.crypto);
  }

  /**
   * Starts the pipeline for a job. A job already processing answers its running process; a
   * completed or failed one starts afresh. A wrong PDF password answers 422 at once.
   */
  async start(user: Principal, jobId: string, password?: string): Promise<ProcessStartedDto> {
    return this.startDocument(await this.documents.visibleByJob(user, jobId), password);
  }

  /**
   * Starts the pipeline for a document the caller may start (start checks the caller; a batch's
   * admission starts its own documents), with the same rules as `start`.
   */
  async startDocument(document: DocumentEntity, password?: string): Promise<ProcessStartedDto> {
    const { jobId } = document;
    const user = { tenantId: document.tenantId };
    const running = await this.repo.findRunningForDocument(user.tenantId, document.id);
    if (running) return { process_id: running.id, job_id: jobId, status: running.status };
    requireOriginal(document);

    if (document.passwordRequired && (password || !document.sealedPassword)) {
      // A password proven earlier is kept sealed, so a re-run needs none; a new one is checked again.
      if (!password) throw new AppException('PDF_PASSWORD_REQUIRED', 'This PDF is encrypted: send its password');
      const data = new Uint8Array(await this.storage.getBytes(document.storageKey));
      await this.pdf.inspect(user.tenantId, data, password).catch((error: unknown) => {
        throw pdfHttpError(error);
      });
    }
    const now = new Date();
    const id = randomUUID();
    try {
      await this.repo.transaction(async (manager) => {
        // Deleted meanwhile (DocumentErasure holds or held the row's lock): no run for it.
        if (!(await this.repo.lockDocument(manager, user.tenantId, document.id))) throw notFound('Document');
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
    } catch (error) {
      if (error instanceof AppException) throw error;
      // Two starts raced: the unique "one running process per document" index let one through.
      const other = await this.repo.findRunningForDocument(user.tenantId, document.id);
      if (other) return { process_id: other.id, job_id: jobId, status: other.status };
      throw error;
    }
    // If this enqueue is lost or slow (Redis away), the reconciler enqueues the stage from the
    // database: the client is not kept waiting for Redis.
    await withinDeadline(this.queues.enqueue({ tenantId: user.tenantId, processId: id, stage: STAGES[0] }), ENQUEUE_WAIT_MS, 'Redis').catch(() => undefined);
    return { process_id: id, job_id: jobId, status: 'processing' };
  }

  async progress(user: Principal, processId: string): Promise<ProgressDto> {
    const process = await this.visibleProcess(user, processId);
    const stages = await this.repo.listStages(process.id);
    const completed = stages.filter((s) => s.status === 'completed').length;
    const body: ProgressDto = {
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
  private async visibleProcess(user: Principal, processId: string): Promise<PipelineProcessEntity> {
    const process = await this.repo.findProcess(user.tenantId, processId);
    if (!process) throw notFound('Process');
    if (!roleAtLeast(user.role, 'admin')) {
      const doc = await this.documents.visibleByIdOrNull(user, process.documentId);
      if (!doc) throw notFound('Process');
    }
    return process;
  }
}
