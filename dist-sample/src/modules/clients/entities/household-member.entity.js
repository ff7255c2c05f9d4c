var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { ClientEntity } from './client.entity.js';
import { HouseholdEntity } from './household.entity.js';
export const RELATIONSHIPS = ['self', 'spouse', 'child', 'parent', 'huf', 'other'];
/** A client's place in a household. A client belongs to at most one household. */
let HouseholdMemberEntity = class HouseholdMemberEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ name: 'client_id', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], HouseholdMemberEntity.prototype, "clientId", void 0);
__decorate([
    ManyToOne(() => ClientEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'client_id' }),
    __metadata("design:type", Object)
], HouseholdMemberEntity.prototype, "client", void 0);
__decorate([
    Column({ name: 'household_id', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], HouseholdMemberEntity.prototype, "householdId", void 0);
__decorate([
    ManyToOne(() => HouseholdEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'household_id' }),
    __metadata("design:type", Object)
], HouseholdMemberEntity.prototype, "household", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], HouseholdMemberEntity.prototype, "relationship", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], HouseholdMemberEntity.prototype, "createdAt", void 0);
HouseholdMemberEntity = __decorate([
    Entity({ name: 'household_members' }),
    Index(['tenantId', 'householdId'])
], HouseholdMemberEntity);
export { HouseholdMemberEntity };
//# sourceMappingURL=household-member.entity.js.map