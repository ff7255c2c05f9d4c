import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import type { DocumentListRow, TenantDocumentRow } from '../documents.repository.js';

export class UploadResultDto {
  @ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' }) job_id: string;
  @ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }) doc_id: string;
  @ApiProperty({ example: 'uploaded' }) status: 'uploaded';
  @ApiProperty({ example: true, description: 'The PDF is encrypted: pass `password` when starting the pipeline' }) password_required: boolean;
  @ApiProperty({ nullable: true, type: String, example: 'CAMS CAS: your PAN in capital letters, e.g. ABCDE1234F' })
  password_hint: string | null;
}

export class DocumentListItemDto {
  @ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }) doc_id: string;
  @ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' }) job_id: string;
  @ApiProperty({ example: 'CAS_Apr-Sep2025.pdf' }) file_name: string;
  @ApiProperty({ example: 'completed', enum: ['uploaded', 'processing', 'completed', 'failed'] }) status: string;
  @ApiProperty({ nullable: true, type: String, example: 'CAMS_DETAILED_CAS' }) classification: string | null;
  @ApiProperty({ nullable: true, type: Number, example: 95.4 }) confidence_score: number | null;
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-22T10:15:33.000Z' }) updated_at: string;
}

export class TenantDocumentDto extends DocumentListItemDto {
  @ApiProperty({ example: 'usr_5d1c0c1e2f3a4b5c6d7e8f90' }) owner_id: string;
  @ApiProperty({ nullable: true, type: Number, example: 12 }) pages: number | null;
  @ApiProperty({ example: 482133 }) size_bytes: number;
  @ApiProperty({
    nullable: true,
    type: String,
    example: null,
    description: "When the retention purge removed the original (the tenant's retention_days); its downloads and re-runs then answer 410 ORIGINAL_PURGED, the extraction still reads. null while the original is kept",
  })
  original_purged_at: string | null;
}

/**
 * DESIGN.md's paginated shape `{items, page, limit, total, has_more}`, paged by `limit`/`skip` like
 * documents/me: the answer also echoes `skip`, since a skip need not be a multiple of the limit.
 */
export class TenantDocumentPageDto {
  @ApiProperty({ type: [TenantDocumentDto] }) items: TenantDocumentDto[];
  @ApiProperty({ example: 1, description: 'The 1-based page of `limit` documents this slice starts in (exact when `skip` is a multiple of `limit`)' }) page: number;
  @ApiProperty({ example: 0, description: 'The `skip` of the request: documents passed over, newest first' }) skip: number;
  @ApiProperty({ example: 50, description: 'The `limit` of the request' }) limit: number;
  @ApiProperty({ example: 42, description: "All the tenant's documents" }) total: number;
  @ApiProperty({ example: false, description: 'Whether documents follow this slice (skip + items < total)' }) has_more: boolean;
}

export class DocumentListQueryDto {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200, example: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit: number = 50;

  @ApiPropertyOptional({ default: 0, minimum: 0, example: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  skip: number = 0;

  @ApiPropertyOptional({ example: 'cli_0a1b2c3d4e5f60718293a4b5', description: 'Only the statements this client of the register appears in (none for a client that is not the tenant’s)' })
  @IsOptional()
  @Matches(/^cli_[0-9a-f]{24}$/, { message: 'client_id must be a client id (cli_…)' })
  client_id?: string;
}

export class DocFetchQueryDto {
  @ApiPropertyOptional({ enum: ['ORIGINAL', 'LAYOUT'], default: 'ORIGINAL', example: 'ORIGINAL' })
  @IsOptional()
  @IsIn(['ORIGINAL', 'LAYOUT'])
  type: 'ORIGINAL' | 'LAYOUT' = 'ORIGINAL';
}

/** The one mapping of a document to its list item (documents/me, and the admin listing's items). */
export const toDocumentListItem = (d: DocumentListRow): DocumentListItemDto => ({
  doc_id: d.id,
  job_id: d.jobId,
  file_name: d.fileName,
  status: d.status,
  classification: d.classification,
  confidence_score: d.confidenceScore,
  created_at: d.createdAt,
  updated_at: d.updatedAt,
});

export const toTenantDocument = (d: TenantDocumentRow): TenantDocumentDto => ({
  ...toDocumentListItem(d),
  owner_id: d.ownerId,
  pages: d.pages,
  size_bytes: d.sizeBytes,
  original_purged_at: d.originalPurgedAt,
});
