var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { UserEntity } from '../../users/entities/user.entity.js';
/** Whether a document's investors are linked to the client register: a chat upload only once its owner attached it. */
export const linksToRegister = (doc) => doc.origin === 'nexus' || doc.attachedAt !== null;
/** An uploaded statement: the original file's facts, its owner, and where the pipeline has got to. */
let DocumentEntity = class DocumentEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ type: 'uuid' }),
    __metadata("design:type", String)
], DocumentEntity.prototype, "id", void 0);
__decorate([
    Index({ unique: true }),
    Column({ name: 'job_id', type: 'uuid' }),
    __metadata("design:type", String)
], DocumentEntity.prototype, "jobId", void 0);
__decorate([
    Column({ name: 'owner_id', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], DocumentEntity.prototype, "ownerId", void 0);
__decorate([
    ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'owner_id' }),
    __metadata("design:type", Object)
], DocumentEntity.prototype, "owner", void 0);
__decorate([
    Column({ name: 'file_name', type: 'varchar', length: 255 }),
    __metadata("design:type", String)
], DocumentEntity.prototype, "fileName", void 0);
__decorate([
    Column({ name: 'storage_key', type: 'varchar', length: 255 }),
    __metadata("design:type", String)
], DocumentEntity.prototype, "storageKey", void 0);
__decorate([
    Column({ type: 'char', length: 64 }),
    __metadata("design:type", String)
], DocumentEntity.prototype, "sha256", void 0);
__decorate([
    Column({ name: 'size_bytes', type: 'bigint', transformer: { to: (v) => v, from: (v) => Number(v) } }),
    __metadata("design:type", Number)
], DocumentEntity.prototype, "sizeBytes", void 0);
__decorate([
    Column({ type: 'int', nullable: true }),
    __metadata("design:type", Object)
], DocumentEntity.prototype, "pages", void 0);
__decorate([
    Column({ name: 'password_required', type: 'boolean' }),
    __metadata("design:type", Boolean)
], DocumentEntity.prototype, "passwordRequired", void 0);
__decorate([
    Column({ name: 'password_hint', type: 'varchar', length: 255, nullable: true }),
    __metadata("design:type", Object)
], DocumentEntity.prototype, "passwordHint", void 0);
__decorate([
    Column({ name: 'sealed_password', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], DocumentEntity.prototype, "sealedPassword", void 0);
__decorate([
    Column({ name: 'layout_bytes', type: 'bigint', default: 0, transformer: { to: (v) => v, from: (v) => Number(v) } }),
    __metadata("design:type", Number)
], DocumentEntity.prototype, "layoutBytes", void 0);
__decorate([
    Column({ name: 'layout_error', type: 'jsonb', nullable: true }),
    __metadata("design:type", Object)
], DocumentEntity.prototype, "layoutError", void 0);
__decorate([
    Column({ name: 'original_purged_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], DocumentEntity.prototype, "originalPurgedAt", void 0);
__decorate([
    Column({ type: 'varchar', length: 8, default: 'nexus' }),
    __metadata("design:type", String)
], DocumentEntity.prototype, "origin", void 0);
__decorate([
    Column({ name: 'attached_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], DocumentEntity.prototype, "attachedAt", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], DocumentEntity.prototype, "status", void 0);
__decorate([
    Column({ type: 'varchar', length: 64, nullable: true }),
    __metadata("design:type", Object)
], DocumentEntity.prototype, "classification", void 0);
__decorate([
    Column({ name: 'confidence_score', type: 'double precision', nullable: true }),
    __metadata("design:type", Object)
], DocumentEntity.prototype, "confidenceScore", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], DocumentEntity.prototype, "createdAt", void 0);
__decorate([
    UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], DocumentEntity.prototype, "updatedAt", void 0);
DocumentEntity = __decorate([
    Entity({ name: 'documents' }),
    Index(['tenantId', 'ownerId', 'createdAt']),
    Index(['tenantId', 'createdAt'])
], DocumentEntity);
export { DocumentEntity };
//# sourceMappingURL=document.entity.js.map