import { ApiProperty } from '@nestjs/swagger';
import { STAGES, type StageName } from '../../nexus/index.js';

const STAGE_COUNTS_EXAMPLE = Object.fromEntries(STAGES.map((s) => [s, s === 'parsing' ? 2 : 0]));

export class DocumentCountsDto {
  @ApiProperty({ example: 42 }) total: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { uploaded: 3, processing: 2, completed: 35, failed: 2 },
    description: 'Documents per status (`uploaded`, `processing`, `completed`, `failed`); statuses with none are left out',
  })
  by_status: Record<string, number>;
}

export class ProcessingTimeDto {
  @ApiProperty({ nullable: true, type: Number, example: 2140, description: 'Median duration of completed runs, ms (null without any)' })
  p50: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 5630, description: '95th percentile, ms (null without any)' })
  p95: number | null;
  @ApiProperty({ example: 37, description: 'Completed runs measured' })
  samples: number;
}

export class StatsTokenUsageDto {
  @ApiProperty({ example: 48211, description: 'Pipeline stages (every run) plus chat answers' })
  total_tokens: number;
  @ApiProperty({ example: 12.4, description: 'INR, rounded to 2 decimals after summing' })
  total_cost_inr: number;
}

export class UserCountsDto {
  @ApiProperty({ example: 12, description: 'Accounts in the tenant' }) n: number;
  @ApiProperty({ example: 11, description: 'Accounts not disabled' }) active: number;
}

export class ChatCountsDto {
  @ApiProperty({ example: 18, description: 'Chat sessions in the tenant' }) total: number;
  @ApiProperty({ example: 3, description: 'Sessions still open' }) open: number;
  @ApiProperty({ example: 15, description: 'Sessions closed (deleted, closed, or idle past the limit)' }) closed: number;
  @ApiProperty({ example: 164, description: 'Messages in those sessions, questions and answers' }) messages: number;
}

export class TenantStatsDto {
  @ApiProperty({ type: DocumentCountsDto }) documents: DocumentCountsDto;
  @ApiProperty({ nullable: true, type: Number, example: 94.59, description: 'Completed documents as a percentage of completed + failed (null when neither)' })
  success_rate: number | null;
  @ApiProperty({ type: ProcessingTimeDto }) processing_time_ms: ProcessingTimeDto;
  @ApiProperty({ type: StatsTokenUsageDto }) token_usage: StatsTokenUsageDto;
  @ApiProperty({ type: UserCountsDto }) users: UserCountsDto;
  @ApiProperty({ type: ChatCountsDto }) chats: ChatCountsDto;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: STAGE_COUNTS_EXAMPLE,
    description:
      "This tenant's pipeline work per stage: its running processes by current stage, each one job waiting, running or retrying in that " +
      "stage's queue. Every one of the ten stages is present. Counted from PostgreSQL, so other tenants' jobs (the queues are shared) are not included.",
  })
  queue_depth: Record<StageName, number>;
}
