var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, Index, JoinColumn, ManyToOne } from 'typeorm';
import { TenantEntity } from '../modules/tenants/entities/tenant.entity.js';
/**
 * Base of every row that belongs to a tenant. Repositories take the tenant id in every method and
 * filter on it, so another tenant's row is simply "not found".
 */
export class TenantScopedEntity {
}
__decorate([
    Index(),
    Column({ name: 'tenant_id', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], TenantScopedEntity.prototype, "tenantId", void 0);
__decorate([
    ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'tenant_id' }),
    __metadata("design:type", Object)
], TenantScopedEntity.prototype, "tenant", void 0);
//# sourceMappingURL=tenant-scoped.entity.js.map