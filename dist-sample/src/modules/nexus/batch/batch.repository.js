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
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UploadBatchFileEntity } from './entities/upload-batch-file.entity.js';
import { UploadBatchEntity } from './entities/upload-batch.entity.js';
/** What an erased batch file keeps: its place and the fact that it was erased. */
const ERASED = `outcome = 'erased', file_name = '', error_code = NULL, error_message = NULL, client_id = NULL, document_id = NULL, admitted_at = NULL`;
/** The only place that reads and writes upload_batches and upload_batch_files; every method is scoped by tenant. */
let BatchRepository = class BatchRepository {
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    async insertBatch(row) {
        await this.dataSource.getRepository(UploadBatchEntity).insert(row);
    }
    async insertFile(row) {
        await this.dataSource.getRepository(UploadBatchFileEntity).insert({ ...row, admittedAt: null });
    }
    findBatch(tenantId, id) {
        return this.dataSource.getRepository(UploadBatchEntity).findOneBy({ tenantId, id });
    }
    /** The batch's files in request order, each with its document's status and its latest run. */
    async files(tenantId, batchId) {
        return this.dataSource.query(`SELECT f.position, f.file_name AS "fileName", f.outcome, f.error_code AS "errorCode", f.error_message AS "errorMessage",
              f.document_id AS "documentId", f.client_id AS "clientId", d.job_id AS "jobId", d.status AS "documentStatus",
              p.id AS "processId", p.status AS "processStatus", p.error_code AS "processErrorCode", p.error_message AS "processErrorMessage"
         FROM upload_batch_files f
         LEFT JOIN documents d ON d.id = f.document_id AND d.tenant_id = f.tenant_id
         LEFT JOIN LATERAL (SELECT id, status, error_code, error_message FROM pipeline_processes
                             WHERE document_id = f.document_id AND tenant_id = f.tenant_id ORDER BY started_at DESC LIMIT 1) p ON true
        WHERE f.tenant_id = $1 AND f.batch_id = $2
        ORDER BY f.position`, [tenantId, batchId]);
    }
    /**
     * Lets waiting files of the tenant into the pipeline, oldest first, while fewer than `cap` of its
     * admitted files have a document not yet finished. Serialised per tenant by an advisory lock, so two
     * processes admitting at once never pass the cap together.
     */
    async admit(tenantId, cap) {
        return this.dataSource.transaction(async (manager) => {
            await manager.query(`SELECT pg_advisory_xact_lock(hashtext('upload-batch-admission'), hashtext($1))`, [tenantId]);
            const [{ inflight }] = await manager.query(`SELECT count(*)::int AS inflight FROM upload_batch_files f JOIN documents d ON d.id = f.document_id
          WHERE f.tenant_id = $1 AND f.outcome = 'admitted' AND d.status IN ('uploaded', 'processing')`, [tenantId]);
            const room = cap - inflight;
            if (room <= 0)
                return [];
            return manager.query(`UPDATE upload_batch_files f SET outcome = 'admitted', admitted_at = now()
           FROM (SELECT batch_id, position FROM upload_batch_files
                  WHERE tenant_id = $1 AND outcome = 'waiting' ORDER BY created_at, batch_id, position LIMIT $2) next
          WHERE f.batch_id = next.batch_id AND f.position = next.position
         RETURNING f.batch_id AS "batchId", f.position, f.tenant_id AS "tenantId", f.document_id AS "documentId", f.client_id AS "clientId"`, [tenantId, room]).then(([rows]) => rows);
        });
    }
    async settle(tenantId, batchId, position, outcome, errorCode, errorMessage) {
        await this.dataSource.query(`UPDATE upload_batch_files SET outcome = $4, error_code = $5, error_message = $6 WHERE tenant_id = $1 AND batch_id = $2 AND position = $3`, [tenantId, batchId, position, outcome, errorCode, errorMessage.slice(0, 500)]);
    }
    /**
     * A deleted document's batch file keeps its place in the batch (the count stays right, the batch
     * finishes) but nothing it said about the statement: no file name, message, client or document.
     */
    async forgetDocument(manager, tenantId, documentId) {
        await manager.query(`UPDATE upload_batch_files SET ${ERASED} WHERE tenant_id = $1 AND document_id = $2`, [tenantId, documentId]);
    }
    /** The same for every batch file that named a deleted client (a refused file has no document to delete). */
    async forgetClient(manager, tenantId, clientId) {
        await manager.query(`UPDATE upload_batch_files SET ${ERASED} WHERE tenant_id = $1 AND client_id = $2`, [tenantId, clientId]);
    }
    /** Whether the document is a batch file's (its run's end may let the next one in). */
    async tenantOfBatchDocument(documentId) {
        const rows = await this.dataSource.query(`SELECT tenant_id AS "tenantId" FROM upload_batch_files WHERE document_id = $1 LIMIT 1`, [documentId]);
        return rows[0]?.tenantId ?? null;
    }
    /** Tenants with files waiting for admission. */
    async tenantsWaiting() {
        const rows = await this.dataSource.query(`SELECT DISTINCT tenant_id AS "tenantId" FROM upload_batch_files WHERE outcome = 'waiting'`);
        return rows.map((r) => r.tenantId);
    }
    /**
     * Admitted files whose document never started (their process died while opening or starting it),
     * admitted before `before`; each is leased again (admitted_at = now) so one sweep takes it.
     */
    async leaseStalled(before) {
        const [rows] = await this.dataSource.query(`UPDATE upload_batch_files f SET admitted_at = now()
         FROM documents d
        WHERE d.id = f.document_id AND d.tenant_id = f.tenant_id AND f.outcome = 'admitted' AND d.status = 'uploaded' AND f.admitted_at < $1
       RETURNING f.batch_id AS "batchId", f.position, f.tenant_id AS "tenantId", f.document_id AS "documentId", f.client_id AS "clientId"`, [before]);
        return rows;
    }
};
BatchRepository = __decorate([
    Injectable(),
    __param(0, InjectDataSource()),
    __metadata("design:paramtypes", [Function])
], BatchRepository);
export { BatchRepository };
//# sourceMappingURL=batch.repository.js.map