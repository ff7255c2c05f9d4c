var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
/** Tokens a stage (or a chat message) spent on a model, and their cost in INR. */
let TokenUsageEntity = class TokenUsageEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryGeneratedColumn('uuid'),
    __metadata("design:type", String)
], TokenUsageEntity.prototype, "id", void 0);
__decorate([
    Column({ name: 'document_id', type: 'uuid', nullable: true }),
    __metadata("design:type", Object)
], TokenUsageEntity.prototype, "documentId", void 0);
__decorate([
    Column({ name: 'process_id', type: 'uuid', nullable: true }),
    __metadata("design:type", Object)
], TokenUsageEntity.prototype, "processId", void 0);
__decorate([
    Column({ name: 'stage_name', type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], TokenUsageEntity.prototype, "stageName", void 0);
__decorate([
    Column({ type: 'varchar', length: 64 }),
    __metadata("design:type", String)
], TokenUsageEntity.prototype, "model", void 0);
__decorate([
    Column({ name: 'input_tokens', type: 'int' }),
    __metadata("design:type", Number)
], TokenUsageEntity.prototype, "inputTokens", void 0);
__decorate([
    Column({ name: 'output_tokens', type: 'int' }),
    __metadata("design:type", Number)
], TokenUsageEntity.prototype, "outputTokens", void 0);
__decorate([
    Column({ name: 'cost_inr', type: 'numeric', precision: 12, scale: 4, transformer: { to: (v) => v, from: (v) => Number(v) } }),
    __metadata("design:type", Number)
], TokenUsageEntity.prototype, "costInr", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], TokenUsageEntity.prototype, "createdAt", void 0);
TokenUsageEntity = __decorate([
    Entity({ name: 'token_usage' }),
    Index(['tenantId', 'documentId'])
], TokenUsageEntity);
export { TokenUsageEntity };
//# sourceMappingURL=token-usage.entity.js.map