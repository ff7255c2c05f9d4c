var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { ApiProperty } from '@nestjs/swagger';
import { PaginatedMetaDto } from '../../../common/http/pagination.js';
export class AuditEventDto {
}
__decorate([
    ApiProperty({ format: 'uuid' }),
    __metadata("design:type", String)
], AuditEventDto.prototype, "id", void 0);
__decorate([
    ApiProperty({ example: 'auth.login' }),
    __metadata("design:type", String)
], AuditEventDto.prototype, "action", void 0);
__decorate([
    ApiProperty({ enum: ['success', 'failure'] }),
    __metadata("design:type", String)
], AuditEventDto.prototype, "outcome", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: 'usr_5d1c0c1e2f3a4b5c6d7e8f90' }),
    __metadata("design:type", Object)
], AuditEventDto.prototype, "actor_id", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: 'user' }),
    __metadata("design:type", Object)
], AuditEventDto.prototype, "target_type", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: 'usr_5d1c0c1e2f3a4b5c6d7e8f90' }),
    __metadata("design:type", Object)
], AuditEventDto.prototype, "target_id", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: '203.0.113.7' }),
    __metadata("design:type", Object)
], AuditEventDto.prototype, "ip", void 0);
__decorate([
    ApiProperty({ type: 'object', additionalProperties: true, example: { from: 'viewer', to: 'analyst' } }),
    __metadata("design:type", Object)
], AuditEventDto.prototype, "metadata", void 0);
__decorate([
    ApiProperty({ example: '2026-11-22T10:15:30.000Z' }),
    __metadata("design:type", String)
], AuditEventDto.prototype, "created_at", void 0);
export class AuditPageDto extends PaginatedMetaDto {
}
__decorate([
    ApiProperty({ type: [AuditEventDto] }),
    __metadata("design:type", Array)
], AuditPageDto.prototype, "items", void 0);
export const toAuditEventDto = (row) => ({
    id: row.id,
    action: row.action,
    outcome: row.outcome,
    actor_id: row.actorId,
    target_type: row.targetType,
    target_id: row.targetId,
    ip: row.ip,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
});
//# sourceMappingURL=audit-event.dto.js.map