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
import { UserEntity } from '../../users/entities/user.entity.js';
/**
 * One signed-in session: created by a login, carried by every access token (`sid`), and advanced by
 * each refresh. Only the hash of the current refresh token's id is kept; an older one coming back is
 * a stolen token, and revokes the session.
 */
let SessionEntity = class SessionEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ type: 'uuid' }),
    __metadata("design:type", String)
], SessionEntity.prototype, "id", void 0);
__decorate([
    Index(),
    Column({ name: 'user_id', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], SessionEntity.prototype, "userId", void 0);
__decorate([
    ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'user_id' }),
    __metadata("design:type", Object)
], SessionEntity.prototype, "user", void 0);
__decorate([
    Column({ name: 'refresh_token_hash', type: 'varchar', length: 64 }),
    __metadata("design:type", String)
], SessionEntity.prototype, "refreshTokenHash", void 0);
__decorate([
    Column({ name: 'auth_method', type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], SessionEntity.prototype, "authMethod", void 0);
__decorate([
    Column({ type: 'varchar', length: 64, nullable: true }),
    __metadata("design:type", Object)
], SessionEntity.prototype, "ip", void 0);
__decorate([
    Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true }),
    __metadata("design:type", Object)
], SessionEntity.prototype, "userAgent", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], SessionEntity.prototype, "createdAt", void 0);
__decorate([
    Column({ name: 'last_used_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], SessionEntity.prototype, "lastUsedAt", void 0);
__decorate([
    Column({ name: 'idle_expires_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], SessionEntity.prototype, "idleExpiresAt", void 0);
__decorate([
    Column({ name: 'absolute_expires_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], SessionEntity.prototype, "absoluteExpiresAt", void 0);
__decorate([
    Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], SessionEntity.prototype, "revokedAt", void 0);
__decorate([
    Column({ name: 'revoked_reason', type: 'varchar', length: 32, nullable: true }),
    __metadata("design:type", Object)
], SessionEntity.prototype, "revokedReason", void 0);
SessionEntity = __decorate([
    Entity({ name: 'sessions' })
], SessionEntity);
export { SessionEntity };
//# sourceMappingURL=session.entity.js.map