import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { offsetOf, paginated, type PageQueryDto, type Paginated } from '../../common/http/pagination.js';
import { AuditLogEntity } from './entities/audit-log.entity.js';
import { toAuditEventDto, type AuditEventDto } from './dto/audit-event.dto.js';

export interface AuditRecord {
  tenantId: string;
  actorId: string | null;
  action: string;
  outcome?: 'success' | 'failure';
  targetType?: string;
  targetId?: string;
  ip?: string | null;
  metadata?: Record<string, unknown>;
}

@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditLogEntity) private readonly repo: Repository<AuditLogEntity>) {}

  /** Writes one audit row; pass the transaction's manager to commit it with the change it records. */
  async record(entry: AuditRecord, manager?: EntityManager): Promise<void> {
    const repo = manager ? manager.getRepository(AuditLogEntity) : this.repo;
    await repo.insert({
      tenantId: entry.tenantId,
      actorId: entry.actorId,
      action: entry.action,
      outcome: entry.outcome ?? 'success',
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      ip: entry.ip ?? null,
      metadata: (entry.metadata ?? {}) as never,
    });
  }

  async list(tenantId: string, query: PageQueryDto): Promise<Paginated<AuditEventDto>> {
    const [rows, total] = await this.repo.findAndCount({
      where: { tenantId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offsetOf(query),
      take: query.limit,
    });
    return paginated(rows.map(toAuditEventDto), total, query);
  }
}
