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

  findById(tenantId: string, id: string): Promise<ReportEntity | null> {
    return this.dataSource.getRepository(ReportEntity).findOneBy({ tenantId, id });
  }
}
