import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../../common/auth/principal.js';
import { roleAtLeast } from '../../../common/auth/roles.js';
import { notFound } from '../../../common/errors/app.exception.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { AuditService } from '../../audit/audit.service.js';
import { ClientRegister } from '../../clients/index.js';
import { BatchRepository } from '../batch/batch.repository.js';
import { PipelineQueues } from '../pipeline/pipeline-queues.js';
import { layoutKeyOf } from '../storage/document-storage.js';
import { PendingFileRemovals } from '../storage/pending-file-removals.js';
import { ErasureRepository } from './erasure.repository.js';

/**
 * What another module keeps about a document (its own tables, named in `tables` as in the map of a
 * document's data, `document-data.ts`) and does with it, in the deleting or purging transaction
 * (`manager`): `erase` when the document is deleted, `purge` (on its own tables) when retention
 * purges the original.
 * Registered with `DocumentErasure.register`.
 */
export interface DocumentErasureParticipant {
  tables: readonly string[];
  erase(manager: EntityManager, tenantId: string, documentId: string): Promise<void>;
  purge?: { tables: readonly string[]; run(manager: EntityManager, tenantId: string, documentId: string): Promise<void> };
}

/** The map's tables nexus handles itself: ErasureRepository's, the client register's links, the batch files. */
const OWN_TABLES = { erase: ['documents', 'extractions', 'pipeline_processes', 'pipeline_stages', 'token_usage', 'reports', 'document_investors', 'upload_batch_files'], purge: ['documents', 'pipeline_stages'] };

/**
 * Deletes a document and everything derived from it (DELETE /api/v1/nexus/documents/{doc_id}): the
 * original, its stored layout, the extraction, the pipeline's processes and stage rows (they hold
 * every page's text), token usage, exports, the client register's links, what other modules keep
 * (chat passages and the chat messages that quote it, through their registered participants) and
 * its queued stage jobs, with an audit entry that names ids only.
 *
 * A delete that races a running pipeline leaves nothing behind: the delete takes the document's row
 * lock first, and every pipeline transaction that writes a stage's output takes the same lock first
 * and writes nothing once the row is gone. A stage job already running finds its process gone and stops.
 */
@Injectable()
export class DocumentErasure {
  private readonly participants: DocumentErasureParticipant[] = [];

  constructor(
    private readonly repo: ErasureRepository,
    private readonly files: PendingFileRemovals,
    private readonly queues: PipelineQueues,
    private readonly clients: ClientRegister,
    private readonly batches: BatchRepository,
    private readonly audit: AuditService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Adds what another module removes with every deleted document (and purges with its original). */
  register(participant: DocumentErasureParticipant): void {
    this.participants.push(participant);
  }

  /** The tables of the data map that a deletion, and a purge, act on: nexus's own and the registered participants'. */
  handledTables(): { erase: string[]; purge: string[] } {
    return {
      erase: [...OWN_TABLES.erase, ...this.participants.flatMap((p) => p.tables)],
      purge: [...OWN_TABLES.purge, ...this.participants.flatMap((p) => p.purge?.tables ?? [])],
    };
  }

  /** The participants' part of purging a document's original (RetentionPurge), in its transaction. */
  async purgeCopies(manager: EntityManager, tenantId: string, documentId: string): Promise<void> {
    for (const participant of this.participants) await participant.purge?.run(manager, tenantId, documentId);
  }

  /** What a deleted client leaves in nexus's own rows besides its statements: the batch files that named it. */
  forgetClient(manager: EntityManager, tenantId: string, clientId: string): Promise<void> {
    return this.batches.forgetClient(manager, tenantId, clientId);
  }

  /** Deletes the document for its uploader or an admin of the tenant; 404 for anyone else, and once it is gone. */
  async erase(user: Principal, documentId: string): Promise<void> {
    const removed = await this.repo.transaction(async (manager) => {
      const doc = await this.repo.lockDocument(manager, user.tenantId, documentId);
      if (!doc || (doc.ownerId !== user.userId && !roleAtLeast(user.role, 'admin'))) throw notFound('Document');
      const processIds = await this.repo.processIds(manager, user.tenantId, documentId);
      for (const participant of this.participants) await participant.erase(manager, user.tenantId, documentId);
      await this.clients.forgetDocument(manager, user.tenantId, documentId);
      await this.batches.forgetDocument(manager, user.tenantId, documentId);
      const reportKeys = await this.repo.deleteDerived(manager, user.tenantId, documentId, processIds);
      await this.repo.deleteDocument(manager, user.tenantId, documentId);
      await this.audit.record(
        { tenantId: user.tenantId, actorId: user.userId, action: 'document.delete', targetType: 'document', targetId: documentId, metadata: { process_ids: processIds, reports: reportKeys.length } },
        manager,
      );
      // The objects to remove are recorded with the deletion itself (PendingFileRemovals).
      const pending = await this.files.record(manager, user.tenantId, 'document.delete', [doc.storageKey, layoutKeyOf(doc.storageKey), ...reportKeys]);
      return { pending, processIds };
    });
    // The rows are gone: the objects and queued jobs follow. An object that cannot be removed now keeps
    // its pending row, and the store sweep (StoreSweeper) removes it later.
    await this.files.attempt(removed.pending);
    await this.queues.removeJobs(removed.processIds).catch((err: unknown) => this.logger.warn({ err, documentId }, 'deleted document: queued jobs could not be removed'));
  }
}
