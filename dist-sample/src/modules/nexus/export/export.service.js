var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppException, notFound } from '../../../common/errors/app.exception.js';
import { AppConfig } from '../../../config/app-config.js';
import { ClientRegister } from '../../clients/index.js';
import { OutboxService } from '../../outbox/outbox.service.js';
import { DocumentsService } from '../documents.service.js';
import { PipelineRepository } from '../pipeline/pipeline.repository.js';
import { fieldDefinitions } from './export-fields.js';
import { FairGate, throughGate } from '../../../common/scheduling/fair-gate.js';
import { StoredBytesQuota } from '../storage/stored-bytes-quota.js';
import { CONTENT_TYPES, renderExport } from './export-renderers.js';
import { buildExportTable, checkRequestedFields } from './export-table.js';
import { DocumentStorage, reportStorageKey } from '../storage/document-storage.js';
import { PendingFileRemovals } from '../storage/pending-file-removals.js';
import { ReportsRepository } from './reports.repository.js';
const fileNameOf = (r) => `${r.reportType}-${r.id}.${r.format}`;
/**
 * Exports of a document's latest successful extraction. Each export is stored and recorded as a report, and
 * `report.generated` is written to the outbox in the same transaction as the report row.
 */
let ExportService = class ExportService {
    constructor(config, documents, pipeline, reports, storage, outbox, clients, files, storedBytes) {
        this.config = config;
        this.documents = documents;
        this.pipeline = pipeline;
        this.reports = reports;
        this.storage = storage;
        this.outbox = outbox;
        this.clients = clients;
        this.files = files;
        this.storedBytes = storedBytes;
        /**
         * Exports are rendered inside the request, on this process's event loop: a tenant renders at most
         * two at once, the process four, and the rest waits its turn fairly across tenants (429 TENANT_BUSY
         * past eight waiting for the tenant, or fifteen seconds' wait).
         */
        this.gate = new FairGate({ slots: 4, perTenant: 2, waitingPerTenant: 8, maxWaitMs: 15_000 });
    }
    /** The columns an export of this type can have (for any document the caller may see). */
    async fields(user, jobId, type) {
        await this.documents.visibleByJob(user, jobId);
        return fieldDefinitions(type);
    }
    /** Produces the file, stores it, records the report and its event; answers the file. */
    generate(user, jobId, request) {
        return throughGate(this.gate, user.tenantId, 'exports', () => this.make(user, jobId, request));
    }
    async make(user, jobId, request) {
        checkRequestedFields(request.exportType, request.fields);
        const doc = await this.documents.visibleByJob(user, jobId);
        // The latest successful extraction, the one GET …/extraction serves: a later run that failed or is
        // still going does not hide it.
        const extraction = await this.pipeline.findExtraction(user.tenantId, doc.id);
        if (!extraction) {
            throw new AppException('CONFLICT', `The document is ${doc.status} and has no completed extraction to export`, { message: 'The document has not completed processing' });
        }
        // Which clients the file is about: the named one, or every investor's (the first investor's client first).
        const linked = await this.clients.clientsOfDocument(user.tenantId, doc.id);
        let result = extraction.result;
        let clientIds = linked.clientIds;
        if (request.clientId !== undefined) {
            const investors = new Set(linked.investors.filter((i) => i.clientId === request.clientId).map((i) => i.investorIndex));
            if (!investors.size)
                throw new AppException('CLIENT_NOT_FOUND', 'No investor of this statement is that client', { message: 'Client not found' });
            result = { ...result, entities: result.entities.filter((_, i) => investors.has(i)) };
            clientIds = [request.clientId];
        }
        const table = buildExportTable(request.exportType, result, request.fields);
        const id = randomUUID();
        const generatedAt = new Date();
        const body = await renderExport(request.format, table, { reportId: id, documentId: doc.id, jobId: doc.jobId, subject: `document ${doc.id}`, generatedAt });
        return this.store(user, { id, body, format: request.format, reportType: request.exportType, table, documentId: doc.id, clientId: null }, {
            client_id: clientIds[0] ?? null,
            client_ids: clientIds,
            document_id: doc.id,
        });
    }
    /**
     * A report about one client of the tenant that another module tabulated (gains): rendered, stored and
     * announced like a statement's export, `report.generated` naming the client. 404 CLIENT_NOT_FOUND across tenants.
     */
    generateForClient(user, clientId, request) {
        return throughGate(this.gate, user.tenantId, 'exports', () => this.makeForClient(user, clientId, request));
    }
    async makeForClient(user, clientId, request) {
        const client = await this.clients.requireClient(user.tenantId, clientId);
        const id = randomUUID();
        const body = await renderExport(request.format, request.table, {
            reportId: id,
            documentId: null,
            jobId: null,
            subject: `client ${client.id}, ${request.subject}`,
            generatedAt: new Date(),
        });
        return this.store(user, { id, body, format: request.format, reportType: request.reportType, table: request.table, documentId: null, clientId: client.id }, {
            client_id: client.id,
            client_ids: [client.id],
            document_id: null,
            ...request.event,
        });
    }
    /** Stores the file, then the row and `report.generated` in one transaction (the file removed if it fails). */
    async store(user, file, subject) {
        const { id, body, format } = file;
        const storageKey = reportStorageKey(user.tenantId, id, format);
        // The file is stored before the row and the event commit, so the event's url always answers.
        await this.storage.put(storageKey, { bytes: body }, { size: body.length });
        try {
            const report = await this.reports.transaction(async (manager) => {
                // Exports count against the stored-bytes quotas like the originals (refused: the file is removed below).
                await this.storedBytes.hold(manager, user.tenantId, user.userId, body.length);
                const row = await this.reports.insert(manager, {
                    id,
                    tenantId: user.tenantId,
                    documentId: file.documentId,
                    clientId: file.clientId,
                    householdId: null,
                    memberClientIds: null,
                    status: 'completed',
                    params: null,
                    errorCode: null,
                    errorMessage: null,
                    completedAt: new Date(),
                    createdBy: user.userId,
                    reportType: file.reportType,
                    format,
                    fields: file.table.fields.map((f) => f.key),
                    rowCount: file.table.rows.length,
                    storageKey,
                    sizeBytes: body.length,
                    sha256: createHash('sha256').update(body).digest('hex'),
                });
                await this.outbox.record(manager, user.tenantId, 'report.generated', {
                    report_id: id,
                    report_type: file.reportType,
                    ...subject,
                    url: this.reportUrl(id),
                    format,
                    generated_by: user.userId,
                });
                return row;
            });
            return { report, body, contentType: CONTENT_TYPES[format], fileName: fileNameOf(report) };
        }
        catch (error) {
            await this.storage.delete(storageKey).catch(() => undefined);
            throw error;
        }
    }
    /**
     * For a client's deletion: removes the reports about the client (and the household reports that print
     * its portfolio) inside the caller's transaction and
     * records their files as pending removals there (PendingFileRemovals); answers the pending rows for
     * `removeReportFiles` once the transaction has committed.
     */
    async deleteClientReports(manager, tenantId, clientId) {
        const keys = await this.reports.deleteByClient(manager, tenantId, clientId);
        return this.files.record(manager, tenantId, 'client.delete', keys);
    }
    /** For a household's deletion: the same for the household's reports. */
    async deleteHouseholdReports(manager, tenantId, householdId) {
        const keys = await this.reports.deleteByHousehold(manager, tenantId, householdId);
        return this.files.record(manager, tenantId, 'household.delete', keys);
    }
    /** Removes the files of `deleteClientReports` or `deleteHouseholdReports` after the commit; one that cannot be removed now is left to the store sweep. Never throws. */
    async removeReportFiles(pending) {
        await this.files.attempt(pending);
    }
    /** A stored report again, byte for byte, to whoever may see its document (a client's report: the tenant's members, as the register). */
    async fetch(user, reportId) {
        const report = await this.reports.findById(user.tenantId, reportId);
        // Exports only (CSV, XLSX, JSON): client reports (PDF, made later) are read through their client's routes.
        const exported = report !== null && report.storageKey !== null && Object.hasOwn(CONTENT_TYPES, report.format);
        const visible = exported && (report.documentId !== null ? await this.documents.visibleByIdOrNull(user, report.documentId) : report.clientId !== null);
        if (!report || !visible || report.storageKey === null)
            throw notFound('Report');
        // A file gone from the store while its row remains: StoredObjectMissing, 410 FILE_NOT_STORED.
        const body = await this.storage.getBytes(report.storageKey);
        return { report, body, contentType: CONTENT_TYPES[report.format], fileName: fileNameOf(report) };
    }
    reportUrl(reportId) {
        return `${this.config.http.publicBaseUrl}/api/v1/nexus/reports/${reportId}`;
    }
};
ExportService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [AppConfig,
        DocumentsService,
        PipelineRepository,
        ReportsRepository,
        DocumentStorage,
        OutboxService,
        ClientRegister,
        PendingFileRemovals,
        StoredBytesQuota])
], ExportService);
export { ExportService };
//# sourceMappingURL=export.service.js.map