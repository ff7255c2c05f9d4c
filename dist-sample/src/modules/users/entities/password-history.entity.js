var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from './user.entity.js';
/** Hashes of a user's earlier passwords, for the "not one of the last 5" rule. */
let PasswordHistoryEntity = class PasswordHistoryEntity {
};
__decorate([
    PrimaryGeneratedColumn('uuid'),
    __metadata("design:type", String)
], PasswordHistoryEntity.prototype, "id", void 0);
__decorate([
    Column({ name: 'user_id', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], PasswordHistoryEntity.prototype, "userId", void 0);
__decorate([
    ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'user_id' }),
    __metadata("design:type", Object)
], PasswordHistoryEntity.prototype, "user", void 0);
__decorate([
    Column({ name: 'password_hash', type: 'text' }),
    __metadata("design:type", String)
], PasswordHistoryEntity.prototype, "passwordHash", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], PasswordHistoryEntity.prototype, "createdAt", void 0);
PasswordHistoryEntity = __decorate([
    Entity({ name: 'password_history' }),
    Index(['userId', 'createdAt'])
], PasswordHistoryEntity);
export { PasswordHistoryEntity };
//# sourceMappingURL=password-history.entity.js.map