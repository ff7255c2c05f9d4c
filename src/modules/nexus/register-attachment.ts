import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { notFound } from '../../common/errors/app.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { ClientRegister, type CompletedStatement } from '../clients/index.js';
import type { ExtractionResult } from '../extraction/index.js';
import { PipelineRepository } from './pipeline/pipeline.repository.js';

/** A completed statement's investors, as the client register links them. */
export function statementOf(tenantId: string, documentId: string, documentType: string, result: ExtractionResult): CompletedStatement {
  return {
    tenantId,
    documentId,
    documentType,
    statementDate: result.period.to,
    investors: result.entities.map((e) => ({ name: e.entity_name, pan: e.pan })),
  };
}

/**
 * A statement uploaded into a chat session is its owner's alone: the client register (its clients,
 * their documents, transactions and portfolios, which every user of the tenant reads) does not see it
 * until the owner attaches it. Attaching links its investors as a Nexus upload's are linked, now when
 * it is read already, or when its run completes.
 */
@Injectable()
export class RegisterAttachment {
  constructor(
    private readonly pipeline: PipelineRepository,
    private readonly clients: ClientRegister,
    private readonly audit: AuditService,
  ) {}

  /** Attaches the owner's chat upload to the register (idempotent); 404 for anyone else's document. */
  async attach(user: Principal, documentId: string): Promise<{ attached_at: string; linked_investors: number }> {
    return this.pipeline.transaction(async (manager) => {
      // The run's completion takes the same lock and reads `attached_at` under it: exactly one of the two links.
      const [doc] = (await manager.query(
        `SELECT owner_id, origin, attached_at, classification FROM documents WHERE tenant_id = $1 AND id = $2 FOR NO KEY UPDATE`,
        [user.tenantId, documentId],
      )) as Array<{ owner_id: string; origin: string; attached_at: Date | null; classification: string | null }>;
      if (!doc || doc.owner_id !== user.userId || doc.origin !== 'chat') throw notFound('Document');
      const attachedAt = doc.attached_at ?? new Date();
      if (!doc.attached_at) {
        await manager.query('UPDATE documents SET attached_at = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [user.tenantId, documentId, attachedAt]);
        await this.audit.record({ tenantId: user.tenantId, actorId: user.userId, action: 'document.attach', targetType: 'document', targetId: documentId, metadata: {} }, manager);
      }
      const extraction = await this.pipeline.findExtraction(user.tenantId, documentId, manager);
      const links = extraction ? await this.clients.linkStatement(manager, statementOf(user.tenantId, documentId, doc.classification ?? 'UNKNOWN', extraction.result)) : [];
      return { attached_at: attachedAt.toISOString(), linked_investors: links.filter((l) => l.clientId !== null).length };
    });
  }

  /** Which of `ids` are chat uploads still private to their owner (not attached to the register). */
  async privateUploads(tenantId: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = (await this.pipeline.transaction((manager) =>
      manager.query(`SELECT id::text FROM documents WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND origin = 'chat' AND attached_at IS NULL`, [tenantId, ids]),
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }
}
