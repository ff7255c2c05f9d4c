var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import { notFound } from '../../common/errors/app.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { ClientRegister } from '../clients/index.js';
import { PipelineRepository } from './pipeline/pipeline.repository.js';
/** A completed statement's investors, as the client register links them. */
export function statementOf(tenantId, documentId, documentType, result) {
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
let RegisterAttachment = class RegisterAttachment {
    constructor(pipeline, clients, audit) {
        this.pipeline = pipeline;
        this.clients = clients;
        this.audit = audit;
    }
    /** Attaches the owner's chat upload to the register (idempotent); 404 for anyone else's document. */
    async attach(user, documentId) {
        return this.pipeline.transaction(async (manager) => {
            // The run's completion takes the same lock and reads `attached_at` under it: exactly one of the two links.
            const [doc] = (await manager.query(`SELECT owner_id, origin, attached_at, classification FROM documents WHERE tenant_id = $1 AND id = $2 FOR NO KEY UPDATE`, [user.tenantId, documentId]));
            if (!doc || doc.owner_id !== user.userId || doc.origin !== 'chat')
                throw notFound('Document');
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
    async privateUploads(tenantId, ids) {
        if (!ids.length)
            return [];
        const rows = (await this.pipeline.transaction((manager) => manager.query(`SELECT id::text FROM documents WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND origin = 'chat' AND attached_at IS NULL`, [tenantId, ids])));
        return rows.map((r) => r.id);
    }
};
RegisterAttachment = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [PipelineRepository,
        ClientRegister,
        AuditService])
], RegisterAttachment);
export { RegisterAttachment };
//# sourceMappingURL=register-attachment.js.map