import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The rows a document's deletion reads and removes: nexus's own tables, every statement scoped by tenant. */
@Injectable()
export class ErasureRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Takes the document's row lock (the one the pipeline's writing transactions take first), so that
   * no stage output, extraction or layout is written for it while, or after, it is deleted.
   */
  async lockDocument(manager: EntityManager, tenantId: string, id: string): Promise<{ ownerId: string; storageKey: string } | null> {
    const [row] = (await manager.query('SELECT owner_id, storage_key FROM documents WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id])) as Array<{
      owner_id: string;
      storage_key: string;
    }>;
    return row ? { ownerId: row.owner_id, storageKey: row.storage_key } : null;
  }

  async processIds(manager: EntityManager, tenantId: string, documentId: string): Promise<string[]> {
    const rows = (await manager.query('SELECT id::text FROM pipeline_processes WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId])) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** Removes the document's reports, token usage, extraction, stage rows and processes; answers the reports' storage keys. */
  async deleteDerived(manager: EntityManager, tenantId: string, documentId: string, processIds: string[]): Promise<string[]> {
    const reports = (await manager.query('DELETE FROM reports WHERE tenant_id = $1 AND document_id = $2 RETURNING storage_key', [tenantId, documentId])) as [
      Array<{ storage_key: string }>,
      number,
    ];
    await manager.query('DELETE FROM token_usage WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]);
    await manager.query('DELETE FROM extractions WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]);
    if (processIds.length) await manager.query('DELETE FROM pipeline_stages WHERE process_id = ANY($1::uuid[])', [processIds]);
    await manager.query('DELETE FROM pipeline_processes WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]);
    return reports[0].map((r) => r.storage_key);
  }

  async deleteDocument(manager: EntityManager, tenantId: string, id: string): Promise<void> {
    await manager.query('DELETE FROM documents WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  }

  /**
   * Up to `limit` of the tenant's documents created before `before` whose original is still kept and
   * that no pipeline run is processing (the retention purge's candidates), oldest first.
   */
  async expiredOriginals(tenantId: string, before: Date, limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id::text FROM documents
        WHERE tenant_id = $1 AND created_at < $2 AND original_purged_at IS NULL AND status <> 'processing'
        ORDER BY created_at LIMIT $3`,
      [tenantId, before, limit],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /**
   * Marks the document's original purged (its layout no longer counted) and empties its stage rows'
   * outputs, which hold every page's text, under the document's row lock; answers the original's
   * storage key, or null when the document is gone, already purged, or processing again since it was listed.
   */
  async purgeOriginal(manager: EntityManager, tenantId: string, id: string, at: Date): Promise<{ storageKey: string; processIds: string[] } | null> {
    const [row] = (await manager.query(
      `SELECT storage_key FROM documents WHERE tenant_id = $1 AND id = $2 AND original_purged_at IS NULL AND status <> 'processing' FOR UPDATE`,
      [tenantId, id],
    )) as Array<{ storage_key: string }>;
    if (!row) return null;
    const processIds = await this.processIds(manager, tenantId, id);
    if (processIds.length) await manager.query('UPDATE pipeline_stages SET output = NULL WHERE process_id = ANY($1::uuid[])', [processIds]);
    await manager.query('UPDATE documents SET original_purged_at = $3, layout_bytes = 0, updated_at = now() WHERE tenant_id = $1 AND id = $2', [tenantId, id, at]);
    return { storageKey: row.storage_key, processIds };
  }
}
