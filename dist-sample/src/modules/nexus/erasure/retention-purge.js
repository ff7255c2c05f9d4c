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
import { LOGGER } from '../../../common/logging/logging.module.js';
import { IntervalTask } from '../../../common/scheduling/interval-task.js';
import { AppConfig } from '../../../config/app-config.js';
import { AuditService } from '../../audit/audit.service.js';
import { TenantsService } from '../../tenants/tenants.service.js';
import { layoutKeyOf } from '../storage/document-storage.js';
import { PendingFileRemovals } from '../storage/pending-file-removals.js';
import { DocumentErasure } from './document-erasure.js';
import { ErasureRepository } from './erasure.repository.js';
const DAY_MS = 86_400_000;
/** Documents listed per statement; a tenant's pass goes on until none is left. */
const BATCH = 200;
/** The first pass runs this long after start (plus up to a minute, so that processes spread out). */
const FIRST_PASS_AFTER_MS = 5 * 60_000;
/**
 * The tenant's `retention_days` (PATCH /api/v1/tenants/me): a document older than that loses its
 * original, its stored layout and its pipeline stage rows' outputs (they hold every page's text, as
 * good as the original), and what other modules copied of its text (chat's passages and the answers
 * quoting them: `DocumentErasure.purgeCopies`); its extraction, client links and exports stay. The document is marked
 * `original_purged_at`: its ORIGINAL and LAYOUT downloads and re-runs answer 410 ORIGINAL_PURGED, and
 * the stored-bytes quotas no longer count it. Each purge leaves an audit entry
 * `document.original_purge` with ids only. A document a run is processing is left for the next pass;
 * the purge takes the document's row lock, which a run's start takes too, so the two never interleave.
 * Runs in processes with workers, first a few minutes after start and then every
 * RETENTION_PURGE_INTERVAL_MS; several processes purging at once is harmless (the row lock decides).
 */
let RetentionPurge = class RetentionPurge {
    constructor(config, repo, erasure, files, tenants, audit, logger) {
        this.repo = repo;
        this.erasure = erasure;
        this.files = files;
        this.tenants = tenants;
        this.audit = audit;
        this.logger = logger;
        const interval = config.storage.retentionPurgeIntervalMs;
        this.task = new IntervalTask({
            everyMs: interval,
            firstAfterMs: Math.min(FIRST_PASS_AFTER_MS, interval) + Math.floor(Math.random() * Math.min(60_000, interval)),
            failureMessage: 'retention purge failed; will retry',
            logger,
        }, (now) => this.purgeAll(now));
    }
    onApplicationBootstrap() {
        this.task.start();
    }
    onApplicationShutdown() {
        this.task.stop();
    }
    /** One pass over every tenant with a retention period; answers how many originals it purged (none when a pass is already running). */
    async purge(now = new Date()) {
        return (await this.task.run(now)) ?? { documents: 0 };
    }
    async purgeAll(now) {
        let documents = 0;
        for (const tenant of await this.tenants.withRetention()) {
            const before = new Date(now.getTime() - tenant.retentionDays * DAY_MS);
            for (;;) {
                const ids = await this.repo.expiredOriginals(tenant.id, before, BATCH);
                let purged = 0;
                for (const id of ids)
                    if (await this.purgeOne(tenant.id, id, now))
                        purged++;
                documents += purged;
                if (ids.length < BATCH || purged === 0)
                    break;
            }
        }
        if (documents)
            this.logger.info({ documents }, 'retention purge done');
        return { documents };
    }
    async purgeOne(tenantId, documentId, now) {
        const purged = await this.repo.transaction(async (manager) => {
            const done = await this.repo.purgeOriginal(manager, tenantId, documentId, now);
            if (!done)
                return null;
            await this.erasure.purgeCopies(manager, tenantId, documentId);
            await this.audit.record({ tenantId, actorId: null, action: 'document.original_purge', targetType: 'document', targetId: documentId, metadata: { process_ids: done.processIds } }, manager);
            // The objects to remove are recorded with the purge itself (PendingFileRemovals).
            return this.files.record(manager, tenantId, 'document.original_purge', [done.storageKey, layoutKeyOf(done.storageKey)]);
        });
        if (!purged)
            return false;
        // The row says the original is gone: the objects follow. One that cannot be removed now keeps its
        // pending row, and the store sweep (StoreSweeper) removes it later (the orphan scan never would:
        // the document's row stays).
        await this.files.attempt(purged);
        return true;
    }
};
RetentionPurge = __decorate([
    Injectable(),
    __param(6, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig,
        ErasureRepository,
        DocumentErasure,
        PendingFileRemovals,
        TenantsService,
        AuditService, Object])
], RetentionPurge);
export { RetentionPurge };
//# sourceMappingURL=retention-purge.js.map