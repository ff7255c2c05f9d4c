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
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError } from 'typeorm';
import { queryPrepared } from '../../database/prepared-query.js';
import { DocumentEntity } from './entities/document.entity.js';
const DOCUMENT_BYTES = '(CASE WHEN original_purged_at IS NULL THEN size_bytes ELSE 0 END + layout_bytes)';
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const LIST_COLUMNS = `id, job_id AS "jobId", file_name AS "fileName", status, classification, confidence_score AS "confidenceScore",
                to_char(created_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS "createdAt", to_char(updated_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS "updatedAt"`;
/**
 * GET /api/v1/documents/me, the most frequent read: the listed columns only, on the
 * (tenant_id, owner_id, created_at) index, prepared (see queryPrepared).
 */
const LIST_FOR_OWNER = {
    name: 'documents.list_for_owner',
    text: `SELECT ${LIST_COLUMNS}
           FROM documents WHERE tenant_id = $1 AND owner_id = $2
          ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
};
/** The only place that reads and writes documents; every method is scoped by tenant. */
let DocumentsRepository = class DocumentsRepository {
    constructor(docs, dataSource) {
        this.docs = docs;
        this.dataSource = dataSource;
    }
    /**
     * Inserts the row (its RETURNING gives the generated times) in a transaction after `admit`, which
     * may lock and refuse (the stored-bytes quota): the row is written only if `admit` let it in, and
     * its check cannot be overtaken by another upload meanwhile.
     */
    async insert(doc, admit) {
        return this.dataSource.transaction(async (manager) => {
            await admit(manager);
            const docs = manager.getRepository(DocumentEntity);
            const { generatedMaps } = await docs.insert(doc);
            return docs.create({ ...doc, ...generatedMaps[0] });
        });
    }
    /**
     * Records a document's rendered layout of `bytes`, in a transaction: after `admit` (which may lock
     * and refuse: the stored-bytes quota), `write` stores the file and the row counts its bytes. Answers
     * false, writing nothing, when the row is gone or already counts a stored layout (a parallel fetch
     * stored it first).
     */
    async recordLayout(tenantId, id, bytes, admit, write) {
        return this.dataSource.transaction(async (manager) => {
            await admit(manager);
            const [row] = (await manager.query('SELECT layout_bytes FROM documents WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]));
            if (!row || Number(row.layout_bytes) > 0)
                return false;
            await write();
            await manager.query('UPDATE documents SET layout_bytes = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, id, bytes]);
            return true;
        });
    }
    /** Keeps why the layout could not be drawn, unless the document's password changed meanwhile (the verdict was for the old one). */
    async recordLayoutError(doc, error) {
        await this.dataSource.query('UPDATE documents SET layout_error = $3 WHERE tenant_id = $1 AND id = $2 AND sealed_password IS NOT DISTINCT FROM $4', [
            doc.tenantId,
            doc.id,
            JSON.stringify(error),
            doc.sealedPassword,
        ]);
    }
    /**
     * After `insert` failed: whether it may have been written all the same (its acknowledgement lost
     * with the connection). Not when the INSERT never reached PostgreSQL: TypeORM wraps only the errors
     * of statements it sent, a connection that could not be had is thrown as is.
     */
    mayHaveInserted(error) {
        return error instanceof QueryFailedError;
    }
    /** The row; false when there is none; null when PostgreSQL cannot be asked. */
    lookup(tenantId, id) {
        return this.findById(tenantId, id).then((row) => row ?? false, () => null);
    }
    /** A user's own documents, newest first. */
    listForOwner(tenantId, ownerId, skip, take) {
        return queryPrepared(this.dataSource, LIST_FOR_OWNER, [tenantId, ownerId, take, skip]);
    }
    /** A page of the tenant's documents, newest first, and how many there are; only an owner's, or only among `ids`, when given. */
    async listForTenant(tenantId, skip, take, among = {}) {
        if (among.ids?.length === 0)
            return [[], 0];
        const params = [tenantId];
        let where = 'tenant_id = $1';
        if (among.ownerId !== undefined)
            where += ` AND owner_id = $${params.push(among.ownerId)}`;
        if (among.ids !== undefined)
            where += ` AND id = ANY($${params.push(among.ids)}::uuid[])`;
        const [rows, [{ total }]] = await Promise.all([
            this.dataSource.query(`SELECT ${LIST_COLUMNS}, owner_id AS "ownerId", pages, size_bytes::float8 AS "sizeBytes",
                to_char(original_purged_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS "originalPurgedAt"
           FROM documents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, take, skip]),
            this.dataSource.query(`SELECT count(*)::int AS total FROM documents WHERE ${where}`, params),
        ]);
        return [rows, total];
    }
    /**
     * The bytes the tenant and one of its users keep — originals, stored layouts, exports and reports —
     * summed from the rows themselves (never a running total that a deletion, a cascade or a lost write
     * could leave wrong): whatever removes a document or a report frees its bytes at once. In
     * `manager`'s transaction when given (the stored-bytes quota's check under the tenant's lock).
     */
    async storedBytes(tenantId, userId, manager = this.dataSource.manager) {
        const [row] = (await manager.query(`SELECT (SELECT coalesce(sum(${DOCUMENT_BYTES}), 0) FROM documents WHERE tenant_id = $1)
            + (SELECT coalesce(sum(size_bytes), 0) FROM reports WHERE tenant_id = $1) AS tenant,
              (SELECT coalesce(sum(${DOCUMENT_BYTES}), 0) FROM documents WHERE tenant_id = $1 AND owner_id = $2)
            + (SELECT coalesce(sum(size_bytes), 0) FROM reports WHERE tenant_id = $1 AND created_by = $2) AS "user"`, [tenantId, userId]));
        return { tenant: Number(row.tenant), user: Number(row.user) };
    }
    /**
     * The tenant's stored bytes by kind, and those of each of `userIds` (users who keep nothing are
     * absent). Exports are the files made inside a request (document and gains exports), reports those
     * a worker makes from a request's parameters (client and household reports).
     */
    async storedBytesByUser(tenantId, userIds) {
        const rows = (await this.dataSource.query(`SELECT owner, sum(originals)::text AS originals, sum(layouts)::text AS layouts, sum(exports)::text AS exports, sum(reports)::text AS reports
         FROM (SELECT owner_id AS owner, CASE WHEN original_purged_at IS NULL THEN size_bytes ELSE 0 END AS originals, layout_bytes AS layouts, 0 AS exports, 0 AS reports
                 FROM documents WHERE tenant_id = $1
               UNION ALL
               SELECT created_by, 0, 0, CASE WHEN params IS NULL THEN coalesce(size_bytes, 0) ELSE 0 END, CASE WHEN params IS NULL THEN 0 ELSE coalesce(size_bytes, 0) END
                 FROM reports WHERE tenant_id = $1) kept
        GROUP BY ROLLUP (owner)`, [tenantId]));
        const kinds = (r) => ({
            originals: Number(r?.originals ?? 0),
            layouts: Number(r?.layouts ?? 0),
            exports: Number(r?.exports ?? 0),
            reports: Number(r?.reports ?? 0),
        });
        const wanted = new Set(userIds);
        return {
            tenant: kinds(rows.find((r) => r.owner === null)),
            byUser: new Map(rows.filter((r) => r.owner !== null && wanted.has(r.owner)).map((r) => [r.owner, kinds(r)])),
        };
    }
    /**
     * Which of `ids` are the tenant's documents that still keep their original (the store sweep's
     * question): a purged document's original and layout are no longer its own (RetentionPurge).
     */
    async existing(tenantId, ids) {
        const rows = (await this.dataSource.query(`SELECT id::text FROM documents WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND original_purged_at IS NULL`, [tenantId, ids]));
        return new Set(rows.map((r) => r.id));
    }
    findByJob(tenantId, jobId) {
        return this.docs.findOneBy({ tenantId, jobId });
    }
    findById(tenantId, id) {
        return this.docs.findOneBy({ tenantId, id });
    }
};
DocumentsRepository = __decorate([
    Injectable(),
    __param(0, InjectRepository(DocumentEntity)),
    __param(1, InjectDataSource()),
    __metadata("design:paramtypes", [Function, Function])
], DocumentsRepository);
export { DocumentsRepository };
//# sourceMappingURL=documents.repository.js.map