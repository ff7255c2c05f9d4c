import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto, PaginatedMetaDto } from '../../../common/http/pagination.js';

export class UsageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    example: 'me',
    description: 'Only this user: `me` (the caller) or a user id of the tenant (404 for any other). Without it, every user of the tenant, oldest account first, paginated (`page`, `limit`).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  user_id?: string;
}

/** One quota: how much of it is used in the current window, against its limit. */
export class QuotaFigureDto {
  @ApiProperty({ example: 12 }) used: number;
  @ApiProperty({ example: 200, description: 'The configured limit (the same for every tenant)' }) limit: number;
  @ApiProperty({ example: 188, description: 'limit − used, never below 0' }) remaining: number;
  @ApiProperty({
    example: '2026-11-24T06:00:00.000Z',
    nullable: true,
    type: String,
    description: 'When the count starts again from zero (the next UTC hour or day); null for stored bytes, which are freed only by removing documents',
  })
  resets_at: string | null;
}

/** Stored bytes by what they are. */
export class StoredBytesByKindDto {
  @ApiProperty({ example: 1843200, description: 'Original PDFs kept (nexus and chat uploads; a purged original no longer counts)' }) originals: number;
  @ApiProperty({ example: 5242880, description: 'Stored page layouts' }) layouts: number;
  @ApiProperty({ example: 48213, description: 'Exports made in a request (document and gains exports)' }) exports: number;
  @ApiProperty({ example: 210944, description: 'Client and household reports' }) reports: number;
}

export class StoredBytesFigureDto extends QuotaFigureDto {
  @ApiProperty({ type: StoredBytesByKindDto, description: '`used`, by kind' }) by_kind: StoredBytesByKindDto;
}

/** Every quota of one scope (the tenant as a whole, or one user). */
export class UsageFiguresDto {
  @ApiProperty({ type: QuotaFigureDto, description: 'Uploads (nexus and chat) stored in the current UTC hour' }) uploads_per_hour: QuotaFigureDto;
  @ApiProperty({ type: StoredBytesFigureDto, description: 'Bytes kept in the store: originals (nexus and chat uploads), layouts, exports and reports' })
  stored_bytes: StoredBytesFigureDto;
  @ApiProperty({ type: QuotaFigureDto, description: 'Chat questions asked in the current UTC day' }) chat_invocations_per_day: QuotaFigureDto;
  @ApiProperty({ type: QuotaFigureDto, description: 'Language-model tokens (input and output) spent by chat in the current UTC day' })
  chat_tokens_per_day: QuotaFigureDto;
}

export class UserUsageDto extends UsageFiguresDto {
  @ApiProperty({ example: 'usr_0a1b2c3d4e5f60718293a4b5' }) user_id: string;
  @ApiProperty({ example: 'priya@example.in' }) email: string;
  @ApiProperty({ example: 'Priya Sharma' }) full_name: string;
  @ApiProperty({ example: 'analyst', enum: ['viewer', 'analyst', 'admin'] }) role: string;
}

export class UserUsagePageDto extends PaginatedMetaDto {
  @ApiProperty({ type: UserUsageDto, isArray: true }) items: UserUsageDto[];
}

export class TenantUsageDto {
  @ApiProperty({ example: 'ten_0a1b2c3d4e5f60718293a4b5' }) tenant_id: string;
  @ApiProperty({ example: '2026-11-24T05:41:07.512Z', description: 'When the figures were read' }) generated_at: string;
  @ApiProperty({ type: UsageFiguresDto, description: "The tenant's totals against the tenant limits" }) tenant: UsageFiguresDto;
  @ApiProperty({ type: UserUsagePageDto, description: 'Each user against the per-user limits (one user with `user_id`)' }) users: UserUsagePageDto;
}
