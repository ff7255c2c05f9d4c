var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ClientRegister } from '../../clients/index.js';
import { AppException } from '../../../common/errors/app.exception.js';
import { OutboxService } from '../../outbox/outbox.service.js';
import { DocumentStorage, reportStorageKey } from '../storage/document-storage.js';
import { StoredBytesQuota } from '../storage/stored-bytes-quota.js';
import { ReportsRepository } from './reports.repository.js';
const toStored = (r) => ({
    id: r.id,
    tenantId: r.tenantId,
    clientId: r.clientId,
    householdId: r.householdId,
    documentId: r.documentId,
    createdBy: r.createdBy,
    reportType: r.reportType,
    format: r.format,
    status: r.status,
    params: r.params,
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    sizeBytes: r.sizeBytes,
    sha256: r.sha256,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
});
/**
 * Reports made later, by a worker (client reports): their rows in the one reports table, their files
 * in the one report store, and `report.generated` written to the outbox in the transaction that
 * records the file, as exports do.
 */
let StoredReports = class StoredReports {
    constructor(reports, storage, outbox, clients, storedBytes) {
        this.reports = reports;
        this.storage = storage;
        this.outbox = outbox;
        this.clients = clients;
        this.storedBytes = storedBytes;
    }
    /**
     * Records a requested report as `queued`; refused (429 QUOTA_EXCEEDED) when its requester or the
     * tenant has no stored bytes left. Its file is counted again when it is stored (`complete`).
     */
    async request(r) {
        await this.storedBytes.assertRoom(r.tenantId, r.createdBy);
        const row = await this.reports.transaction((manager) => this.reports.insert(manager, {
            ...r,
            documentId: null,
            memberClientIds: null,
            status: 'queued',
            errorCode: null,
            errorMessage: null,
            fields: [],
            rowCount: 0,
            storageKey: null,
            sizeBytes: null,
            sha256: null,
            completedAt: null,
        }));
        return toStored(row);
    }
    async find(tenantId, id) {
        const row = await this.reports.findById(tenantId, id);
        return row ? toStored(row) : null;
    }
    /** Marks a queued (or interrupted running) report as running; false when it is completed or failed. */
    start(tenantId, id) {
        return this.reports.moveStatus(tenantId, id, ['queued', 'running'], 'running');
    }
    /**
     * Stores the file and records it with `report.generated`, in one transaction that first locks the
     * clients the report prints, then the report's row:
     * - a client deleted while the report was made fails it with CLIENT_NOT_FOUND before anything is
     *   stored, so no report keeps a deleted client's data; a deletion that comes after finds the
     *   report (a household report records the members it prints, `event.client_ids`) and deletes it;
     * - a report no longer queued or running (completed by another attempt, failed, or deleted with its
     *   client or household) is left as it is and nothing is stored: a second attempt never overwrites
     *   a completed report's file, and no second event is written;
     * - otherwise the file is stored under the report's own key while its row is locked, then recorded.
     *   A failure after the file is stored leaves the row unfinished, and the retry writes the same key.
     * Answers whether this call completed it.
     */
    async complete(report, body, rowCount, event) {
        const storageKey = reportStorageKey(report.tenantId, report.id, report.format);
        const sha256 = createHash('sha256').update(body).digest('hex');
        return this.reports.transaction(async (manager) => {
            if (!(await this.clients.lockClients(manager, report.tenantId, event.client_ids))) {
                throw new AppException('CLIENT_NOT_FOUND', 'A client the report is about was deleted while it was made');
            }
            if (!(await this.reports.lockUnfinished(manager, report.tenantId, report.id)))
                return false;
            // Counted like the originals: a file that does not fit fails the report with QUOTA_EXCEEDED.
            await this.storedBytes.hold(manager, report.tenantId, report.createdBy, body.length);
            await this.storage.put(storageKey, { bytes: body }, { size: body.length, sha256 });
            await this.reports.complete(manager, report.tenantId, report.id, {
                storageKey,
                sizeBytes: body.length,
                sha256,
                rowCount,
                memberClientIds: report.householdId === null ? null : event.client_ids,
            });
            await this.outbox.record(manager, report.tenantId, 'report.generated', {
                report_id: report.id,
                report_type: report.reportType,
                client_id: event.client_id,
                client_ids: event.client_ids,
                ...(report.householdId === null ? {} : { household_id: report.householdId }),
                document_id: report.documentId,
                url: event.url,
                format: report.format,
                generated_by: report.createdBy,
            });
            return true;
        });
    }
    fail(tenantId, id, code, message) {
        return this.reports.fail(tenantId, id, code, message);
    }
    /**
     * The stored file of a completed report; null when its row names none. A file its row names but the
     * store no longer holds rejects with StoredObjectMissing (410 FILE_NOT_STORED).
     */
    async file(tenantId, id) {
        const row = await this.reports.findById(tenantId, id);
        return row?.storageKey ? this.storage.getBytes(row.storageKey) : null;
    }
    /** Reports still queued or running that were asked for before `before`. */
    /** The report's place among its tenant's unfinished reports (1 = the oldest). */
    placeInTenant(tenantId, id) {
        return this.reports.placeInTenant(tenantId, id);
    }
    unfinished(before, limit) {
        return this.reports.unfinished(before, limit);
    }
};
StoredReports = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [ReportsRepository,
        DocumentStorage,
        OutboxService,
        ClientRegister,
        StoredBytesQuota])
], StoredReports);
export { StoredReports };
//# sourceMappingURL=stored-reports.js.map