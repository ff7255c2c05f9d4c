import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DocumentStatus } from '../entities/document.entity.js';
import { UploadBatchFileEntity, type BatchFileOutcome } from './entities/upload-batch-file.entity.js';
import { UploadBatchEntity } from './entities/upload-batch.entity.js';

export type NewBatchFile = Pick<UploadBatchFileEntity, 'batchId' | 'tenantId' | 'position' | 'fileName' | 'documentId' | 'clientId' | 'outcome' | 'errorCode' | 'errorMessage'>;

/** What an erased batch file keeps: its place and the fact that it was erased. */
const ERASED = `outcome = 'erased', file_name = '', error_code = NULL, error_message = NULL, client_id = NULL, document_id = NULL, admitted_at = NULL`;

/** A batch file with its document's and latest run's state, as the batch status reads it. */
export interface BatchFileRow {
  position: number;
  fileName: string;
  outcome: BatchFileOutcome;
  errorCode: string | null;
  errorMessage: string | null;
  documentId: string | null;
  clientId: string | null;
  jobId: string | null;
  documentStatus: DocumentStatus | null;
  processId: string | null;
  processStatus: string | null;
  processErrorCode: string | null;
  processErrorMessage: string | null;
}

/** A file let into the pipeline, for the admission to open and start. */
export interface AdmittedFile {
  batchId: string;
  position: number;
  tenantId: string;
  documentId: string;
  clientId: string | null;
}

/** The only place that reads and writes upload_batches and upload_batch_files; every method is scoped by tenant. */
@Injectable()
export class BatchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insertBatch(row: Pick<UploadBatchEntity, 'id' | 'tenantId' | 'ownerId' | 'source' | 'fileCount'>): Promise<void> {
    await this.dataSource.getRepository(UploadBatchEntity).insert(row);
  }

  async insertFile(row: NewBatchFile): Promise<void> {
    await this.dataSource.getRepository(UploadBatchFileEntity).insert({ ...row, admittedAt: null });
  }

  findBatch(tenantId: string, id: string): Promise<UploadBatchEntity | null> {
    return this.dataSource.getRepository(UploadBatchEntity).findOneBy({ tenantId, id });
  }

  /** The batch's files in request order, each with its document's status and its latest run. */
  async files(tenantId: string, batchId: string): Promise<BatchFileRow[]> {
    return this.dataSource.query(
      `SELECT f.position, f.file_name AS "fileName", f.outcome, f.error_code AS "errorCode", f.error_message AS "errorMessage",
              f.document_id AS "documentId", f.client_id AS "clientId", d.job_id AS "jobId", d.status AS "documentStatus",
              p.id AS "processId", p.status AS "processStatus", p.error_code AS "processErrorCode", p.error_message AS "processErrorMessage"
         FROM upload_batch_files f
         LEFT JOIN documents d ON d.id = f.document_id AND d.tenant_id = f.tenant_id
         LEFT JOIN LATERAL (SELECT id, status, error_code, error_message FROM pipeline_processes
                             WHERE document_id = f.document_id AND tenant_id = f.tenant_id ORDER BY started_at DESC LIMIT 1) p ON true
        WHERE f.tenant_id = $1 AND f.batch_id = $2
        ORDER BY f.position`,
      [tenantId, batchId],
    );
  }

  /**
   * Lets waiting files of the tenant into the pipeline, oldest first, while fewer than `cap` of its
   * admitted files have a document not yet finished. Serialised per tenant by an advisory lock, so two
   * processes admitting at once never pass the cap together.
   */
  async admit(tenantId: string, cap: number): Promise<AdmittedFile[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('upload-batch-admission'), hashtext($1))`, [tenantId]);
      const [{ inflight }] = await manager.query(
        `SELECT count(*)::int AS inflight FROM upload_batch_files f JOIN documents d ON d.id = f.document_id
          WHERE f.tenant_id = $1 AND f.outcome = 'admitted' AND d.status IN ('uploaded', 'processing')`,
        [tenantId],
      );
      const room = cap - (inflight as number);
      if (room <= 0) return [];
      return manager.query(
        `UPDATE upload_batch_files f SET outcome = 'admitted', admitted_at = now()
           FROM (SELECT batch_id, position FROM upload_batch_files
                  WHERE tenant_id = $1 AND outcome = 'waiting' ORDER BY created_at, batch_id, position LIMIT $2) next
          WHERE f.batch_id = next.batch_id AND f.position = next.position
         RETURNING f.batch_id AS "batchId", f.position, f.tenant_id AS "tenantId", f.document_id AS "documentId", f.client_id AS "clientId"`,
        [tenantId, room],
      ).then(([rows]: [AdmittedFile[]]) => rows);
    });
  }

  async settle(tenantId: string, batchId: string, position: number, outcome: Extract<BatchFileOutcome, 'refused' | 'password_required'>, errorCode: string, errorMessage: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE upload_batch_files SET outcome = $4, error_code = $5, error_message = $6 WHERE tenant_id = $1 AND batch_id = $2 AND position = $3`,
      [tenantId, batchId, position, outcome, errorCode, errorMessage.slice(0, 500)],
    );
  }

  /**
   * A deleted document's batch file keeps its place in the batch (the count stays right, the batch
   * finishes) but nothing it said about the statement: no file name, message, client or document.
   */
  async forgetDocument(manager: EntityManager, tenantId: string, documentId: string): Promise<void> {
    await manager.query(`UPDATE upload_batch_files SET ${ERASED} WHERE tenant_id = $1 AND document_id = $2`, [tenantId, documentId]);
  }

  /** The same for every batch file that named a deleted client (a refused file has no document to delete). */
  async forgetClient(manager: EntityManager, tenantId: string, clientId: string): Promise<void> {
    await manager.query(`UPDATE upload_batch_files SET ${ERASED} WHERE tenant_id = $1 AND client_id = $2`, [tenantId, clientId]);
  }

  /** Whether the document is a batch file's (its run's end may let the next one in). */
  async tenantOfBatchDocument(documentId: string): Promise<string | null> {
    const rows: Array<{ tenantId: string }> = await this.dataSource.query(`SELECT tenant_id AS "tenantId" FROM upload_batch_files WHERE document_id = $1 LIMIT 1`, [documentId]);
    return rows[0]?.tenantId ?? null;
  }

  /** Tenants with files waiting for admission. */
  async tenantsWaiting(): Promise<string[]> {
    const rows: Array<{ tenantId: string }> = await this.dataSource.query(`SELECT DISTINCT tenant_id AS "tenantId" FROM upload_batch_files WHERE outcome = 'waiting'`);
    return rows.map((r) => r.tenantId);
  }

  /**
   * Admitted files whose document never started (their process died while opening or starting it),
   * admitted before `before`; each is leased again (admitted_at = now) so one sweep takes it.
   */
  async leaseStalled(before: Date): Promise<AdmittedFile[]> {
    const [rows] = await this.dataSource.query(
      `UPDATE upload_batch_files f SET admitted_at = now()
         FROM documents d
        WHERE d.id = f.document_id AND d.tenant_id = f.tenant_id AND f.outcome = 'admitted' AND d.status = 'uploaded' AND f.admitted_at < $1
       RETURNING f.batch_id AS "batchId", f.position, f.tenant_id AS "tenantId", f.document_id AS "documentId", f.client_id AS "clientId"`,
      [before],
    );
    return rows as AdmittedFile[];
  }
}
