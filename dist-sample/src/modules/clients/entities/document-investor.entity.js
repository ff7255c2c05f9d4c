var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { ClientEntity } from './client.entity.js';
/**
 * One investor of a completed statement (in statement order) and the client it is linked to, by PAN.
 * Rewritten each time the document's extraction completes.
 */
let DocumentInvestorEntity = class DocumentInvestorEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ name: 'document_id', type: 'uuid' }),
    __metadata("design:type", String)
], DocumentInvestorEntity.prototype, "documentId", void 0);
__decorate([
    ManyToOne('DocumentEntity', { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'document_id' }),
    __metadata("design:type", Object)
], DocumentInvestorEntity.prototype, "document", void 0);
__decorate([
    PrimaryColumn({ name: 'investor_index', type: 'int' }),
    __metadata("design:type", Number)
], DocumentInvestorEntity.prototype, "investorIndex", void 0);
__decorate([
    Column({ type: 'varchar', length: 10, nullable: true }),
    __metadata("design:type", Object)
], DocumentInvestorEntity.prototype, "pan", void 0);
__decorate([
    Column({ name: 'client_id', type: 'varchar', length: 40, nullable: true }),
    __metadata("design:type", Object)
], DocumentInvestorEntity.prototype, "clientId", void 0);
__decorate([
    ManyToOne(() => ClientEntity, { onDelete: 'SET NULL' }),
    JoinColumn({ name: 'client_id' }),
    __metadata("design:type", Object)
], DocumentInvestorEntity.prototype, "client", void 0);
__decorate([
    Column({ type: 'varchar', length: 32, nullable: true }),
    __metadata("design:type", Object)
], DocumentInvestorEntity.prototype, "flag", void 0);
__decorate([
    Column({ name: 'document_type', type: 'varchar', length: 64 }),
    __metadata("design:type", String)
], DocumentInvestorEntity.prototype, "documentType", void 0);
__decorate([
    Column({ name: 'statement_date', type: 'date', nullable: true }),
    __metadata("design:type", Object)
], DocumentInvestorEntity.prototype, "statementDate", void 0);
__decorate([
    UpdateDateColumn({ name: 'linked_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], DocumentInvestorEntity.prototype, "linkedAt", void 0);
DocumentInvestorEntity = __decorate([
    Entity({ name: 'document_investors' }),
    Index(['tenantId', 'clientId']),
    Index(['tenantId', 'pan'])
], DocumentInvestorEntity);
export { DocumentInvestorEntity };
//# sourceMappingURL=document-investor.entity.js.map