var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto, PaginatedMetaDto } from '../../../common/http/pagination.js';
export class UsageQueryDto extends PageQueryDto {
}
__decorate([
    ApiPropertyOptional({
        example: 'me',
        description: 'Only this user: `me` (the caller) or a user id of the tenant (404 for any other). Without it, every user of the tenant, oldest account first, paginated (`page`, `limit`).',
    }),
    IsOptional(),
    IsString(),
    MaxLength(40),
    __metadata("design:type", String)
], UsageQueryDto.prototype, "user_id", void 0);
/** One quota: how much of it is used in the current window, against its limit. */
export class QuotaFigureDto {
}
__decorate([
    ApiProperty({ example: 12 }),
    __metadata("design:type", Number)
], QuotaFigureDto.prototype, "used", void 0);
__decorate([
    ApiProperty({ example: 200, description: 'The configured limit (the same for every tenant)' }),
    __metadata("design:type", Number)
], QuotaFigureDto.prototype, "limit", void 0);
__decorate([
    ApiProperty({ example: 188, description: 'limit − used, never below 0' }),
    __metadata("design:type", Number)
], QuotaFigureDto.prototype, "remaining", void 0);
__decorate([
    ApiProperty({
        example: '2026-11-24T06:00:00.000Z',
        nullable: true,
        type: String,
        description: 'When the count starts again from zero (the next UTC hour or day); null for stored bytes, which are freed only by removing documents',
    }),
    __metadata("design:type", Object)
], QuotaFigureDto.prototype, "resets_at", void 0);
/** Stored bytes by what they are. */
export class StoredBytesByKindDto {
}
__decorate([
    ApiProperty({ example: 1843200, description: 'Original PDFs kept (nexus and chat uploads; a purged original no longer counts)' }),
    __metadata("design:type", Number)
], StoredBytesByKindDto.prototype, "originals", void 0);
__decorate([
    ApiProperty({ example: 5242880, description: 'Stored page layouts' }),
    __metadata("design:type", Number)
], StoredBytesByKindDto.prototype, "layouts", void 0);
__decorate([
    ApiProperty({ example: 48213, description: 'Exports made in a request (document and gains exports)' }),
    __metadata("design:type", Number)
], StoredBytesByKindDto.prototype, "exports", void 0);
__decorate([
    ApiProperty({ example: 210944, description: 'Client and household reports' }),
    __metadata("design:type", Number)
], StoredBytesByKindDto.prototype, "reports", void 0);
export class StoredBytesFigureDto extends QuotaFigureDto {
}
__decorate([
    ApiProperty({ type: StoredBytesByKindDto, description: '`used`, by kind' }),
    __metadata("design:type", StoredBytesByKindDto)
], StoredBytesFigureDto.prototype, "by_kind", void 0);
/** Every quota of one scope (the tenant as a whole, or one user). */
export class UsageFiguresDto {
}
__decorate([
    ApiProperty({ type: QuotaFigureDto, description: 'Uploads (nexus and chat) stored in the current UTC hour' }),
    __metadata("design:type", QuotaFigureDto)
], UsageFiguresDto.prototype, "uploads_per_hour", void 0);
__decorate([
    ApiProperty({ type: StoredBytesFigureDto, description: 'Bytes kept in the store: originals (nexus and chat uploads), layouts, exports and reports' }),
    __metadata("design:type", StoredBytesFigureDto)
], UsageFiguresDto.prototype, "stored_bytes", void 0);
__decorate([
    ApiProperty({ type: QuotaFigureDto, description: 'Chat questions asked in the current UTC day' }),
    __metadata("design:type", QuotaFigureDto)
], UsageFiguresDto.prototype, "chat_invocations_per_day", void 0);
__decorate([
    ApiProperty({ type: QuotaFigureDto, description: 'Language-model tokens (input and output) spent by chat in the current UTC day' }),
    __metadata("design:type", QuotaFigureDto)
], UsageFiguresDto.prototype, "chat_tokens_per_day", void 0);
export class UserUsageDto extends UsageFiguresDto {
}
__decorate([
    ApiProperty({ example: 'usr_0a1b2c3d4e5f60718293a4b5' }),
    __metadata("design:type", String)
], UserUsageDto.prototype, "user_id", void 0);
__decorate([
    ApiProperty({ example: 'priya@example.in' }),
    __metadata("design:type", String)
], UserUsageDto.prototype, "email", void 0);
__decorate([
    ApiProperty({ example: 'Priya Sharma' }),
    __metadata("design:type", String)
], UserUsageDto.prototype, "full_name", void 0);
__decorate([
    ApiProperty({ example: 'analyst', enum: ['viewer', 'analyst', 'admin'] }),
    __metadata("design:type", String)
], UserUsageDto.prototype, "role", void 0);
export class UserUsagePageDto extends PaginatedMetaDto {
}
__decorate([
    ApiProperty({ type: UserUsageDto, isArray: true }),
    __metadata("design:type", Array)
], UserUsagePageDto.prototype, "items", void 0);
export class TenantUsageDto {
}
__decorate([
    ApiProperty({ example: 'ten_0a1b2c3d4e5f60718293a4b5' }),
    __metadata("design:type", String)
], TenantUsageDto.prototype, "tenant_id", void 0);
__decorate([
    ApiProperty({ example: '2026-11-24T05:41:07.512Z', description: 'When the figures were read' }),
    __metadata("design:type", String)
], TenantUsageDto.prototype, "generated_at", void 0);
__decorate([
    ApiProperty({ type: UsageFiguresDto, description: "The tenant's totals against the tenant limits" }),
    __metadata("design:type", UsageFiguresDto)
], TenantUsageDto.prototype, "tenant", void 0);
__decorate([
    ApiProperty({ type: UserUsagePageDto, description: 'Each user against the per-user limits (one user with `user_id`)' }),
    __metadata("design:type", UserUsagePageDto)
], TenantUsageDto.prototype, "users", void 0);
//# sourceMappingURL=usage.dto.js.map