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
import { InjectDataSource } from '@nestjs/typeorm';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { DocumentStorage } from './document-storage.js';
/** Pending removals the store sweep retries per pass (oldest attempt first); the rest wait for the next. */
export const RETRIES_PER_PASS = 1000;
/** An error's code for the row and the log (EACCES, ENOTDIR, StorageUnavailable, …): never its message, which may carry a path. */
const codeOf = (error) => String(error?.code ?? error?.name ?? 'UNKNOWN').slice(0, 64);
/**
 * Stored objects to remove once the rows that name them are gone, kept durably in
 * `pending_file_removals`: a deletion records the keys in its own transaction (`record`), so the
 * commit and the record of what is left to remove are one; right after the commit it tries to remove
 * them (`attempt`), and each object removed (or already absent) drops its row. One that could not be
 * removed then (a permission error, the store unavailable, the process dying) keeps its row, and the
 * store sweep (StoreSweeper) tries again on each pass (`retry`) until it is gone, whatever its age and
 * however many there are. Several processes removing the same object is harmless.
 */
let PendingFileRemovals = class PendingFileRemovals {
    constructor(dataSource, storage, logger) {
        this.dataSource = dataSource;
        this.storage = storage;
        this.logger = logger;
    }
    /** Records the keys in the deleting transaction; answers the rows' ids for `attempt` after the commit. */
    async record(manager, tenantId, reason, keys) {
        if (!keys.length)
            return [];
        const rows = (await manager.query(`INSERT INTO pending_file_removals (tenant_id, storage_key, reason)
       SELECT $1, k, $2 FROM unnest($3::varchar[]) AS k
       ON CONFLICT (storage_key) DO UPDATE SET reason = EXCLUDED.reason
       RETURNING id::text`, [tenantId, reason, [...new Set(keys)]]));
        return rows.map((r) => r.id);
    }
    /** Tries to remove the objects of these pending rows now; answers how many are left to the sweep. Never throws. */
    async attempt(ids) {
        if (!ids.length)
            return 0;
        try {
            const rows = (await this.dataSource.query('SELECT id::text, storage_key FROM pending_file_removals WHERE id = ANY($1::uuid[])', [ids]));
            let left = 0;
            for (const row of rows)
                if (!(await this.removeOne(row)))
                    left++;
            return left;
        }
        catch (err) {
            this.logger.warn({ err, pending: ids.length }, 'pending removals of deleted objects: the store sweep will retry');
            return ids.length;
        }
    }
    /** The store sweep's part: retries up to `limit` pending removals; answers how many objects it removed and how many are still pending. */
    async retry(limit = RETRIES_PER_PASS) {
        const rows = (await this.dataSource.query('SELECT id::text, storage_key FROM pending_file_removals ORDER BY last_attempt_at NULLS FIRST, created_at LIMIT $1', [limit]));
        let removed = 0;
        for (const row of rows)
            if (await this.removeOne(row))
                removed++;
        const [{ n }] = (await this.dataSource.query('SELECT count(*)::int AS n FROM pending_file_removals'));
        return { removed, left: n };
    }
    /** Removes one object (absent counts as removed) and then its row; on failure notes the attempt on the row. */
    async removeOne({ id, storage_key: key }) {
        try {
            await this.storage.delete(key);
        }
        catch (error) {
            const code = codeOf(error);
            this.logger.warn({ storageKey: key, code }, 'a deleted object could not be removed from the store; the store sweep will retry');
            await this.dataSource.query('UPDATE pending_file_removals SET attempts = attempts + 1, last_error = $2, last_attempt_at = now() WHERE id = $1', [id, code]);
            return false;
        }
        await this.dataSource.query('DELETE FROM pending_file_removals WHERE id = $1', [id]);
        return true;
    }
};
PendingFileRemovals = __decorate([
    Injectable(),
    __param(0, InjectDataSource()),
    __param(2, Inject(LOGGER)),
    __metadata("design:paramtypes", [Function, DocumentStorage, Object])
], PendingFileRemovals);
export { PendingFileRemovals };
//# sourceMappingURL=pending-file-removals.js.map