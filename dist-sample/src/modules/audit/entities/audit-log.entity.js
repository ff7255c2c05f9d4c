var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
let AuditLogEntity = class AuditLogEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryGeneratedColumn('uuid'),
    __metadata("design:type", String)
], AuditLogEntity.prototype, "id", void 0);
__decorate([
    Column({ name: 'actor_id', type: 'varchar', length: 40, nullable: true }),
    __metadata("design:type", Object)
], AuditLogEntity.prototype, "actorId", void 0);
__decorate([
    Column({ type: 'varchar', length: 64 }),
    __metadata("design:type", String)
], AuditLogEntity.prototype, "action", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], AuditLogEntity.prototype, "outcome", void 0);
__decorate([
    Column({ name: 'target_type', type: 'varchar', length: 32, nullable: true }),
    __metadata("design:type", Object)
], AuditLogEntity.prototype, "targetType", void 0);
__decorate([
    Column({ name: 'target_id', type: 'varchar', length: 64, nullable: true }),
    __metadata("design:type", Object)
], AuditLogEntity.prototype, "targetId", void 0);
__decorate([
    Column({ type: 'varchar', length: 64, nullable: true }),
    __metadata("design:type", Object)
], AuditLogEntity.prototype, "ip", void 0);
__decorate([
    Column({ type: 'jsonb', default: {} }),
    __metadata("design:type", Object)
], AuditLogEntity.prototype, "metadata", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], AuditLogEntity.prototype, "createdAt", void 0);
AuditLogEntity = __decorate([
    Entity({ name: 'audit_logs' }),
    Index(['tenantId', 'createdAt'])
], AuditLogEntity);
export { AuditLogEntity };
//# sourceMappingURL=audit-log.entity.js.map