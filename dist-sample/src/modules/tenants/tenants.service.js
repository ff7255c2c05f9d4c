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
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not } from 'typeorm';
import { prefixedId } from '../../common/ids.js';
import { AppException, notFound } from '../../common/errors/app.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { TenantEntity } from './entities/tenant.entity.js';
let TenantsService = class TenantsService {
    constructor(tenants, audit) {
        this.tenants = tenants;
        this.audit = audit;
    }
    async create(name, manager) {
        const repo = manager?.getRepository(TenantEntity) ?? this.tenants;
        const id = prefixedId('ten');
        await repo.insert({ id, name });
        return repo.findOneByOrFail({ id });
    }
    /** Names are not unique (anyone may register "Default"): the oldest tenant of that name. */
    findByName(name) {
        return this.tenants.findOne({ where: { name }, order: { createdAt: 'ASC', id: 'ASC' } });
    }
    /** Whether the tenant exists (the store sweep leaves the files of a tenant it does not know alone). */
    exists(id) {
        return this.tenants.existsBy({ id });
    }
    /** Every tenant that keeps originals for a limited time, with its `retention_days` (the retention purge's list). */
    async withRetention() {
        const rows = await this.tenants.find({ select: { id: true, retentionDays: true }, where: { retentionDays: Not(IsNull()) } });
        return rows.map((t) => ({ id: t.id, retentionDays: t.retentionDays }));
    }
    async get(id) {
        const tenant = await this.tenants.findOneBy({ id });
        if (!tenant)
            throw notFound('Tenant');
        return tenant;
    }
    /** The tenant's choice of creating clients from statements (true unless turned off), read in the caller's transaction. */
    async clientAutoCreate(tenantId, manager) {
        const tenant = await manager.getRepository(TenantEntity).findOneBy({ id: tenantId });
        return tenant?.clientAutoCreate ?? true;
    }
    /** Changes the settings the admin sent, audited (the fields and their new values: settings, not personal data). */
    async updateSettings(admin, changes, ip) {
        const set = {
            ...(changes.client_auto_create !== undefined ? { clientAutoCreate: changes.client_auto_create } : {}),
            ...(changes.retention_days !== undefined ? { retentionDays: changes.retention_days } : {}),
        };
        if (!Object.keys(set).length)
            throw new AppException('VALIDATION_ERROR', 'Nothing to change: send client_auto_create and/or retention_days');
        await this.tenants.manager.transaction(async (manager) => {
            await manager.getRepository(TenantEntity).update({ id: admin.tenantId }, set);
            await this.audit.record({ tenantId: admin.tenantId, actorId: admin.userId, action: 'tenant.settings_update', targetType: 'tenant', targetId: admin.tenantId, ip, metadata: { ...changes } }, manager);
        });
        return this.get(admin.tenantId);
    }
};
TenantsService = __decorate([
    Injectable(),
    __param(0, InjectRepository(TenantEntity)),
    __metadata("design:paramtypes", [Function, AuditService])
], TenantsService);
export { TenantsService };
//# sourceMappingURL=tenants.service.js.map