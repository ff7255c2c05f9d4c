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
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
export class UploadResultDto {
}
__decorate([
    ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' }),
    __metadata("design:type", String)
], UploadResultDto.prototype, "job_id", void 0);
__decorate([
    ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }),
    __metadata("design:type", String)
], UploadResultDto.prototype, "doc_id", void 0);
__decorate([
    ApiProperty({ example: 'uploaded' }),
    __metadata("design:type", String)
], UploadResultDto.prototype, "status", void 0);
__decorate([
    ApiProperty({ example: true, description: 'The PDF is encrypted: pass `password` when starting the pipeline' }),
    __metadata("design:type", Boolean)
], UploadResultDto.prototype, "password_required", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: 'CAMS CAS: your PAN in capital letters, e.g. ABCDE1234F' }),
    __metadata("design:type", Object)
], UploadResultDto.prototype, "password_hint", void 0);
export class DocumentListItemDto {
}
__decorate([
    ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }),
    __metadata("design:type", String)
], DocumentListItemDto.prototype, "doc_id", void 0);
__decorate([
    ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' }),
    __metadata("design:type", String)
], DocumentListItemDto.prototype, "job_id", void 0);
__decorate([
    ApiProperty({ example: 'CAS_Apr-Sep2025.pdf' }),
    __metadata("design:type", String)
], DocumentListItemDto.prototype, "file_name", void 0);
__decorate([
    ApiProperty({ example: 'completed', enum: ['uploaded', 'processing', 'completed', 'failed'] }),
    __metadata("design:type", String)
], DocumentListItemDto.prototype, "status", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: 'CAMS_DETAILED_CAS' }),
    __metadata("design:type", Object)
], DocumentListItemDto.prototype, "classification", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 95.4 }),
    __metadata("design:type", Object)
], DocumentListItemDto.prototype, "confidence_score", void 0);
__decorate([
    ApiProperty({ example: '2026-11-22T10:15:30.000Z' }),
    __metadata("design:type", String)
], DocumentListItemDto.prototype, "created_at", void 0);
__decorate([
    ApiProperty({ example: '2026-11-22T10:15:33.000Z' }),
    __metadata("design:type", String)
], DocumentListItemDto.prototype, "updated_at", void 0);
export class TenantDocumentDto extends DocumentListItemDto {
}
__decorate([
    ApiProperty({ example: 'usr_5d1c0c1e2f3a4b5c6d7e8f90' }),
    __metadata("design:type", String)
], TenantDocumentDto.prototype, "owner_id", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 12 }),
    __metadata("design:type", Object)
], TenantDocumentDto.prototype, "pages", void 0);
__decorate([
    ApiProperty({ example: 482133 }),
    __metadata("design:type", Number)
], TenantDocumentDto.prototype, "size_bytes", void 0);
__decorate([
    ApiProperty({
        nullable: true,
        type: String,
        example: null,
        description: "When the retention purge removed the original (the tenant's retention_days); its downloads and re-runs then answer 410 ORIGINAL_PURGED, the extraction still reads. null while the original is kept",
    }),
    __metadata("design:type", Object)
], TenantDocumentDto.prototype, "original_purged_at", void 0);
/**
 * DESIGN.md's paginated shape `{items, page, limit, total, has_more}`, paged by `limit`/`skip` like
 * documents/me: the answer also echoes `skip`, since a skip need not be a multiple of the limit.
 */
export class TenantDocumentPageDto {
}
__decorate([
    ApiProperty({ type: [TenantDocumentDto] }),
    __metadata("design:type", Array)
], TenantDocumentPageDto.prototype, "items", void 0);
__decorate([
    ApiProperty({ example: 1, description: 'The 1-based page of `limit` documents this slice starts in (exact when `skip` is a multiple of `limit`)' }),
    __metadata("design:type", Number)
], TenantDocumentPageDto.prototype, "page", void 0);
__decorate([
    ApiProperty({ example: 0, description: 'The `skip` of the request: documents passed over, newest first' }),
    __metadata("design:type", Number)
], TenantDocumentPageDto.prototype, "skip", void 0);
__decorate([
    ApiProperty({ example: 50, description: 'The `limit` of the request' }),
    __metadata("design:type", Number)
], TenantDocumentPageDto.prototype, "limit", void 0);
__decorate([
    ApiProperty({ example: 42, description: "All the tenant's documents" }),
    __metadata("design:type", Number)
], TenantDocumentPageDto.prototype, "total", void 0);
__decorate([
    ApiProperty({ example: false, description: 'Whether documents follow this slice (skip + items < total)' }),
    __metadata("design:type", Boolean)
], TenantDocumentPageDto.prototype, "has_more", void 0);
export class DocumentListQueryDto {
    constructor() {
        this.limit = 50;
        this.skip = 0;
    }
}
__decorate([
    ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200, example: 50 }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(200),
    __metadata("design:type", Number)
], DocumentListQueryDto.prototype, "limit", void 0);
__decorate([
    ApiPropertyOptional({ default: 0, minimum: 0, example: 0 }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(0),
    Max(1_000_000),
    __metadata("design:type", Number)
], DocumentListQueryDto.prototype, "skip", void 0);
__decorate([
    ApiPropertyOptional({ example: 'cli_0a1b2c3d4e5f60718293a4b5', description: 'Only the statements this client of the register appears in (none for a client that is not the tenant’s)' }),
    IsOptional(),
    Matches(/^cli_[0-9a-f]{24}$/, { message: 'client_id must be a client id (cli_…)' }),
    __metadata("design:type", String)
], DocumentListQueryDto.prototype, "client_id", void 0);
export class DocFetchQueryDto {
    constructor() {
        this.type = 'ORIGINAL';
    }
}
__decorate([
    ApiPropertyOptional({ enum: ['ORIGINAL', 'LAYOUT'], default: 'ORIGINAL', example: 'ORIGINAL' }),
    IsOptional(),
    IsIn(['ORIGINAL', 'LAYOUT']),
    __metadata("design:type", String)
], DocFetchQueryDto.prototype, "type", void 0);
/** The one mapping of a document to its list item (documents/me, and the admin listing's items). */
export const toDocumentListItem = (d) => ({
    doc_id: d.id,
    job_id: d.jobId,
    file_name: d.fileName,
    status: d.status,
    classification: d.classification,
    confidence_score: d.confidenceScore,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
});
export const toTenantDocument = (d) => ({
    ...toDocumentListItem(d),
    owner_id: d.ownerId,
    pages: d.pages,
    size_bytes: d.sizeBytes,
    original_purged_at: d.originalPurgedAt,
});
//# sourceMappingURL=document.dto.js.map