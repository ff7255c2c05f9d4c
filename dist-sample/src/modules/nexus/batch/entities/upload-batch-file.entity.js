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
import { DocumentEntity } from '../../entities/document.entity.js';
import { UploadBatchEntity } from './upload-batch.entity.js';
let UploadBatchFileEntity = class UploadBatchFileEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ name: 'batch_id', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], UploadBatchFileEntity.prototype, "batchId", void 0);
__decorate([
    ManyToOne(() => UploadBatchEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'batch_id' }),
    __metadata("design:type", Object)
], UploadBatchFileEntity.prototype, "batch", void 0);
__decorate([
    PrimaryColumn({ type: 'int' }),
    __metadata("design:type", Number)
], UploadBatchFileEntity.prototype, "position", void 0);
__decorate([
    Column({ name: 'file_name', type: 'varchar', length: 255 }),
    __metadata("design:type", String)
], UploadBatchFileEntity.prototype, "fileName", void 0);
__decorate([
    Index(),
    Column({ name: 'document_id', type: 'uuid', nullable: true }),
    __metadata("design:type", Object)
], UploadBatchFileEntity.prototype, "documentId", void 0);
__decorate([
    ManyToOne(() => DocumentEntity, { onDelete: 'SET NULL' }),
    JoinColumn({ name: 'document_id' }),
    __metadata("design:type", Object)
], UploadBatchFileEntity.prototype, "document", void 0);
__decorate([
    Column({ name: 'client_id', type: 'varchar', length: 40, nullable: true }),
    __metadata("design:type", Object)
], UploadBatchFileEntity.prototype, "clientId", void 0);
__decorate([
    Column({ type: 'varchar', length: 24 }),
    __metadata("design:type", String)
], UploadBatchFileEntity.prototype, "outcome", void 0);
__decorate([
    Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true }),
    __metadata("design:type", Object)
], UploadBatchFileEntity.prototype, "errorCode", void 0);
__decorate([
    Column({ name: 'error_message', type: 'varchar', length: 500, nullable: true }),
    __metadata("design:type", Object)
], UploadBatchFileEntity.prototype, "errorMessage", void 0);
__decorate([
    Column({ name: 'admitted_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], UploadBatchFileEntity.prototype, "admittedAt", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], UploadBatchFileEntity.prototype, "createdAt", void 0);
UploadBatchFileEntity = __decorate([
    Entity({ name: 'upload_batch_files' }),
    Index(['tenantId', 'outcome', 'createdAt'])
], UploadBatchFileEntity);
export { UploadBatchFileEntity };
//# sourceMappingURL=upload-batch-file.entity.js.map