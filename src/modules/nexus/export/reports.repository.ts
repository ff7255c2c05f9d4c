import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ReportEntity } from './entities/report.entity.js';

export type NewReport = Omit<ReportEntity, 'createdAt' | 'tenant' | 'document' | 'client' | 'creator'>;

/** The only place that reads and writes reports; every read is scoped by tenant. */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Inserts inside the caller's transaction and answers the stored row. */
  async insert(manager: EntityManager, report: NewReport): Promise<ReportEntity> {
    const repo = manager.getRepository(ReportEntity);
    await repo.insert(report);
    return repo.findOneByOrFail({ id: report.id });
  }

  /** Which of `ids` are reports of the tenant (the store sweep's question). */
  async existing(tenantId: string, ids: string[]): Promise<Set<string>> {
    const rows = (await this.dataSource.query(`SELECT id::text FROM reports WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids])) as Array<{ id: string }>;
    return new Set(rows.map((r) => r.id));
  }

  /** Deletes the reports about a client inside the caller's transaction; answers their storage keys. */
  async deleteByClient(manager: EntityManager, tenantId: string, clientId: string): Promise<string[]> {
    const [rows] = (await manager.query('DELETE FROM reports WHERE tenant_id = $1 AND client_id = $2 RETURNING storage_key', [tenantId, clientId])) as [Array<{ storage_key: string }>, number];
    return rows.map((r) => r.storage_key);
  }

  findById(tenantId: string, id: string): Promise<ReportEntity | null> {
    return this.dataSource.getRepository(ReportEntity).findOneBy({ tenantId, id });
  }
}
