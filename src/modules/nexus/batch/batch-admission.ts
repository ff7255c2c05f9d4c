import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { AppConfig } from '../../../config/app-config.js';
import { ClientRegister } from '../../clients/index.js';
import { OperationsMetrics } from '../../metrics/operations-metrics.js';
import { PdfEngine, PdfReadError } from '../../pdf/index.js';
import { DocumentsRepository } from '../documents.repository.js';
import type { DocumentEntity } from '../entities/document.entity.js';
import { PipelineService } from '../pipeline/pipeline.service.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { BatchRepository, type AdmittedFile } from './batch.repository.js';
import { clientCandidates } from './statement-passwords.js';

type Unlocked = { kind: 'opened'; password: string | undefined } | { kind: 'none' } | { kind: 'unreadable'; message: string };

/**
 * Lets a tenant's batch documents into the pipeline a few at a time (BATCH_ADMISSION_PER_TENANT):
 * Bull has no fair queuing across tenants, so a 200-file batch would otherwise fill every stage queue
 * ahead of other tenants' uploads. The rest wait in PostgreSQL (`waiting`), and are admitted when a
 * batch document's run ends (StageRunner tells `runEnded`), when a batch is created, and by the
 * workers' sweep (BatchAdmissionSweeper) on start and every reconcile interval.
 *
 * An admitted encrypted document is first opened with candidate passwords (the client the request
 * named for it, else the register's newest BATCH_PASSWORD_CLIENTS_MAX clients: each client's own
 * statement passwords, then every convention of statement-passwords.ts over its PAN and date of
 * birth), tried in order by the PDF engine in one job (PdfEngine.unlock: one open of the file, the
 * answer an index); the one that opens it is sealed on the document by
 * PipelineService, the others are forgotten. No candidate is ever logged or stored.
 */
@Injectable()
export class BatchAdmission {
  constructor(
    private readonly config: AppConfig,
    private readonly repo: BatchRepository,
    private readonly documents: DocumentsRepository,
    private readonly storage: DocumentStorage,
    private readonly pdf: PdfEngine,
    private readonly pipeline: PipelineService,
    private readonly register: ClientRegister,
    private readonly metrics: OperationsMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Admits what the tenant's cap has room for, and opens and starts each admitted document. */
  async admit(tenantId: string): Promise<void> {
    const admitted = await this.repo.admit(tenantId, this.config.batch.admissionPerTenant);
    this.metrics.batchFiles('admitted', admitted.length);
    await Promise.all(admitted.map((file) => this.launch(file)));
  }

  /** A run ended: when its document is a batch's, the next waiting one of the tenant may go. */
  runEnded(documentId: string): void {
    void this.repo
      .tenantOfBatchDocument(documentId)
      .then((tenantId) => (tenantId ? this.admit(tenantId) : undefined))
      .catch((error: unknown) => this.logger.warn({ err: error, documentId }, 'batch admission after a run failed; the sweep admits later'));
  }

  /**
   * Opens (when encrypted) and starts an admitted document. A document no candidate opens is
   * `password_required`, one the engine cannot read `refused`; either frees its place at once. A
   * failure of the service's own (PostgreSQL, Redis, a busy engine) leaves it admitted: the sweep
   * starts it again after BATCH_RELAUNCH_AFTER_MS.
   */
  async launch(file: AdmittedFile): Promise<void> {
    try {
      const doc = await this.documents.findById(file.tenantId, file.documentId);
      if (!doc || doc.status !== 'uploaded') return;
      let password: string | undefined;
      if (doc.passwordRequired && !doc.sealedPassword) {
        const unlocked = await this.unlock(doc, file.clientId);
        if (unlocked.kind !== 'opened') {
          if (unlocked.kind === 'none') {
            const whose = file.clientId ? `the client named for it (${file.clientId})` : `the register's clients (at most ${this.config.batch.passwordClientsMax})`;
            await this.repo.settle(file.tenantId, file.batchId, file.position, 'password_required', 'PDF_PASSWORD_REQUIRED', `The PDF is encrypted and no password of ${whose} opens it: start it with its password (POST /api/v2/nexus/pipeline/process)`);
            this.metrics.batchFiles('password_required');
          } else {
            await this.repo.settle(file.tenantId, file.batchId, file.position, 'refused', 'UNPROCESSABLE', unlocked.message);
            this.metrics.batchFiles('refused');
          }
          return this.admit(file.tenantId);
        }
        password = unlocked.password;
      }
      await this.pipeline.startDocument(doc, password);
    } catch (error) {
      this.logger.warn({ err: error, documentId: file.documentId, batchId: file.batchId }, 'a batch document could not be started; the sweep starts it again');
    }
  }

  /**
   * Which candidate opens the file: the pdf module's reader tries them in order in one job and answers
   * the index of the first that opens it, never a password; the password is taken from our own list.
   */
  private async unlock(doc: DocumentEntity, clientId: string | null): Promise<Unlocked> {
    const holders = await this.register.passwordHolders(doc.tenantId, clientId, clientId ? 1 : this.config.batch.passwordClientsMax);
    const candidates = [...new Set(holders.flatMap((h) => clientCandidates({ pan: h.pan, dateOfBirth: h.dateOfBirth }, h.passwords)))];
    if (candidates.length === 0) return { kind: 'none' };
    const data = new Uint8Array(await this.storage.getBytes(doc.storageKey));
    try {
      const found = await this.pdf.unlock(doc.tenantId, data, candidates);
      if (!found.encrypted) return { kind: 'opened', password: undefined };
      return found.index === null ? { kind: 'none' } : { kind: 'opened', password: candidates[found.index] };
    } catch (error) {
      if (error instanceof PdfReadError && error.code === 'PDF_UNREADABLE') return { kind: 'unreadable', message: `The PDF cannot be read: ${error.message}` };
      throw error;
    }
  }
}
