var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { DocumentEntity } from './document.entity.js';
/** The assembled extraction result of a document's latest completed process. */
let ExtractionEntity = class ExtractionEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ name: 'document_id', type: 'uuid' }),
    __metadata("design:type", String)
], ExtractionEntity.prototype, "documentId", void 0);
__decorate([
    ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'document_id' }),
    __metadata("design:type", Object)
], ExtractionEntity.prototype, "document", void 0);
__decorate([
    Column({ name: 'process_id', type: 'uuid' }),
    __metadata("design:type", String)
], ExtractionEntity.prototype, "processId", void 0);
__decorate([
    Column({ type: 'jsonb' }),
    __metadata("design:type", Object)
], ExtractionEntity.prototype, "result", void 0);
__decorate([
    Column({ name: 'holdings_count', type: 'int' }),
    __metadata("design:type", Number)
], ExtractionEntity.prototype, "holdingsCount", void 0);
__decorate([
    Column({ name: 'total_value', type: 'double precision' }),
    __metadata("design:type", Number)
], ExtractionEntity.prototype, "totalValue", void 0);
__decorate([
    UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], ExtractionEntity.prototype, "updatedAt", void 0);
ExtractionEntity = __decorate([
    Entity({ name: 'extractions' })
], ExtractionEntity);
export { ExtractionEntity };
//# sourceMappingURL=extraction.entity.js.map