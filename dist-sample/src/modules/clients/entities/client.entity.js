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
/** One investor of the firm's register. A PAN names one client per tenant. */
let ClientEntity = class ClientEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], ClientEntity.prototype, "id", void 0);
__decorate([
    Column({ type: 'varchar', length: 200, nullable: true }),
    __metadata("design:type", Object)
], ClientEntity.prototype, "name", void 0);
__decorate([
    Column({ type: 'varchar', length: 10 }),
    __metadata("design:type", String)
], ClientEntity.prototype, "pan", void 0);
__decorate([
    Column({ name: 'sealed_date_of_birth', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], ClientEntity.prototype, "sealedDateOfBirth", void 0);
__decorate([
    Column({ name: 'sealed_statement_passwords', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], ClientEntity.prototype, "sealedStatementPasswords", void 0);
__decorate([
    Column({ name: 'password_count', type: 'int', default: 0 }),
    __metadata("design:type", Number)
], ClientEntity.prototype, "passwordCount", void 0);
__decorate([
    Column({ type: 'varchar', length: 254, nullable: true }),
    __metadata("design:type", Object)
], ClientEntity.prototype, "email", void 0);
__decorate([
    Column({ type: 'varchar', length: 20, nullable: true }),
    __metadata("design:type", Object)
], ClientEntity.prototype, "mobile", void 0);
__decorate([
    Column({ type: 'text', array: true, default: () => "'{}'" }),
    __metadata("design:type", Array)
], ClientEntity.prototype, "tags", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], ClientEntity.prototype, "source", void 0);
__decorate([
    Column({ name: 'created_by', type: 'varchar', length: 40, nullable: true }),
    __metadata("design:type", Object)
], ClientEntity.prototype, "createdBy", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], ClientEntity.prototype, "createdAt", void 0);
__decorate([
    UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], ClientEntity.prototype, "updatedAt", void 0);
ClientEntity = __decorate([
    Entity({ name: 'clients' }),
    Index(['tenantId', 'pan'], { unique: true }),
    Index(['tenantId', 'createdAt'])
], ClientEntity);
export { ClientEntity };
//# sourceMappingURL=client.entity.js.map