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
import { offsetOf, paginated } from '../../common/http/pagination.js';
import { AuditLogEntity } from './entities/audit-log.entity.js';
import { toAuditEventDto } from './dto/audit-event.dto.js';
let AuditService = class AuditService {
    constructor(repo) {
        this.repo = repo;
    }
    /** Writes one audit row; pass the transaction's manager to commit it with the change it records. */
    async record(entry, manager) {
        const repo = manager ? manager.getRepository(AuditLogEntity) : this.repo;
        await repo.insert({
            tenantId: entry.tenantId,
            actorId: entry.actorId,
            action: entry.action,
            outcome: entry.outcome ?? 'success',
            targetType: entry.targetType ?? null,
            targetId: entry.targetId ?? null,
            ip: entry.ip ?? null,
            metadata: (entry.metadata ?? {}),
        });
    }
    async list(tenantId, query) {
        const [rows, total] = await this.repo.findAndCount({
            where: { tenantId },
            order: { createdAt: 'DESC', id: 'DESC' },
            skip: offsetOf(query),
            take: query.limit,
        });
        return paginated(rows.map(toAuditEventDto), total, query);
    }
};
AuditService = __decorate([
    Injectable(),
    __param(0, InjectRepository(AuditLogEntity)),
    __metadata("design:paramtypes", [Function])
], AuditService);
export { AuditService };
//# sourceMappingURL=audit.service.js.map