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
import { paginated, offsetOf } from '../../common/http/pagination.js';
import { ClientRegister } from '../clients/index.js';
import { ResultsService } from '../nexus/index.js';
import { consolidate, consolidateHousehold, normaliseFolio } from './consolidation/index.js';
import { toFiguresDto, toPortfolioDto, toTransactionDto } from './dto/portfolio.mapper.js';
const toStatement = ({ doc_id, result }) => ({
    document_id: doc_id,
    document_type: result.document_type,
    period: result.period,
    entities: result.entities,
});
/** A client's whole history: every statement counted, its own PAN's holdings. */
const clientHistoryOf = (client, statements) => ({
    client_id: client.id,
    name: client.name,
    pan: client.pan,
    consolidation: consolidate(statements, { pans: [client.pan] }),
});
/** Each member's whole history; `statements` in the members' order. */
const householdHistoryOf = (household, statements) => ({
    household_id: household.id,
    name: household.name,
    members: household.members.map((m, i) => ({ ...clientHistoryOf(m, statements[i]), relationship: m.relationship })),
});
/** The client's portfolio as of `asOf`: its own PAN's holdings. */
const clientPortfolioFrom = (client, statements, asOf) => ({
    client_id: client.id,
    ...toPortfolioDto(consolidate(statements, { asOf, pans: [client.pan] })),
});
/** The household's portfolio as of `asOf`, with each member's figures; `statements` in the members' order. */
function householdPortfolioFrom(household, statements, asOf) {
    const c = consolidateHousehold(household.members.map((m, i) => ({ client_id: m.id, name: m.name ?? '', pans: [m.pan], statements: statements[i] })), { asOf });
    return {
        household_id: household.id,
        ...toPortfolioDto(c),
        members: c.members.map((m, i) => ({
            client_id: m.client_id,
            name: household.members[i].name,
            relationship: household.members[i].relationship,
            positions: m.positions,
            totals: toFiguresDto(m.figures),
        })),
    };
}
/**
 * A client's or a household's portfolio and merged transaction history, consolidated from every
 * completed statement of the tenant linked to the client (docs/portfolio.md). The register is the
 * firm's: any member of the tenant reads it; the documents are listed by id, type and date only.
 */
let PortfolioService = class PortfolioService {
    constructor(register, results) {
        this.register = register;
        this.results = results;
    }
    clientPortfolio(user, clientId, asOf) {
        return this.clientPortfolioOf(user.tenantId, clientId, asOf);
    }
    /** The client's portfolio as `GET /clients/{id}/portfolio` answers it, for work done without a caller (a report job). */
    async clientPortfolioOf(tenantId, clientId, asOf) {
        const client = await this.register.requireClient(tenantId, clientId);
        return clientPortfolioFrom(client, await this.statementsOf(tenantId, client.id), asOf);
    }
    /**
     * For a report of the client: its portfolio as of `asOf` and its whole history (what its gains are
     * computed from), from one read of the register and the client's statements.
     */
    async clientSnapshot(tenantId, clientId, asOf) {
        const client = await this.register.requireClient(tenantId, clientId);
        const statements = await this.statementsOf(tenantId, client.id);
        return { portfolio: clientPortfolioFrom(client, statements, asOf), history: clientHistoryOf(client, statements) };
    }
    householdPortfolio(user, householdId, asOf) {
        return this.householdPortfolioOf(user.tenantId, householdId, asOf);
    }
    /** The household's portfolio as `GET /households/{id}/portfolio` answers it, for work done without a caller (a report job). */
    async householdPortfolioOf(tenantId, householdId, asOf) {
        const household = await this.register.requireHousehold(tenantId, householdId);
        return householdPortfolioFrom(household, await this.statementsOfMembers(tenantId, household), asOf);
    }
    /**
     * For a report of the household: its portfolio as of `asOf` and each member's whole history (what
     * their gains are computed from), from one read of the register and the members' statements, so
     * both describe the same members.
     */
    async householdSnapshot(tenantId, householdId, asOf) {
        const household = await this.register.requireHousehold(tenantId, householdId);
        const statements = await this.statementsOfMembers(tenantId, household);
        return { portfolio: householdPortfolioFrom(household, statements, asOf), history: householdHistoryOf(household, statements) };
    }
    async clientTransactions(user, clientId, query) {
        const client = await this.register.requireClient(user.tenantId, clientId);
        const { transactions } = consolidate(await this.statementsOf(user.tenantId, client.id), { pans: [client.pan] });
        const folio = query.folio ? normaliseFolio(query.folio) : null;
        const rows = transactions.filter((t) => (!folio || (t.folio !== null && normaliseFolio(t.folio) === folio)) &&
            (!query.isin || t.isin === query.isin) &&
            (!query.type || t.type === query.type) &&
            (!query.from || t.date >= query.from) &&
            (!query.to || t.date <= query.to));
        const start = offsetOf(query);
        return paginated(rows.slice(start, start + query.limit).map(toTransactionDto), rows.length, query);
    }
    /**
     * For other modules (gains): the tenant's client with the consolidation of every statement linked
     * to it (positions with their history status, the merged transaction history). 404 CLIENT_NOT_FOUND
     * across tenants.
     */
    async clientHistory(tenantId, clientId) {
        const client = await this.register.requireClient(tenantId, clientId);
        return clientHistoryOf(client, await this.statementsOf(tenantId, client.id));
    }
    /** The same for each member of the tenant's household (their own PANs' holdings); 404 HOUSEHOLD_NOT_FOUND across tenants. */
    async householdHistory(tenantId, householdId) {
        const household = await this.register.requireHousehold(tenantId, householdId);
        return householdHistoryOf(household, await this.statementsOfMembers(tenantId, household));
    }
    /** Each member's statements, in the members' order. */
    statementsOfMembers(tenantId, household) {
        return Promise.all(household.members.map((m) => this.statementsOf(tenantId, m.id)));
    }
    async statementsOf(tenantId, clientId) {
        const ids = await this.register.documentIdsOf(tenantId, clientId);
        return (await this.results.completedExtractions(tenantId, ids)).map(toStatement);
    }
};
PortfolioService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [ClientRegister,
        ResultsService])
], PortfolioService);
export { PortfolioService };
//# sourceMappingURL=portfolio.service.js.map