import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { PaginatedMetaDto } from '../../../common/http/pagination.js';
import { EVENT_KINDS, type EventKind } from '../../outbox/entities/outbox-event.entity.js';
import { Omittable } from '../../../common/decorators/omittable.decorator.js';

export class SubscribeDto {
  @ApiProperty({ example: 'https://hooks.example.in/foliodesk', description: 'http(s); private and loopback hosts are refused' })
  @IsString()
  @MaxLength(2048)
  url: string;

  @ApiProperty({ enum: EVENT_KINDS, isArray: true, example: ['document.completed', 'document.failed'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(EVENT_KINDS.length)
  @ArrayUnique()
  @IsIn(EVENT_KINDS, { each: true })
  events: EventKind[];

  @ApiProperty({ example: 'whsec_9f8e7d6c5b4a3210', minLength: 16, description: 'Signing secret; stored encrypted, never returned' })
  @IsString()
  @MinLength(16)
  @MaxLength(256)
  secret: string;
}

export class UpdateSubscriptionDto {
  @ApiPropertyOptional({ example: 'https://hooks.example.in/foliodesk-v2' })
  @Omittable()
  @IsString()
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional({ enum: EVENT_KINDS, isArray: true, example: ['document.completed'] })
  @Omittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(EVENT_KINDS.length)
  @ArrayUnique()
  @IsIn(EVENT_KINDS, { each: true })
  events?: EventKind[];

  @ApiPropertyOptional({ example: 'whsec_new-secret-0123456789', minLength: 16, description: 'Rotates the signing secret' })
  @Omittable()
  @IsString()
  @MinLength(16)
  @MaxLength(256)
  secret?: string;

  @ApiPropertyOptional({ enum: ['active', 'paused'], example: 'active', description: '`active` resumes a paused subscription' })
  @Omittable()
  @IsIn(['active', 'paused'])
  status?: 'active' | 'paused';
}

export class TestWebhookDto {
  @ApiProperty({ example: 'whk_0a1b2c3d4e5f60718293a4b5' })
  @IsString()
  @MaxLength(40)
  webhook_id: string;

  @ApiProperty({ enum: EVENT_KINDS, example: 'document.completed' })
  @IsIn(EVENT_KINDS)
  event: EventKind;
}

export class SubscriptionDto {
  @ApiProperty({ example: 'whk_0a1b2c3d4e5f60718293a4b5' }) webhook_id: string;
  @ApiProperty({ example: 'https://hooks.example.in/foliodesk' }) url: string;
  @ApiProperty({ enum: EVENT_KINDS, isArray: true, example: ['document.completed'] }) events: EventKind[];
  @ApiProperty({ enum: ['active', 'paused'], example: 'active' }) status: 'active' | 'paused';
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) created_at: string;
  @ApiPropertyOptional({ nullable: true, type: String, example: null, description: 'Why it was paused' }) paused_reason?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, example: null, description: 'Start of the current run of failed deliveries' })
  failing_since?: string | null;
}

export class TestResultDto {
  @ApiProperty({ format: 'uuid', example: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' }) delivery_id: string;
  @ApiProperty({ nullable: true, type: Number, example: 200 }) status_code: number | null;
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 42 }) duration_ms: number;
}

export class AttemptDto {
  @ApiProperty({ example: 1 }) attempt: number;
  @ApiProperty({ nullable: true, type: Number, example: 503 }) status_code: number | null;
  @ApiProperty({ example: false }) success: boolean;
  @ApiProperty({ example: 87 }) duration_ms: number;
  @ApiProperty({ nullable: true, type: String, example: 'HTTP 503' }) error: string | null;
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) at: string;
}

export class DeliveryDto {
  @ApiProperty({ format: 'uuid', example: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', description: 'Also the X-Service-Delivery header' }) delivery_id: string;
  @ApiProperty({ example: 'document.completed' }) event: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'], example: 'pending' }) status: string;
  @ApiProperty({ example: 2 }) attempts: number;
  @ApiProperty({ nullable: true, type: String, example: '2026-11-22T10:16:00.000Z' }) next_attempt_at: string | null;
  @ApiProperty({ nullable: true, type: Number, example: 503 }) last_status_code: number | null;
  @ApiProperty({ nullable: true, type: String, example: 'HTTP 503' }) last_error: string | null;
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) created_at: string;
  @ApiProperty({ nullable: true, type: String, example: null }) delivered_at: string | null;
  @ApiProperty({ type: [AttemptDto] }) attempt_log: AttemptDto[];
}

export class DeliveryPageDto extends PaginatedMetaDto {
  @ApiProperty({ type: [DeliveryDto] }) items: DeliveryDto[];
}
