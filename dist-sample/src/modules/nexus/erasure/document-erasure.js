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
let DocumentErasure = class DocumentErasure {
    constructor(repo, files, queues, clients, batches, audit, logger) {
        this.repo = repo;
        this.files = files;
        this.queues = queues;
        this.clients = clients;
        this.batches = batches;
        this.audit = audit;
        this.logger = logger;
        this.participants = [];
    }
    /** Adds what another module removes with every deleted document (and purges with its original). */
    register(participant) {
        this.participants.push(participant);
    }
    /** The tables of the data map that a deletion, and a purge, act on: nexus's own and the registered participants'. */
    handledTables() {
        return {
            erase: [...OWN_TABLES.erase, ...this.participants.flatMap((p) => p.tables)],
            purge: [...OWN_TABLES.purge, ...this.participants.flatMap((p) => p.purge?.tables ?? [])],
        };
    }
    /** The participants' part of purging a document's original (RetentionPurge), in its transaction. */
    async purgeCopies(manager, tenantId, documentId) {
        for (const participant of this.participants)
            await participant.purge?.run(manager, tenantId, documentId);
    }
    /** What a deleted client leaves in nexus's own rows besides its statements: the batch files that named it. */
    forgetClient(manager, tenantId, clientId) {
        return this.batches.forgetClient(manager, tenantId, clientId);
    }
    /** Deletes the document for its uploader or an admin of the tenant; 404 for anyone else, and once it is gone. */
    async erase(user, documentId) {
        const removed = await this.repo.transaction(async (manager) => {
            const doc = await this.repo.lockDocument(manager, user.tenantId, documentId);
            if (!doc || (doc.ownerId !== user.userId && !roleAtLeast(user.role, 'admin')))
                throw notFound('Document');
            const processIds = await this.repo.processIds(manager, user.tenantId, documentId);
            for (const participant of this.participants)
                await participant.erase(manager, user.tenantId, documentId);
            await this.clients.forgetDocument(manager, user.tenantId, documentId);
            await this.batches.forgetDocument(manager, user.tenantId, documentId);
            const reportKeys = await this.repo.deleteDerived(manager, user.tenantId, documentId, processIds);
            await this.repo.deleteDocument(manager, user.tenantId, documentId);
            await this.audit.record({ tenantId: user.tenantId, actorId: user.userId, action: 'document.delete', targetType: 'document', targetId: documentId, metadata: { process_ids: processIds, reports: reportKeys.length } }, manager);
            // The objects to remove are recorded with the deletion itself (PendingFileRemovals).
            const pending = await this.files.record(manager, user.tenantId, 'document.delete', [doc.storageKey, layoutKeyOf(doc.storageKey), ...reportKeys]);
            return { pending, processIds };
        });
        // The rows are gone: the objects and queued jobs follow. An object that cannot be removed now keeps
        // its pending row, and the store sweep (StoreSweeper) removes it later.
        await this.files.attempt(removed.pending);
        await this.queues.removeJobs(removed.processIds).catch((err) => this.logger.warn({ err, documentId }, 'deleted document: queued jobs could not be removed'));
    }
};
DocumentErasure = __decorate([
    Injectable(),
    __param(6, Inject(LOGGER)),
    __metadata("design:paramtypes", [ErasureRepository,
        PendingFileRemovals,
        PipelineQueues,
        ClientRegister,
        BatchRepository,
        AuditService, Object])
], DocumentErasure);
export { DocumentErasure };
//# sourceMappingURL=document-erasure.js.map