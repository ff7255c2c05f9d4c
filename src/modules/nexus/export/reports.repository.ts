import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { ReportEntity, type ReportStatus } from './entities/report.entity.js';

export type NewReport = Omit<ReportEntity, 'createdAt' | 'tenant' | 'document' | 'creator' | 'client' | 'household'>;

/** A made file's row fields. */
export interface ReportFileFields {
  storageKey: string;
  sizeBytes: number;
  sha256: string;
  rowCount: number;
  /** A household report's members whose portfolios it prints; null for any other report. */
  memberClientIds: string[] | null;
}

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

  /**
   * Deletes the reports about a client, and the household reports that print its portfolio, inside the
   * caller's transaction; answers their storage keys.
   */
  deleteByClient(manager: EntityManager, tenantId: string, clientId: string): Promise<string[]> {
    return this.deleteWhere(manager, 'tenant_id = $1 AND (client_id = $2 OR $2 = ANY(member_client_ids))', [tenantId, clientId]);
  }

  /** Deletes a household's reports inside the caller's transaction; answers their storage keys. */
  deleteByHousehold(manager: EntityManager, tenantId: string, householdId: string): Promise<string[]> {
    return this.deleteWhere(manager, 'tenant_id = $1 AND household_id = $2', [tenantId, householdId]);
  }

  /**
   * The rows are locked in id order first: a client's deletion and a household's can both delete the
   * same household reports, and taking them in each one's scan order could leave each holding a row the
   * other waits for (a deadlock).
   */
  private async deleteWhere(manager: EntityManager, where: string, params: string[]): Promise<string[]> {
    const [rows] = (await manager.query(
      `WITH doomed AS MATERIALIZED (SELECT id FROM reports WHERE ${where} ORDER BY id FOR UPDATE)
       DELETE FROM reports r USING doomed WHERE r.id = doomed.id RETURNING r.storage_key`,
      params,
    )) as [Array<{ storage_key: string | null }>, number];
    // A report not made yet has no file.
    return rows.flatMap((r) => (r.storage_key === null ? [] : [r.storage_key]));
  }

  findById(tenantId: string, id: string): Promise<ReportEntity | null> {
    return this.dataSource.getRepository(ReportEntity).findOneBy({ tenantId, id });
  }

  /** Moves a report from one of `from` to `to`; answers whether it was in one of them. */
  async moveStatus(tenantId: string, id: string, from: readonly ReportStatus[], to: ReportStatus): Promise<boolean> {
    const result = await this.dataSource.getRepository(ReportEntity).update({ tenantId, id, status: In([...from]) }, { status: to });
    return (result.affected ?? 0) > 0;
  }

  /** Records the made file in the caller's transaction, unless the report is completed already; answers whether it was recorded. */
  async complete(manager: EntityManager, tenantId: string, id: string, file: ReportFileFields): Promise<boolean> {
    const result = await manager
      .getRepository(ReportEntity)
      .update({ tenantId, id, status: In(['queued', 'running']) }, { ...file, status: 'completed', errorCode: null, errorMessage: null, completedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  /** Locks the report's row until the caller's transaction ends, if it is still queued or running; answers whether it is. */
  async lockUnfinished(manager: EntityManager, tenantId: string, id: string): Promise<boolean> {
    const rows = (await manager.query(`SELECT 1 FROM reports WHERE tenant_id = $1 AND id = $2 AND status IN ('queued', 'running') FOR UPDATE`, [tenantId, id])) as unknown[];
    return rows.length > 0;
  }

  /** Marks a report that is not completed as failed, with the reason. */
  async fail(tenantId: string, id: string, errorCode: string, errorMessage: string): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(ReportEntity)
      .update({ tenantId, id, status: In(['queued', 'running']) }, { status: 'failed', errorCode, errorMessage: errorMessage.slice(0, 500), completedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  /**
   * The report's place among its tenant's unfinished reports (1 = the oldest still queued or running):
   * the queue serves reports in that order across tenants (ClientReportQueue).
   */
  async placeInTenant(tenantId: string, id: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS place FROM reports
        WHERE tenant_id = $1 AND status IN ('queued', 'running') AND created_at <= (SELECT created_at FROM reports WHERE tenant_id = $1 AND id = $2)`,
      [tenantId, id],
    )) as Array<{ place: number }>;
    return Math.max(1, row?.place ?? 1);
  }

  /** Client reports still queued or running that were asked for before `before` (for the reconciler). */
  unfinished(before: Date, limit: number): Promise<Array<Pick<ReportEntity, 'tenantId' | 'id'>>> {
    return this.dataSource
      .getRepository(ReportEntity)
      .createQueryBuilder('r')
      .select(['r.tenantId', 'r.id'])
      .where('r.status IN (:...statuses)', { statuses: ['queued', 'running'] })
      .andWhere('r.created_at < :before', { before })
      .orderBy('r.created_at', 'ASC')
      .limit(limit)
      .getMany();
  }
}
