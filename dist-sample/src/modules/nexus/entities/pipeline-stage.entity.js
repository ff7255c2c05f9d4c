var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PipelineProcessEntity } from './pipeline-process.entity.js';
/** One stage of one process; its JSON output is what the next stages read. */
let PipelineStageEntity = class PipelineStageEntity {
};
__decorate([
    PrimaryColumn({ name: 'process_id', type: 'uuid' }),
    __metadata("design:type", String)
], PipelineStageEntity.prototype, "processId", void 0);
__decorate([
    PrimaryColumn({ type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], PipelineStageEntity.prototype, "name", void 0);
__decorate([
    ManyToOne(() => PipelineProcessEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'process_id' }),
    __metadata("design:type", Object)
], PipelineStageEntity.prototype, "process", void 0);
__decorate([
    Column({ type: 'smallint' }),
    __metadata("design:type", Number)
], PipelineStageEntity.prototype, "position", void 0);
__decorate([
    Column({ type: 'varchar', length: 16 }),
    __metadata("design:type", String)
], PipelineStageEntity.prototype, "status", void 0);
__decorate([
    Column({ type: 'int', default: 0 }),
    __metadata("design:type", Number)
], PipelineStageEntity.prototype, "attempts", void 0);
__decorate([
    Column({ name: 'started_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], PipelineStageEntity.prototype, "startedAt", void 0);
__decorate([
    Column({ name: 'finished_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], PipelineStageEntity.prototype, "finishedAt", void 0);
__decorate([
    Column({ name: 'duration_ms', type: 'int', nullable: true }),
    __metadata("design:type", Object)
], PipelineStageEntity.prototype, "durationMs", void 0);
__decorate([
    Column({ type: 'jsonb', nullable: true }),
    __metadata("design:type", Object)
], PipelineStageEntity.prototype, "output", void 0);
PipelineStageEntity = __decorate([
    Entity({ name: 'pipeline_stages' })
], PipelineStageEntity);
export { PipelineStageEntity };
//# sourceMappingURL=pipeline-stage.entity.js.map