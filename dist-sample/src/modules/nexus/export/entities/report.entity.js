var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../../database/tenant-scoped.entity.js';
import { ClientEntity } from '../../../clients/entities/client.entity.js';
import { HouseholdEntity } from '../../../clients/entities/household.entity.js';
import { UserEntity } from '../../../users/entities/user.entity.js';
import { DocumentEntity } from '../../entities/document.entity.js';
/** Where a report is: exports are `completed` at once; a client report is queued and made by a worker. */
export const REPORT_STATUSES = ['queued', 'running', 'completed', 'failed'];
/**
 * One produced report file: who made it from which document (a statement's export), about which
 * client (a client's gains export, a client report) or about which household (a household report),
 * what it holds and where it is stored. One of the three is set. A client or household report's row
 * exists from its request on; its file fields are null until a worker has made it.
 */
let ReportEntity = class ReportEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryColumn({ type: 'uuid' }),
    __metadata("design:type", String)
], ReportEntity.prototype, "id", void 0);
__decorate([
    Column({ name: 'document_id', type: 'uuid', nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "documentId", void 0);
__decorate([
    ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'document_id' }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "document", void 0);
__decorate([
    Column({ name: 'client_id', type: 'varchar', length: 40, nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "clientId", void 0);
__decorate([
    ManyToOne(() => ClientEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'client_id' }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "client", void 0);
__decorate([
    Column({ name: 'household_id', type: 'varchar', length: 40, nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "householdId", void 0);
__decorate([
    ManyToOne(() => HouseholdEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'household_id' }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "household", void 0);
__decorate([
    Column({ name: 'member_client_ids', type: 'varchar', length: 40, array: true, nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "memberClientIds", void 0);
__decorate([
    Column({ type: 'varchar', length: 16, default: 'completed' }),
    __metadata("design:type", String)
], ReportEntity.prototype, "status", void 0);
__decorate([
    Column({ type: 'jsonb', nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "params", void 0);
__decorate([
    Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "errorCode", void 0);
__decorate([
    Column({ name: 'error_message', type: 'varchar', length: 500, nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "errorMessage", void 0);
__decorate([
    Column({ name: 'created_by', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], ReportEntity.prototype, "createdBy", void 0);
__decorate([
    ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: 'created_by' }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "creator", void 0);
__decorate([
    Column({ name: 'report_type', type: 'varchar', length: 32 }),
    __metadata("design:type", String)
], ReportEntity.prototype, "reportType", void 0);
__decorate([
    Column({ type: 'varchar', length: 8 }),
    __metadata("design:type", String)
], ReportEntity.prototype, "format", void 0);
__decorate([
    Column({ type: 'jsonb' }),
    __metadata("design:type", Array)
], ReportEntity.prototype, "fields", void 0);
__decorate([
    Column({ name: 'row_count', type: 'int' }),
    __metadata("design:type", Number)
], ReportEntity.prototype, "rowCount", void 0);
__decorate([
    Column({ name: 'storage_key', type: 'varchar', length: 255, nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "storageKey", void 0);
__decorate([
    Column({ name: 'size_bytes', type: 'bigint', nullable: true, transformer: { to: (v) => v, from: (v) => (v === null ? null : Number(v)) } }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "sizeBytes", void 0);
__decorate([
    Column({ type: 'char', length: 64, nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "sha256", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], ReportEntity.prototype, "createdAt", void 0);
__decorate([
    Column({ name: 'completed_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], ReportEntity.prototype, "completedAt", void 0);
ReportEntity = __decorate([
    Entity({ name: 'reports' }),
    Index(['tenantId', 'documentId', 'createdAt']),
    Index(['tenantId', 'clientId', 'createdAt']),
    Index(['tenantId', 'householdId', 'createdAt']),
    Check('CHK_reports_subject', `"document_id" IS NOT NULL OR "client_id" IS NOT NULL OR "household_id" IS NOT NULL`),
    Check('CHK_reports_file', `"status" <> 'completed' OR ("storage_key" IS NOT NULL AND "size_bytes" IS NOT NULL AND "sha256" IS NOT NULL)`)
], ReportEntity);
export { ReportEntity };
//# sourceMappingURL=report.entity.js.map