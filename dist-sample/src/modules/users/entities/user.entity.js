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
let UserEntity = class UserEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], UserEntity.prototype, "id", void 0);
__decorate([
    Index({ unique: true }),
    Column({ type: 'varchar', length: 254 }),
    __metadata("design:type", String)
], UserEntity.prototype, "email", void 0);
__decorate([
    Column({ name: 'password_hash', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], UserEntity.prototype, "passwordHash", void 0);
__decorate([
    Column({ name: 'full_name', type: 'varchar', length: 200 }),
    __metadata("design:type", String)
], UserEntity.prototype, "fullName", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], UserEntity.prototype, "role", void 0);
__decorate([
    Column({ name: 'is_operator', type: 'boolean', default: false }),
    __metadata("design:type", Boolean)
], UserEntity.prototype, "isOperator", void 0);
__decorate([
    Column({ name: 'disabled_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], UserEntity.prototype, "disabledAt", void 0);
__decorate([
    Column({ name: 'last_login_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], UserEntity.prototype, "lastLoginAt", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], UserEntity.prototype, "createdAt", void 0);
__decorate([
    UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], UserEntity.prototype, "updatedAt", void 0);
UserEntity = __decorate([
    Entity({ name: 'users' })
], UserEntity);
export { UserEntity };
//# sourceMappingURL=user.entity.js.map