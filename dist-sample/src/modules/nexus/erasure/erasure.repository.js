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
/** The rows a document's deletion reads and removes: nexus's own tables, every statement scoped by tenant. */
let ErasureRepository = class ErasureRepository {
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    transaction(work) {
        return this.dataSource.transaction(work);
    }
    /**
     * Takes the document's row lock (the one the pipeline's writing transactions take first), so that
     * no stage output, extraction or layout is written for it while, or after, it is deleted.
     */
    async lockDocument(manager, tenantId, id) {
        const [row] = (await manager.query('SELECT owner_id, storage_key FROM documents WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]));
        return row ? { ownerId: row.owner_id, storageKey: row.storage_key } : null;
    }
    async processIds(manager, tenantId, documentId) {
        const rows = (await manager.query('SELECT id::text FROM pipeline_processes WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]));
        return rows.map((r) => r.id);
    }
    /** Removes the document's reports, token usage, extraction, stage rows and processes; answers the reports' storage keys. */
    async deleteDerived(manager, tenantId, documentId, processIds) {
        const reports = (await manager.query('DELETE FROM reports WHERE tenant_id = $1 AND document_id = $2 RETURNING storage_key', [tenantId, documentId]));
        await manager.query('DELETE FROM token_usage WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]);
        await manager.query('DELETE FROM extractions WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]);
        if (processIds.length)
            await manager.query('DELETE FROM pipeline_stages WHERE process_id = ANY($1::uuid[])', [processIds]);
        await manager.query('DELETE FROM pipeline_processes WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]);
        return reports[0].map((r) => r.storage_key);
    }
    async deleteDocument(manager, tenantId, id) {
        await manager.query('DELETE FROM documents WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    }
    /**
     * Up to `limit` of the tenant's documents created before `before` whose original is still kept and
     * that no pipeline run is processing (the retention purge's candidates), oldest first.
     */
    async expiredOriginals(tenantId, before, limit) {
        const rows = (await this.dataSource.query(`SELECT id::text FROM documents
        WHERE tenant_id = $1 AND created_at < $2 AND original_purged_at IS NULL AND status <> 'processing'
        ORDER BY created_at LIMIT $3`, [tenantId, before, limit]));
        return rows.map((r) => r.id);
    }
    /**
     * Marks the document's original purged (its layout no longer counted) and empties its stage rows'
     * outputs, which hold every page's text, under the document's row lock; answers the original's
     * storage key, or null when the document is gone, already purged, or processing again since it was listed.
     */
    async purgeOriginal(manager, tenantId, id, at) {
        const [row] = (await manager.query(`SELECT storage_key FROM documents WHERE tenant_id = $1 AND id = $2 AND original_purged_at IS NULL AND status <> 'processing' FOR UPDATE`, [tenantId, id]));
        if (!row)
            return null;
        const processIds = await this.processIds(manager, tenantId, id);
        if (processIds.length)
            await manager.query('UPDATE pipeline_stages SET output = NULL WHERE process_id = ANY($1::uuid[])', [processIds]);
        await manager.query('UPDATE documents SET original_purged_at = $3, layout_bytes = 0, updated_at = now() WHERE tenant_id = $1 AND id = $2', [tenantId, id, at]);
        return { storageKey: row.storage_key, processIds };
    }
};
ErasureRepository = __decorate([
    Injectable(),
    __param(0, InjectDataSource()),
    __metadata("design:paramtypes", [Function])
], ErasureRepository);
export { ErasureRepository };
//# sourceMappingURL=erasure.repository.js.map