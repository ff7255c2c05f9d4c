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
import { TenantScopedEntity } from '../../../../database/tenant-scoped.entity.js';
import { UserEntity } from '../../../users/entities/user.entity.js';
/** One batch upload (`POST /api/v1/nexus/upload/batch`): its files are its upload_batch_files rows. */
let UploadBatchEntity = class UploadBatchEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], UploadBatchEntity.prototype, "id", void 0);
__decorate([
    Column({ name: 'owner_id', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], UploadBatchEntity.prototype, "ownerId", void 0);
__decorate([
    ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'owner_id' }),
    __metadata("design:type", Object)
], UploadBatchEntity.prototype, "owner", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], UploadBatchEntity.prototype, "source", void 0);
__decorate([
    Column({ name: 'file_count', type: 'int' }),
    __metadata("design:type", Number)
], UploadBatchEntity.prototype, "fileCount", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], UploadBatchEntity.prototype, "createdAt", void 0);
UploadBatchEntity = __decorate([
    Entity({ name: 'upload_batches' }),
    Index(['tenantId', 'createdAt'])
], UploadBatchEntity);
export { UploadBatchEntity };
//# sourceMappingURL=upload-batch.entity.js.map