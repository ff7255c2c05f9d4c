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
import { In } from 'typeorm';
import { ReportEntity } from './entities/report.entity.js';
/** The only place that reads and writes reports; every read is scoped by tenant. */
let ReportsRepository = class ReportsRepository {
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    transaction(work) {
        return this.dataSource.transaction(work);
    }
    /** Inserts inside the caller's transaction and answers the stored row. */
    async insert(manager, report) {
        const repo = manager.getRepository(ReportEntity);
        await repo.insert(report);
        return repo.findOneByOrFail({ id: report.id });
    }
    /** Which of `ids` are reports of the tenant (the store sweep's question). */
    async existing(tenantId, ids) {
        const rows = (await this.dataSource.query(`SELECT id::text FROM reports WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]));
        return new Set(rows.map((r) => r.id));
    }
    /**
     * Deletes the reports about a client, and the household reports that print its portfolio, inside the
     * caller's transaction; answers their storage keys.
     */
    deleteByClient(manager, tenantId, clientId) {
        return this.deleteWhere(manager, 'tenant_id = $1 AND (client_id = $2 OR $2 = ANY(member_client_ids))', [tenantId, clientId]);
    }
    /** Deletes a household's reports inside the caller's transaction; answers their storage keys. */
    deleteByHousehold(manager, tenantId, householdId) {
        return this.deleteWhere(manager, 'tenant_id = $1 AND household_id = $2', [tenantId, householdId]);
    }
    /**
     * The rows are locked in id order first: a client's deletion and a household's can both delete the
     * same household reports, and taking them in each one's scan order could leave each holding a row the
     * other waits for (a deadlock).
     */
    async deleteWhere(manager, where, params) {
        const [rows] = (await manager.query(`WITH doomed AS MATERIALIZED (SELECT id FROM reports WHERE ${where} ORDER BY id FOR UPDATE)
       DELETE FROM reports r USING doomed WHERE r.id = doomed.id RETURNING r.storage_key`, params));
        // A report not made yet has no file.
        return rows.flatMap((r) => (r.storage_key === null ? [] : [r.storage_key]));
    }
    findById(tenantId, id) {
        return this.dataSource.getRepository(ReportEntity).findOneBy({ tenantId, id });
    }
    /** Moves a report from one of `from` to `to`; answers whether it was in one of them. */
    async moveStatus(tenantId, id, from, to) {
        const result = await this.dataSource.getRepository(ReportEntity).update({ tenantId, id, status: In([...from]) }, { status: to });
        return (result.affected ?? 0) > 0;
    }
    /** Records the made file in the caller's transaction, unless the report is completed already; answers whether it was recorded. */
    async complete(manager, tenantId, id, file) {
        const result = await manager
            .getRepository(ReportEntity)
            .update({ tenantId, id, status: In(['queued', 'running']) }, { ...file, status: 'completed', errorCode: null, errorMessage: null, completedAt: new Date() });
        return (result.affected ?? 0) > 0;
    }
    /** Locks the report's row until the caller's transaction ends, if it is still queued or running; answers whether it is. */
    async lockUnfinished(manager, tenantId, id) {
        const rows = (await manager.query(`SELECT 1 FROM reports WHERE tenant_id = $1 AND id = $2 AND status IN ('queued', 'running') FOR UPDATE`, [tenantId, id]));
        return rows.length > 0;
    }
    /** Marks a report that is not completed as failed, with the reason. */
    async fail(tenantId, id, errorCode, errorMessage) {
        const result = await this.dataSource
            .getRepository(ReportEntity)
            .update({ tenantId, id, status: In(['queued', 'running']) }, { status: 'failed', errorCode, errorMessage: errorMessage.slice(0, 500), completedAt: new Date() });
        return (result.affected ?? 0) > 0;
    }
    /**
     * The report's place among its tenant's unfinished reports (1 = the oldest still queued or running):
     * the queue serves reports in that order across tenants (ClientReportQueue).
     */
    async placeInTenant(tenantId, id) {
        const [row] = (await this.dataSource.query(`SELECT count(*)::int AS place FROM reports
        WHERE tenant_id = $1 AND status IN ('queued', 'running') AND created_at <= (SELECT created_at FROM reports WHERE tenant_id = $1 AND id = $2)`, [tenantId, id]));
        return Math.max(1, row?.place ?? 1);
    }
    /** Client reports still queued or running that were asked for before `before` (for the reconciler). */
    unfinished(before, limit) {
        return this.dataSource
            .getRepository(ReportEntity)
            .createQueryBuilder('r')
            .select(['r.tenantId', 'r.id'])
            .where('r.status IN (:...statuses)', { statuses: ['queued', 'running'] })
            .andWhere('r.created_at < :before', { before })
            .orderBy('r.created_at', 'ASC')
            .limit(limit)
            .getMany();
    }
};
ReportsRepository = __decorate([
    Injectable(),
    __param(0, InjectDataSource()),
    __metadata("design:paramtypes", [Function])
], ReportsRepository);
export { ReportsRepository };
//# sourceMappingURL=reports.repository.js.map