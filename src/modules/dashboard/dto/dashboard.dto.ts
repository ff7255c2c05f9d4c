import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PaginatedMetaDto } from '../../../common/http/pagination.js';

export const PERIODS = ['all_time', '7d', '30d', '90d'] as const;
export type Period = (typeof PERIODS)[number];

export class DashboardQueryDto {
  @ApiPropertyOptional({ enum: PERIODS, default: 'all_time', example: '30d' })
  @IsOptional()
  @IsIn(PERIODS)
  period: Period = 'all_time';
}

export class TokenUsageSummaryDto {
  @ApiProperty({ example: 18234 }) total_tokens: number;
  @ApiProperty({ example: 12.4 }) total_cost_inr: number;
}

export class DashboardSummaryDto {
  @ApiProperty({ example: 42, description: 'Your documents that finished processing (completed or failed) in the period' })
  documents_processed: number;
  @ApiProperty({ example: 40, description: 'Completed extractions (pipeline runs) of your documents in the period' })
  extractions: number;
  @ApiProperty({ example: 95.24, description: 'Completed runs as a percentage of finished runs in the period (0 when none)' })
  success_rate: number;
  @ApiProperty({ example: 7, description: 'Your chat sessions started in the period' })
  conversations: number;
  @ApiProperty({ type: TokenUsageSummaryDto }) token_usage: TokenUsageSummaryDto;
  @ApiProperty({ enum: PERIODS, example: '30d' }) period: Period;
}

export const ACTIVITY_TYPES = ['document.uploaded', 'extraction.completed', 'extraction.failed', 'chat.started', 'report.generated'] as const;

export class ActivityEventDto {
  @ApiProperty({ format: 'uuid', example: '3c9d2e1f-0a4b-4c5d-9e6f-7a8b9c0d1e2f' }) id: string;
  @ApiProperty({ enum: ACTIVITY_TYPES, example: 'extraction.completed' }) type: string;
  @ApiProperty({ example: 'CAS_Apr-Sep2025.pdf processed' }) title: string;
  @ApiProperty({ enum: ['document', 'chat_session', 'report'], example: 'document' }) resource_type: string;
  @ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }) resource_id: string;
  @ApiProperty({ example: '2026-11-22T10:15:33.000Z' }) created_at: string;
}

export class ActivityPageDto extends PaginatedMetaDto {
  @ApiProperty({ type: [ActivityEventDto] }) items: ActivityEventDto[];
}
