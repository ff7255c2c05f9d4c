var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
/** A family (or any group) of clients whose portfolios are read together. */
let HouseholdEntity = class HouseholdEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], HouseholdEntity.prototype, "id", void 0);
__decorate([
    Column({ type: 'varchar', length: 200 }),
    __metadata("design:type", String)
], HouseholdEntity.prototype, "name", void 0);
__decorate([
    Column({ name: 'created_by', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], HouseholdEntity.prototype, "createdBy", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], HouseholdEntity.prototype, "createdAt", void 0);
__decorate([
    UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], HouseholdEntity.prototype, "updatedAt", void 0);
HouseholdEntity = __decorate([
    Entity({ name: 'households' }),
    Index(['tenantId', 'createdAt'])
], HouseholdEntity);
export { HouseholdEntity };
//# sourceMappingURL=household.entity.js.map