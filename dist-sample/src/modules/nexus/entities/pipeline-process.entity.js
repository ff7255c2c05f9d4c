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
import { DocumentEntity } from './document.entity.js';
/** One run of the pipeline over a document. PostgreSQL, not the queue, is the truth about it. */
let PipelineProcessEntity = class PipelineProcessEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ type: 'uuid' }),
    __metadata("design:type", String)
], PipelineProcessEntity.prototype, "id", void 0);
__decorate([
    Column({ name: 'document_id', type: 'uuid' }),
    __metadata("design:type", String)
], PipelineProcessEntity.prototype, "documentId", void 0);
__decorate([
    ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'document_id' }),
    __metadata("design:type", Object)
], PipelineProcessEntity.prototype, "document", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], PipelineProcessEntity.prototype, "status", void 0);
__decorate([
    Column({ name: 'current_stage', type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], PipelineProcessEntity.prototype, "currentStage", void 0);
__decorate([
    Column({ name: 'stages_completed', type: 'int', default: 0 }),
    __metadata("design:type", Number)
], PipelineProcessEntity.prototype, "stagesCompleted", void 0);
__decorate([
    Column({ name: 'started_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], PipelineProcessEntity.prototype, "startedAt", void 0);
__decorate([
    Column({ name: 'deadline_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], PipelineProcessEntity.prototype, "deadlineAt", void 0);
__decorate([
    Column({ name: 'finished_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], PipelineProcessEntity.prototype, "finishedAt", void 0);
__decorate([
    Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true }),
    __metadata("design:type", Object)
], PipelineProcessEntity.prototype, "errorCode", void 0);
__decorate([
    Column({ name: 'error_message', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], PipelineProcessEntity.prototype, "errorMessage", void 0);
__decorate([
    Column({ name: 'error_stage', type: 'varchar', length: 32, nullable: true }),
    __metadata("design:type", Object)
], PipelineProcessEntity.prototype, "errorStage", void 0);
__decorate([
    Column({ type: 'boolean', nullable: true }),
    __metadata("design:type", Object)
], PipelineProcessEntity.prototype, "retryable", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], PipelineProcessEntity.prototype, "createdAt", void 0);
__decorate([
    UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], PipelineProcessEntity.prototype, "updatedAt", void 0);
PipelineProcessEntity = __decorate([
    Entity({ name: 'pipeline_processes' }),
    Index(['documentId'], { unique: true, where: `"status" = 'processing'` }),
    Index(['status', 'updatedAt']),
    Index(['tenantId', 'documentId', 'finishedAt'])
], PipelineProcessEntity);
export { PipelineProcessEntity };
//# sourceMappingURL=pipeline-process.entity.js.map