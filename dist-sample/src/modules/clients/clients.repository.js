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
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets } from 'typeorm';
import { ClientEntity } from './entities/client.entity.js';
import { DocumentInvestorEntity } from './entities/document-investor.entity.js';
import { HouseholdMemberEntity, RELATIONSHIPS } from './entities/household-member.entity.js';
import { HouseholdEntity } from './entities/household.entity.js';
/** A LIKE pattern that matches `text` literally. */
const likeLiteral = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Every read and write of clients, households, their members and the investors of statements; each scoped by tenant. */
let ClientsRepository = class ClientsRepository {
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    transaction(work) {
        return this.dataSource.transaction(work);
    }
    clients(manager) {
        return (manager ?? this.dataSource.manager).getRepository(ClientEntity);
    }
    households(manager) {
        return (manager ?? this.dataSource.manager).getRepository(HouseholdEntity);
    }
    members(manager) {
        return (manager ?? this.dataSource.manager).getRepository(HouseholdMemberEntity);
    }
    investors(manager) {
        return (manager ?? this.dataSource.manager).getRepository(DocumentInvestorEntity);
    }
    // ---- clients
    async insertClient(row, manager) {
        const repo = this.clients(manager);
        await repo.insert(row);
        return repo.findOneByOrFail({ id: row.id });
    }
    /**
     * Inserts the client of a PAN unless the tenant has one already (a statement completing at the same
     * time may be creating it): answers the client of the PAN and whether this call created it.
     */
    async insertClientIfAbsent(row, manager) {
        const inserted = await manager
            .createQueryBuilder()
            .insert()
            .into(ClientEntity)
            .values(row)
            .orIgnore()
            .returning(['id'])
            .execute();
        const client = await this.clients(manager).findOneByOrFail({ tenantId: row.tenantId, pan: row.pan });
        return { client, created: inserted.raw.length > 0 };
    }
    findClient(tenantId, id, manager) {
        return this.clients(manager).findOneBy({ tenantId, id });
    }
    findClientByPan(tenantId, pan, manager) {
        return this.clients(manager).findOneBy({ tenantId, pan });
    }
    async updateClient(tenantId, id, changes, manager) {
        await this.clients(manager).update({ tenantId, id }, changes);
    }
    async deleteClient(tenantId, id, manager) {
        const { affected } = await this.clients(manager).delete({ tenantId, id });
        return (affected ?? 0) > 0;
    }
    /** The tenant's clients (one, when `clientId` is given) with what passwords derive from, newest first. */
    passwordHolders(tenantId, clientId, limit) {
        return this.clients().find({
            where: clientId ? { tenantId, id: clientId } : { tenantId },
            select: { id: true, tenantId: true, pan: true, sealedDateOfBirth: true, sealedStatementPasswords: true },
            order: { createdAt: 'DESC', id: 'ASC' },
            take: limit,
        });
    }
    listClients(tenantId, filter, slice) {
        const query = this.clients().createQueryBuilder('c').where('c.tenant_id = :tenantId', { tenantId });
        if (filter.name)
            query.andWhere(`c.name ILIKE :name ESCAPE '\\'`, { name: `%${likeLiteral(filter.name)}%` });
        if (filter.panPrefix)
            query.andWhere(`c.pan LIKE :pan ESCAPE '\\'`, { pan: `${likeLiteral(filter.panPrefix)}%` });
        if (filter.tag)
            query.andWhere(':tag = ANY(c.tags)', { tag: filter.tag });
        return query.orderBy('lower(c.name)', 'ASC', 'NULLS LAST').addOrderBy('c.id', 'ASC').skip(slice.skip).take(slice.take).getManyAndCount();
    }
    // ---- households
    async insertHousehold(row, manager) {
        await this.households(manager).insert(row);
        return this.households(manager).findOneByOrFail({ id: row.id });
    }
    findHousehold(tenantId, id, manager) {
        return this.households(manager).findOneBy({ tenantId, id });
    }
    /** The household, locked until the transaction ends (membership changes of one household go one at a time). */
    lockHousehold(tenantId, id, manager) {
        return this.households(manager).findOne({ where: { tenantId, id }, lock: { mode: 'pessimistic_write' } });
    }
    async renameHousehold(tenantId, id, name, manager) {
        await this.households(manager).update({ tenantId, id }, { name });
    }
    async deleteHousehold(tenantId, id, manager) {
        const { affected } = await this.households(manager).delete({ tenantId, id });
        return (affected ?? 0) > 0;
    }
    listHouseholds(tenantId, name, slice) {
        const query = this.households().createQueryBuilder('h').where('h.tenant_id = :tenantId', { tenantId });
        if (name)
            query.andWhere(new Brackets((q) => q.where(`h.name ILIKE :name ESCAPE '\\'`, { name: `%${likeLiteral(name)}%` })));
        return query.orderBy('lower(h.name)', 'ASC').addOrderBy('h.id', 'ASC').skip(slice.skip).take(slice.take).getManyAndCount();
    }
    /** The members of these households, with their clients: by relationship (self, spouse, child, parent, huf, other), then in the order they joined. */
    membersOf(tenantId, householdIds, manager) {
        if (!householdIds.length)
            return Promise.resolve([]);
        return this.members(manager)
            .createQueryBuilder('m')
            .innerJoinAndSelect('m.client', 'c')
            .where('m.tenant_id = :tenantId AND m.household_id IN (:...householdIds)', { tenantId, householdIds })
            .orderBy(`array_position(ARRAY[${RELATIONSHIPS.map((r) => `'${r}'`).join(',')}]::varchar[], m.relationship)`, 'ASC')
            .addOrderBy('m.created_at', 'ASC')
            .addOrderBy('m.client_id', 'ASC')
            .getMany();
    }
    /** The membership of these clients, by client id. */
    async householdOfClients(tenantId, clientIds) {
        if (!clientIds.length)
            return new Map();
        const rows = await this.members().createQueryBuilder('m').where('m.tenant_id = :tenantId AND m.client_id IN (:...clientIds)', { tenantId, clientIds }).getMany();
        return new Map(rows.map((m) => [m.clientId, m.householdId]));
    }
    findMembership(tenantId, clientId, manager) {
        return this.members(manager).findOneBy({ tenantId, clientId });
    }
    /** A new membership; a client already in a household (a race lost) fails on the primary key (23505). */
    async insertMember(row, manager) {
        await this.members(manager).insert(row);
    }
    async setRelationship(tenantId, householdId, clientId, relationship, manager) {
        await this.members(manager).update({ tenantId, householdId, clientId }, { relationship });
    }
    async removeMember(tenantId, householdId, clientId, manager) {
        const { affected } = await this.members(manager).delete({ tenantId, householdId, clientId });
        return (affected ?? 0) > 0;
    }
    // ---- investors of statements
    async replaceInvestors(tenantId, documentId, rows, manager) {
        await this.investors(manager).delete({ tenantId, documentId });
        if (rows.length)
            await this.investors(manager).insert(rows);
    }
    investorsOf(tenantId, documentId) {
        return this.investors().find({ where: { tenantId, documentId }, order: { investorIndex: 'ASC' } });
    }
    /** The statements any of these clients appears in, one row per statement (its first investor among them), newest statement first. */
    async documentsOf(tenantId, clientIds, slice) {
        if (!clientIds.length)
            return [[], 0];
        const firsts = `SELECT DISTINCT ON (document_id) * FROM document_investors WHERE tenant_id = $1 AND client_id = ANY($2) ORDER BY document_id, investor_index`;
        const [rows, [{ total }]] = (await Promise.all([
            this.dataSource.query(`SELECT document_id AS "documentId", investor_index AS "investorIndex", pan, client_id AS "clientId", flag, document_type AS "documentType",
                to_char(statement_date, 'YYYY-MM-DD') AS "statementDate", linked_at AS "linkedAt"
           FROM (${firsts}) f ORDER BY statement_date DESC NULLS LAST, linked_at DESC, document_id LIMIT $3 OFFSET $4`, [tenantId, clientIds, slice.take, slice.skip]),
            this.dataSource.query(`SELECT count(DISTINCT document_id)::int AS total FROM document_investors WHERE tenant_id = $1 AND client_id = ANY($2)`, [tenantId, clientIds]),
        ]));
        return [rows.map((r) => ({ ...r, tenantId })), total];
    }
    /** Ids of the statements a client appears in. */
    async documentIdsOf(tenantId, clientId) {
        const rows = (await this.dataSource.query('SELECT DISTINCT document_id::text AS id FROM document_investors WHERE tenant_id = $1 AND client_id = $2', [tenantId, clientId]));
        return rows.map((r) => r.id);
    }
    /**
     * For each of the documents, how many investors it names and the clients other than `clientId` it is
     * linked to (what makes a statement joint).
     */
    async coInvestors(tenantId, clientId, documentIds) {
        if (!documentIds.length)
            return new Map();
        const rows = (await this.dataSource.query(`SELECT document_id::text AS "documentId", count(*)::int AS investors,
              coalesce(array_agg(DISTINCT client_id) FILTER (WHERE client_id IS NOT NULL AND client_id <> $2), '{}') AS "otherClientIds"
         FROM document_investors WHERE tenant_id = $1 AND document_id = ANY($3::uuid[]) GROUP BY document_id`, [tenantId, clientId, documentIds]));
        return new Map(rows.map((r) => [r.documentId, { investors: r.investors, otherClientIds: [...r.otherClientIds].sort() }]));
    }
    /** Takes the client's row lock (a statement being linked to it waits for it, and fails once the client is gone). */
    async lockClient(tenantId, id, manager) {
        const rows = (await manager.query('SELECT id FROM clients WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]));
        return rows.length > 0;
    }
    /** Locks the clients' rows against deletion (FOR SHARE) until the transaction ends; answers how many exist. */
    async lockClientsShared(tenantId, ids, manager) {
        const rows = (await manager.query('SELECT id FROM clients WHERE tenant_id = $1 AND id = ANY($2::varchar[]) ORDER BY id FOR SHARE', [tenantId, ids]));
        return rows.length;
    }
    async countDocumentsOf(tenantId, clientId, manager) {
        return this.investors(manager).countBy({ tenantId, clientId });
    }
    /** Links the investors of the tenant's statements that carry `pan` and no client yet (a client of that PAN now exists). */
    async attachByPan(tenantId, pan, clientId, manager) {
        const { affected } = await this.investors(manager)
            .createQueryBuilder()
            .update()
            .set({ clientId, flag: null })
            .where('tenant_id = :tenantId AND pan = :pan AND client_id IS NULL', { tenantId, pan })
            .execute();
        return affected ?? 0;
    }
    /** Unlinks the client's investors whose PAN is no longer the client's (its PAN changed). */
    async detachOtherPans(tenantId, clientId, pan, manager) {
        const { affected } = await this.investors(manager)
            .createQueryBuilder()
            .update()
            .set({ clientId: null, flag: 'NO_CLIENT_WITH_PAN' })
            .where('tenant_id = :tenantId AND client_id = :clientId AND pan IS DISTINCT FROM :pan', { tenantId, clientId, pan })
            .execute();
        return affected ?? 0;
    }
};
ClientsRepository = __decorate([
    Injectable(),
    __param(0, InjectDataSource()),
    __metadata("design:paramtypes", [Function])
], ClientsRepository);
export { ClientsRepository };
//# sourceMappingURL=clients.repository.js.map