import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bull';
import type { Logger } from 'pino';
import { AppConfig } from '../../../config/app-config.js';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { isDependencyUnavailable } from '../../../common/errors/dependency-errors.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { ClientRegister } from '../../clients/index.js';
import { OperationsMetrics } from '../../metrics/operations-metrics.js';
import { OutboxService } from '../../outbox/outbox.service.js';
import { BatchAdmission } from '../batch/batch-admission.js';
import { DocumentsRepository } from '../documents.repository.js';
import type { PipelineProcessEntity } from '../entities/pipeline-process.entity.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { nextStage, STAGE_JOB_OPTIONS, type StageJob, type StageName } from './pipeline.constants.js';
import { PipelineQueues } from './pipeline-queues.js';
import { PipelineRepository } from './pipeline.repository.js';
import { StageFailure, type PipelineFailureCode, type PipelineStage, type StageContext } from './pipeline-stage.js';
import type { FinalOutput, StageOutputs } from './stage-registry.js';
import { statementOf } from '../register-attachment.js';
import { familyLabel, runLogLine, type RunEnd } from './run-log.js';

class StageTimeout extends Error {}

/** Runs a stage's work under a time limit; past it, `signal` tells the work to stop (e.g. a PDF read). */
function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const timeout = new StageTimeout();
      reject(timeout);
      controller.abort(timeout);
    }, Math.max(0, ms));
  });
  return Promise.race([work(controller.signal), limit]).finally(() => clearTimeout(timer));
}

/**
 * The job of a deleted document's run leaves nothing in Redis, whatever the queue keeps of finished
 * jobs for the board: Bull reads the option as the job completes. (Deleting removes the run's other
 * jobs; one running then cannot be removed.)
 */
function forget(job: Job<StageJob>): void {
  job.opts.removeOnComplete = true;
}

export interface FailureReason {
  code: PipelineFailureCode;
  message: string;
  stage: string;
  retryable: boolean;
}

/**
 * The one place that moves a process through its stages: runs a stage's work under the time limits,
 * records its output, advances or finishes the process in one transaction (with the outbox event),
 * and enqueues the next stage. Every step is idempotent, so a job delivered twice does no harm.
 */
@Injectable()
export class StageRunner {
  private readonly box: SecretBox;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: PipelineRepository,
    private readonly documents: DocumentsRepository,
    private readonly storage: DocumentStorage,
    private readonly queues: PipelineQueues,
    private readonly outbox: OutboxService,
    private readonly admission: BatchAdmission,
    private readonly clients: ClientRegister,
    private readonly metrics: OperationsMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.box = new SecretBox(config.crypto);
  }

  /** Runs one job of the stage `name`, whose work is `stage`. */
  async run(name: StageName, stage: PipelineStage<unknown>, job: Job<StageJob>): Promise<void> {
    const { tenantId, processId } = job.data;
    const process = await this.repo.findProcess(tenantId, processId);
    if (!process) return forget(job);
    if (process.status !== 'processing') return;
    const row = await this.repo.findStage(processId, name);
    if (row?.status === 'completed') {
      // Delivered again after it finished: make sure the chain goes on, and stop.
      const next = nextStage(name);
      if (next && process.currentStage === next) await this.enqueue(process, next);
      return;
    }
    if (process.currentStage !== name) return;
    const remaining = process.deadlineAt.getTime() - Date.now();
    if (remaining <= 0) {
      await this.fail(process, this.timeoutReason(name));
      return;
    }
    if (!(await this.repo.startStage(processId, name))) return;

    const started = Date.now();
    try {
      const context = await this.context(process);
      const result = await withTimeout((signal) => stage.run({ ...context, signal }), Math.min(this.config.pipeline.stageTimeoutMs, remaining));
      const next = nextStage(name);
      const ran = Date.now() - started;
      let finished = false;
      const advanced = await this.repo.transaction(async (manager) => {
        if (!(await this.repo.lockDocument(manager, tenantId, process.documentId))) return false;
        if (!(await this.repo.completeStage(manager, processId, name, result.output, ran))) return false;
        if (result.usage) await this.repo.recordUsage(manager, tenantId, process.documentId, processId, name, result.usage);
        if (next) await this.repo.advance(manager, processId, next);
        else finished = await this.finish(manager, process, result.output as FinalOutput);
        return true;
      });
      if (advanced) this.metrics.stageEnded(name, 'completed', ran);
      if (!advanced && !(await this.repo.findProcess(tenantId, processId).catch(() => process))) return forget(job);
      if (advanced && next) await this.enqueue(process, next);
      if (advanced && !next) {
        this.admission.runEnded(process.documentId);
        if (finished) this.runEnded(process, 'completed', name, null, (result.output as FinalOutput).document_type);
      }
    } catch (error) {
      this.metrics.stageEnded(name, 'failed', Date.now() - started);
      // The document was deleted while its stage ran: nothing to record, nothing to retry.
      if (!(await this.repo.findProcess(tenantId, processId).catch(() => process))) return forget(job);
      if (error instanceof StageTimeout) return this.fail(process, this.timeoutReason(name));
      if (error instanceof StageFailure) {
        return this.fail(process, { code: error.code, message: error.message, stage: name, retryable: error.retryable });
      }
      const attempts = job.opts.attempts ?? STAGE_JOB_OPTIONS.attempts ?? 1;
      this.logger.warn({ err: error, processId, stage: name, attempt: job.attemptsMade + 1 }, 'pipeline stage failed');
      // PostgreSQL or Redis away is not the document's fault: never STAGE_FAILED for it. Bull retries;
      // once its attempts are spent the job is dropped and the reconciler enqueues the stage again
      // when the process has not moved for PIPELINE_STALE_AFTER_MS. The run's deadline still bounds it.
      if (isDependencyUnavailable(error)) throw error;
      if (job.attemptsMade + 1 >= attempts) {
        return this.fail(process, { code: 'STAGE_FAILED', message: `The ${name} stage failed`, stage: name, retryable: true });
      }
      throw error; // Bull retries with backoff
    }
  }

  /** Fails a running process with its outbox event; a no-op when it already ended. */
  async fail(process: PipelineProcessEntity, reason: FailureReason): Promise<void> {
    const ended = await this.repo.transaction(async (manager) => {
      if (!(await this.repo.lockDocument(manager, process.tenantId, process.documentId))) return false;
      if (!(await this.repo.endProcess(manager, process.id, { status: 'failed', ...reason }))) return false;
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
    if (!ended) return;
    this.admission.runEnded(process.documentId);
    this.runEnded(process, 'failed', reason.stage, reason.code, await this.classifiedAs(process.id));
  }

  /** The run's one info line and its metrics. */
  private runEnded(process: PipelineProcessEntity, outcome: RunEnd['outcome'], stage: string, code: string | null, family: string | null) {
    const run: RunEnd = {
      tenantId: process.tenantId,
      documentId: process.documentId,
      processId: process.id,
      family: familyLabel(family),
      outcome,
      stage,
      durationMs: Date.now() - process.startedAt.getTime(),
      code,
    };
    this.metrics.runEnded({ ...run, code: code ?? undefined });
    this.logger.info(...runLogLine(run));
  }

  /** The family the classification stage found, or null before it completed (or when it cannot be read). */
  private async classifiedAs(processId: string): Promise<string | null> {
    return (await this.repo.stageOutputKey<string>(processId, 'classification', 'code').catch(() => null)) ?? null;
  }

  timeoutReason(stage: string): FailureReason {
    return { code: 'EXTRACTION_TIMEOUT', message: `The maximum processing time was exceeded during the ${stage} stage`, stage, retryable: true };
  }

  enqueue(process: PipelineProcessEntity, stage: StageName): Promise<void> {
    return this.queues.enqueue({ tenantId: process.tenantId, processId: process.id, stage });
  }

  /** Ends the run completed; false when it had already ended. */
  private async finish(manager: Parameters<Parameters<PipelineRepository['transaction']>[0]>[0], process: PipelineProcessEntity, out: FinalOutput): Promise<boolean> {
    if (!(await this.repo.endProcess(manager, process.id, { status: 'completed' }))) return false;
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
    return true;
  }

  private async context(process: PipelineProcessEntity): Promise<Omit<StageContext<StageName>, 'signal'>> {
    const document = await this.documents.findById(process.tenantId, process.documentId);
    if (!document) throw new StageFailure('DOCUMENT_MISSING', 'The document no longer exists');
    return {
      process,
      document,
      // A stored password that does not open counts as none: reading the PDF then asks for it (PDF_PASSWORD_REQUIRED).
      password: document.sealedPassword ? this.box.openOrNull('pdf-password', { id: document.id, tenantId: document.tenantId }, document.sealedPassword, this.logger) : null,
      // The one place where a stored output is taken to be what its stage declares (StageOutputs).
      output: <S extends StageName>(stage: S) => this.repo.stageOutput<StageOutputs[S]>(process.id, stage),
      outputKey: <S extends StageName, K extends keyof StageOutputs[S] & string>(stage: S, key: K) =>
        this.repo.stageOutputKey<StageOutputs[S][K]>(process.id, stage, key),
      original: async () => {
        return new Uint8Array(await this.storage.getBytes(document.storageKey));
      },
    };
  }
}
