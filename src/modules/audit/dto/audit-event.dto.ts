import { ApiProperty } from '@nestjs/swagger';
import { PaginatedMetaDto } from '../../../common/http/pagination.js';
import type { AuditLogEntity } from '../entities/audit-log.entity.js';

export class AuditEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'auth.login' }) action: string;
  @ApiProperty({ enum: ['success', 'failure'] }) outcome: 'success' | 'failure';
  @ApiProperty({ nullable: true, type: String, example: 'usr_5d1c0c1e2f3a4b5c6d7e8f90' }) actor_id: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'user' }) target_type: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'usr_5d1c0c1e2f3a4b5c6d7e8f90' }) target_id: string | null;
  @ApiProperty({ nullable: true, type: String, example: '203.0.113.7' }) ip: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { from: 'viewer', to: 'analyst' } })
  metadata: Record<string, unknown>;
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) created_at: string;
}

export class AuditPageDto extends PaginatedMetaDto {
  @ApiProperty({ type: [AuditEventDto] }) items: AuditEventDto[];
}

export const toAuditEventDto = (row: AuditLogEntity): AuditEventDto => ({
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
