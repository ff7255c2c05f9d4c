import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** First key of the advisory locks that serialise a tenant's stored-bytes checks (the second is the tenant's hash). */
const STORED_BYTES_LOCK_CLASS = 740_611_202;

/** What a document keeps on disk: its original and, once drawn, its layout. */
const DOCUMENT_BYTES = 'size_bytes + layout_bytes';

/**
 * The bytes a tenant and its users keep (originals and stored layouts), read from the documents themselves (never a running total
 * that a deletion, a cascade or a lost write could leave wrong): whatever removes a document frees its
 * bytes at once.
 */
@Injectable()
export class StoredBytesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Takes the tenant's stored-bytes lock until `manager`'s transaction ends, so that two uploads
   * cannot both fit under a limit that only one of them fits: each checks and records its document
   * in turn.
   */
  async lockTenant(manager: EntityManager, tenantId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1::int4, hashtext($2))', [STORED_BYTES_LOCK_CLASS, tenantId]);
  }

  /** The tenant's stored bytes and those of one of its users. */
  async forTenantAndUser(tenantId: string, userId: string, manager: EntityManager = this.dataSource.manager): Promise<{ tenant: number; user: number }> {
    const [row] = (await manager.query(
      `SELECT coalesce(sum(${DOCUMENT_BYTES}), 0)::text AS tenant,
              coalesce(sum(${DOCUMENT_BYTES}) FILTER (WHERE owner_id = $2), 0)::text AS "user"
         FROM documents WHERE tenant_id = $1`,
      [tenantId, userId],
    )) as Array<{ tenant: string; user: string }>;
    return { tenant: Number(row.tenant), user: Number(row.user) };
  }

  /** Stored bytes of each of `userIds` (in the tenant); users without documents are absent. */
  async byUser(tenantId: string, userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT owner_id, sum(${DOCUMENT_BYTES})::text AS bytes FROM documents WHERE tenant_id = $1 AND owner_id = ANY($2::varchar[]) GROUP BY owner_id`,
      [tenantId, userIds],
    )) as Array<{ owner_id: string; bytes: string }>;
    return new Map(rows.map((r) => [r.owner_id, Number(r.bytes)]));
  }

  async forTenant(tenantId: string): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT coalesce(sum(${DOCUMENT_BYTES}), 0)::text AS bytes FROM documents WHERE tenant_id = $1`, [tenantId])) as Array<{ bytes: string }>;
    return Number(row.bytes);
  }
}
