var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import { isValidPan } from '../../common/identifiers/pan.js';
import { isPrefixedId, prefixedId } from '../../common/ids.js';
import { AuditService } from '../audit/audit.service.js';
import { TenantsService } from '../tenants/tenants.service.js';
import { ClientsRepository } from './clients.repository.js';
/**
 * The register as other modules use it: linking a completed statement's investors to clients (in the
 * pipeline's completing transaction), the clients of a document, the documents of a client, and a
 * client or household by id (404 across tenants).
 */
let ClientRegister = class ClientRegister {
    constructor(config, repo, audit, tenants, logger) {
        this.repo = repo;
        this.audit = audit;
        this.tenants = tenants;
        this.logger = logger;
        this.box = new SecretBox(config.crypto);
    }
    /**
     * The date of birth and statement passwords of one client of the tenant (`clientId`), or of its
     * newest `limit` clients: what an encrypted statement's password may be. The caller tries them and
     * keeps none; a sealed value that does not open counts as absent.
     */
    async passwordHolders(tenantId, clientId, limit) {
        const rows = await this.repo.passwordHolders(tenantId, clientId, limit);
        return rows.map((c) => {
            const row = { id: c.id, tenantId: c.tenantId };
            const passwords = c.sealedStatementPasswords ? this.box.openOrNull('client-statement-passwords', row, c.sealedStatementPasswords, this.logger) : null;
            return {
                clientId: c.id,
                pan: c.pan,
                dateOfBirth: c.sealedDateOfBirth ? this.box.openOrNull('client-date-of-birth', row, c.sealedDateOfBirth, this.logger) : null,
                passwords: passwords ? JSON.parse(passwords) : [],
            };
        });
    }
    /**
     * Links each investor of the statement to the client with its PAN, creating the client when the
     * register has none (unless the tenant turned client auto-creation off). Replaces the document's
     * earlier links (a document processed again). Runs in the caller's transaction.
     */
    async linkStatement(manager, statement) {
        const { tenantId, documentId } = statement;
        const autoCreate = await this.tenants.clientAutoCreate(tenantId, manager);
        const links = [];
        const created = [];
        for (const [investorIndex, investor] of statement.investors.entries()) {
            const pan = investor.pan?.trim().toUpperCase() ?? null;
            if (!pan || !isValidPan(pan)) {
                links.push({ investorIndex, pan: null, clientId: null, flag: 'PAN_MISSING' });
                continue;
            }
            let client = await this.repo.findClientByPan(tenantId, pan, manager);
            if (!client && autoCreate) {
                const outcome = await this.repo.insertClientIfAbsent(newStatementClient(tenantId, pan, investor.name), manager);
                client = outcome.client;
                if (outcome.created)
                    created.push(client.id);
            }
            links.push({ investorIndex, pan, clientId: client?.id ?? null, flag: client ? null : 'NO_CLIENT_WITH_PAN' });
        }
        await this.repo.replaceInvestors(tenantId, documentId, links.map((l) => ({ tenantId, documentId, investorIndex: l.investorIndex, pan: l.pan, clientId: l.clientId, flag: l.flag, documentType: statement.documentType, statementDate: statement.statementDate })), manager);
        for (const id of created) {
            await this.audit.record({ tenantId, actorId: null, action: 'client.create', targetType: 'client', targetId: id, metadata: { source: 'statement', document_id: documentId } }, manager);
        }
        if (!links.length)
            return links;
        await this.audit.record({
            tenantId,
            actorId: null,
            action: 'document.clients_linked',
            targetType: 'document',
            targetId: documentId,
            metadata: { client_ids: links.map((l) => l.clientId), flags: links.map((l) => l.flag) },
        }, manager);
        return links;
    }
    /** Removes a deleted document's links to clients, in the deleting transaction (the clients themselves stay). */
    async forgetDocument(manager, tenantId, documentId) {
        await this.repo.replaceInvestors(tenantId, documentId, [], manager);
    }
    /** The clients of a document's investors, in statement order. */
    async clientsOfDocument(tenantId, documentId) {
        const investors = (await this.repo.investorsOf(tenantId, documentId)).map((r) => ({ investorIndex: r.investorIndex, pan: r.pan, clientId: r.clientId, flag: r.flag }));
        const clientIds = [...new Set(investors.flatMap((i) => (i.clientId ? [i.clientId] : [])))];
        return { clientId: clientIds[0] ?? null, clientIds, investors };
    }
    /** Ids of the documents a client of the tenant appears in (none for a client that is not the tenant's). */
    documentIdsOf(tenantId, clientId) {
        return this.repo.documentIdsOf(tenantId, clientId);
    }
    /** The tenant's client; 404 CLIENT_NOT_FOUND otherwise. */
    async requireClient(tenantId, clientId) {
        const client = isPrefixedId(clientId, 'cli') ? await this.repo.findClient(tenantId, clientId) : null;
        if (!client)
            throw clientNotFound();
        return { id: client.id, name: client.name, pan: client.pan };
    }
    /** The tenant's household with its members; 404 HOUSEHOLD_NOT_FOUND otherwise. */
    /**
     * Within the caller's transaction: locks the clients against deletion until it ends (a client's
     * deletion locks its row first) and answers whether they all still exist. What a report about them
     * is recorded under, so none is recorded for a client deleted while it was made.
     */
    async lockClients(manager, tenantId, clientIds) {
        return (await this.repo.lockClientsShared(tenantId, clientIds, manager)) === new Set(clientIds).size;
    }
    async requireHousehold(tenantId, householdId) {
        const household = isPrefixedId(householdId, 'hh') ? await this.repo.findHousehold(tenantId, householdId) : null;
        if (!household)
            throw householdNotFound();
        const members = await this.repo.membersOf(tenantId, [household.id]);
        return { id: household.id, name: household.name, members: members.map((m) => ({ id: m.client.id, name: m.client.name, pan: m.client.pan, relationship: m.relationship })) };
    }
};
ClientRegister = __decorate([
    Injectable(),
    __param(4, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig,
        ClientsRepository,
        AuditService,
        TenantsService, Object])
], ClientRegister);
export { ClientRegister };
export const clientNotFound = () => new AppException('CLIENT_NOT_FOUND', 'Client not found');
export const householdNotFound = () => new AppException('HOUSEHOLD_NOT_FOUND', 'Household not found');
function newStatementClient(tenantId, pan, name) {
    return {
        id: prefixedId('cli'),
        tenantId,
        name: name?.trim().slice(0, 200) || null,
        pan,
        sealedDateOfBirth: null,
        sealedStatementPasswords: null,
        passwordCount: 0,
        email: null,
        mobile: null,
        tags: [],
        source: 'statement',
        createdBy: null,
    };
}
//# sourceMappingURL=client-register.js.map