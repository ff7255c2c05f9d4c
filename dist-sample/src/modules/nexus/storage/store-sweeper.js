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
import { LOGGER } from '../../../common/logging/logging.module.js';
import { IntervalTask } from '../../../common/scheduling/interval-task.js';
import { TenantsService } from '../../tenants/tenants.service.js';
import { DocumentsRepository } from '../documents.repository.js';
import { ReportsRepository } from '../export/reports.repository.js';
import { DocumentStorage } from './document-storage.js';
import { removeIncomingBefore } from './incoming.js';
import { PendingFileRemovals } from './pending-file-removals.js';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * Keys of a document: its original (`<tenant id>/<document uuid>.pdf`, made by the upload) and its
 * rendered layout (`….layout.zip`, made by the first LAYOUT fetch); and of a report
 * (`<tenant id>/reports/<report uuid>.<ext>`, made by an export or a client report). Anything else in the store is left alone.
 */
const DOCUMENT_KEY = new RegExp(`^(ten_[0-9a-f]{24})/(${UUID})\\.(?:pdf|layout\\.zip)$`);
const REPORT_KEY = new RegExp(`^(ten_[0-9a-f]{24})/reports/(${UUID})\\.(?:csv|xlsx|json|pdf)$`);
/** Documents looked up in PostgreSQL per statement. */
const BATCH = 500;
/**
 * More orphans than this in one pass is not what crashed uploads leave (a few at most): the store is
 * more likely pointed at the wrong database, or the database restored from an older backup. Such a
 * pass removes nothing and says so.
 */
export const MAX_REMOVALS_PER_PASS = 100;
/** The first pass runs this long after start (plus up to a minute, so that processes spread out). */
const FIRST_PASS_AFTER_MS = 5 * 60_000;
/**
 * First, each pass retries the removals that deletions recorded and could not finish
 * (PendingFileRemovals: a deleted document's original, layout and reports, a purged original and
 * layout; DocumentErasure and RetentionPurge record them in their own transaction), whatever their
 * number and age: the database says those rows are gone. Then it removes what a process leaves behind
 * when it dies at the wrong moment, with either driver: a stored
 * original whose document row was never written (the process died between storing the object and
 * writing the row, or while PostgreSQL could not tell whether the row was written; see
 * DocumentsService.record), a layout or report whose row never committed, and partial uploads in this process's incoming directory. Only files last written more than STORE_SWEEP_GRACE_MS ago (1 h by
 * default; at least 10 min, past any upload's own cleanup) are considered, so an upload under way is
 * never touched. A file is removed only once PostgreSQL has answered that its tenant exists and has
 * no such document; files of tenants the database does not know are left alone, and a pass that
 * finds more than MAX_REMOVALS_PER_PASS orphans removes nothing (see there). Runs in every process,
 * first a few minutes after start and then every STORE_SWEEP_INTERVAL_MS: each sweeps its own incoming
 * directory (with the s3 driver, API and worker hosts have one each), and processes with workers the
 * store as well; several processes sweeping at once is harmless.
 */
let StoreSweeper = class StoreSweeper {
    constructor(config, storage, docs, reports, tenants, pendingRemovals, logger) {
        this.config = config;
        this.storage = storage;
        this.docs = docs;
        this.reports = reports;
        this.tenants = tenants;
        this.pendingRemovals = pendingRemovals;
        this.logger = logger;
        const interval = config.storage.sweepIntervalMs;
        this.task = new IntervalTask({
            everyMs: interval,
            firstAfterMs: Math.min(FIRST_PASS_AFTER_MS, interval) + Math.floor(Math.random() * 60_000),
            failureMessage: 'store sweep failed; will retry',
            logger,
        }, (now) => this.sweepStore(now));
    }
    onApplicationBootstrap() {
        this.task.start();
    }
    onApplicationShutdown() {
        this.task.stop();
    }
    /** One pass over the store; answers what it removed (nothing when a pass is already running). */
    async sweep(now = new Date()) {
        return (await this.task.run(now)) ?? { orphans: 0, incoming: 0, refused: false, pending: 0 };
    }
    async sweepStore(now) {
        const before = new Date(now.getTime() - this.config.storage.sweepGraceMs);
        const incoming = await removeIncomingBefore(this.config.storage.dir, before);
        if (this.config.role === 'api') {
            if (incoming)
                this.logger.info({ incoming }, 'store sweep done');
            return { orphans: 0, incoming, refused: false, pending: 0 };
        }
        const retried = await this.pendingRemovals.retry();
        if (retried.removed || retried.left)
            this.logger.info(retried, 'store sweep: pending removals of deleted objects retried');
        const orphans = [];
        const unknownTenants = new Set();
        // tenant → stored objects not yet looked up, documents' and reports' apart, in batches
        const pending = new Map();
        const settle = async (tenantId) => {
            const { documents, reports } = pending.get(tenantId) ?? { documents: [], reports: [] };
            pending.delete(tenantId);
            const ids = (objects) => [...new Set(objects.map((o) => o.id))];
            const [tenantExists, existingDocuments, existingReports] = await Promise.all([
                this.tenants.exists(tenantId),
                documents.length ? this.docs.existing(tenantId, ids(documents)) : new Set(),
                reports.length ? this.reports.existing(tenantId, ids(reports)) : new Set(),
            ]);
            if (!tenantExists)
                unknownTenants.add(tenantId);
            else {
                orphans.push(...documents.filter((o) => !existingDocuments.has(o.id)).map((o) => o.key));
                orphans.push(...reports.filter((o) => !existingReports.has(o.id)).map((o) => o.key));
            }
        };
        for await (const { key, modifiedAt } of this.storage.list('')) {
            if (modifiedAt >= before)
                continue;
            const document = DOCUMENT_KEY.exec(key);
            const report = document ? null : REPORT_KEY.exec(key);
            const match = document ?? report;
            if (!match)
                continue;
            const [, tenantId, id] = match;
            let objects = pending.get(tenantId);
            if (!objects)
                pending.set(tenantId, (objects = { documents: [], reports: [] }));
            const list = document ? objects.documents : objects.reports;
            list.push({ id, key });
            if (list.length >= BATCH)
                await settle(tenantId);
            if (orphans.length > MAX_REMOVALS_PER_PASS)
                break;
        }
        for (const tenantId of [...pending.keys()])
            if (orphans.length <= MAX_REMOVALS_PER_PASS)
                await settle(tenantId);
        if (unknownTenants.size) {
            this.logger.warn({ tenants: [...unknownTenants] }, 'store sweep: stored objects of tenants this database does not know were left alone');
        }
        if (orphans.length > MAX_REMOVALS_PER_PASS) {
            this.logger.error({ found: `more than ${MAX_REMOVALS_PER_PASS}` }, 'store sweep: too many stored objects without a row; none removed. Is DATABASE_URL the database of this document store (STORAGE_DIR, or S3_BUCKET and S3_PREFIX)?');
            return { orphans: 0, incoming, refused: true, pending: retried.removed };
        }
        for (const key of orphans) {
            await this.storage.delete(key);
            this.logger.warn({ storageKey: key }, 'store sweep: removed a stored object that has no row');
        }
        if (orphans.length || incoming)
            this.logger.info({ orphans: orphans.length, incoming }, 'store sweep done');
        return { orphans: orphans.length, incoming, refused: false, pending: retried.removed };
    }
};
StoreSweeper = __decorate([
    Injectable(),
    __param(6, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig,
        DocumentStorage,
        DocumentsRepository,
        ReportsRepository,
        TenantsService,
        PendingFileRemovals, Object])
], StoreSweeper);
export { StoreSweeper };
//# sourceMappingURL=store-sweeper.js.map