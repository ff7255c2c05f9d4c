var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
let TenantEntity = class TenantEntity {
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], TenantEntity.prototype, "id", void 0);
__decorate([
    Column({ type: 'varchar', length: 200 }),
    __metadata("design:type", String)
], TenantEntity.prototype, "name", void 0);
__decorate([
    Column({ name: 'client_auto_create', type: 'boolean', default: true }),
    __metadata("design:type", Boolean)
], TenantEntity.prototype, "clientAutoCreate", void 0);
__decorate([
    Column({ name: 'retention_days', type: 'int', nullable: true }),
    __metadata("design:type", Object)
], TenantEntity.prototype, "retentionDays", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], TenantEntity.prototype, "createdAt", void 0);
__decorate([
    UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], TenantEntity.prototype, "updatedAt", void 0);
TenantEntity = __decorate([
    Entity({ name: 'tenants' })
], TenantEntity);
export { TenantEntity };
//# sourceMappingURL=tenant.entity.js.map