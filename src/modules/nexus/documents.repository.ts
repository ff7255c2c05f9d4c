import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { JsonText } from '../../common/http/envelope.js';
import { readWithSessionCheck, withSessionState } from '../auth/session-check.js';
import { DocumentEntity } from './entities/document.entity.js';

/**
 * GET /api/v1/documents/me, the most frequent read, as lean as it can be: prepared (see
 * queryPrepared), and the page joined by PostgreSQL from each row's ready item (`list_item`: its JSON
 * in the answer's field names, as compact as JSON.stringify writes it, kept by a trigger on every
 * write of the row, see the migration AddDocumentListItem) into one text value that goes into the
 * envelope as it is (JsonText). Decoding fifty rows field by field and serialising them again cost the
 * process more than the whole rest of the request, and building the fifty items on every read was
 * most of PostgreSQL's work for it (docs/benchmarks.md, "Load").
 */
const LIST_FOR_OWNER = withSessionState({
  name: 'documents.list_for_owner_items',
  text: `SELECT coalesce('[' || string_agg(page.list_item, ',' ORDER BY page.created_at DESC, page.id DESC) || ']', '[]') AS items
           FROM (SELECT list_item, created_at, id FROM documents WHERE tenant_id = $1 AND owner_id = $2
                  ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4) page`,
});

/** The only place that reads and writes documents; every method is scoped by tenant. */
@Injectable()
export class DocumentsRepository {
  constructor(
    @InjectRepository(DocumentEntity) private readonly docs: Repository<DocumentEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Inserts the row (its RETURNING gives the generated times) in a transaction after `admit`, which
   * may lock and refuse (the stored-bytes quota): the row is written only if `admit` let it in, and
   * its check cannot be overtaken by another upload meanwhile.
   */
  async insert(doc: Omit<DocumentEntity, 'createdAt' | 'updatedAt' | 'tenant' | 'owner'>, admit: (manager: EntityManager) => Promise<void>): Promise<DocumentEntity> {
    return this.dataSource.transaction(async (manager) => {
      await admit(manager);
      const docs = manager.getRepository(DocumentEntity);
      const { generatedMaps } = await docs.insert(doc);
      return docs.create({ ...doc, ...generatedMaps[0] });
    });
  }

  /**
   * After `insert` failed: whether it may have been written all the same (its acknowledgement lost
   * with the connection). Not when the INSERT never reached PostgreSQL: TypeORM wraps only the errors
   * of statements it sent, a connection that could not be had is thrown as is.
   */
  mayHaveInserted(error: unknown): boolean {
    return error instanceof QueryFailedError;
  }

  /** The row; false when there is none; null when PostgreSQL cannot be asked. */
  lookup(tenantId: string, id: string): Promise<DocumentEntity | false | null> {
    return this.findById(tenantId, id).then(
      (row) => row ?? false,
      () => null,
    );
  }

  /** The caller's own documents, newest first, with the caller's session checked in the same statement (see withSessionState). */
  async listForOwner(caller: Principal, skip: number, take: number): Promise<JsonText> {
    const { items } = await readWithSessionCheck<{ items: string }>(this.dataSource, LIST_FOR_OWNER, caller, [caller.tenantId, caller.userId, take, skip]);
    return new JsonText(items);
  }

  listForTenant(tenantId: string, skip: number, take: number): Promise<[DocumentEntity[], number]> {
    return this.docs.findAndCount({ where: { tenantId }, order: { createdAt: 'DESC', id: 'DESC' }, skip, take });
  }

  /** Whether the tenant exists, and which of `ids` are its documents (the store sweep's question). */
  async ownership(tenantId: string, ids: string[]): Promise<{ tenantExists: boolean; existing: Set<string> }> {
    const [row] = (await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM tenants WHERE id = $1) AS tenant_exists,
              ARRAY(SELECT id::text FROM documents WHERE tenant_id = $1 AND id = ANY($2::uuid[])) AS existing`,
      [tenantId, ids],
    )) as Array<{ tenant_exists: boolean; existing: string[] }>;
    return { tenantExists: row.tenant_exists, existing: new Set(row.existing) };
  }

  findByJob(tenantId: string, jobId: string): Promise<DocumentEntity | null> {
    return this.docs.findOneBy({ tenantId, jobId });
  }

  findById(tenantId: string, id: string): Promise<DocumentEntity | null> {
    return this.docs.findOneBy({ tenantId, id });
  }
}
