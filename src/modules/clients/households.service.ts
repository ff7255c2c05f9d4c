import { Injectable } from '@nestjs/common';
import { QueryFailedError, type EntityManager } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { AppException } from '../../common/errors/app.exception.js';
import { offsetOf, paginated, type Paginated } from '../../common/http/pagination.js';
import { isPrefixedId, prefixedId } from '../../common/ids.js';
import { AuditService } from '../audit/audit.service.js';
import { ExportService } from '../nexus/index.js';
import { clientNotFound, householdNotFound } from './client-register.js';
import { ClientsRepository } from './clients.repository.js';
import type { CreateHouseholdDto, HouseholdDto, HouseholdListQueryDto, HouseholdMemberInputDto, UpdateHouseholdDto } from './dto/household.dto.js';
import type { Relationship } from './entities/household-member.entity.js';
import type { HouseholdEntity } from './entities/household.entity.js';

/** Households: groups of the tenant's clients, each client in at most one, at most one `self` each. */
@Injectable()
export class HouseholdsService {
  constructor(
    private readonly repo: ClientsRepository,
    private readonly audit: AuditService,
    private readonly exports: ExportService,
  ) {}

  async create(user: Principal, dto: CreateHouseholdDto, ip: string | null): Promise<HouseholdDto> {
    const members = dto.members ?? [];
    if (new Set(members.map((m) => m.client_id)).size !== members.length) throw new AppException('VALIDATION_ERROR', 'members: a client is named twice');
    const id = await this.repo.transaction(async (manager) => {
      const household = await this.repo.insertHousehold({ id: prefixedId('hh'), tenantId: user.tenantId, name: dto.name, createdBy: user.userId }, manager);
      for (const member of members) await this.setMember(user.tenantId, household.id, member, manager);
      await this.audit.record(
        { tenantId: user.tenantId, actorId: user.userId, action: 'household.create', targetType: 'household', targetId: household.id, ip, metadata: { client_ids: members.map((m) => m.client_id) } },
        manager,
      );
      return household.id;
    });
    return this.get(user, id);
  }

  async get(user: Principal, id: string): Promise<HouseholdDto> {
    const household = await this.require(user.tenantId, id);
    return (await this.withMembers(user.tenantId, [household]))[0];
  }

  async list(user: Principal, query: HouseholdListQueryDto): Promise<Paginated<HouseholdDto>> {
    const [rows, total] = await this.repo.listHouseholds(user.tenantId, query.name, { skip: offsetOf(query), take: query.limit });
    return paginated(await this.withMembers(user.tenantId, rows), total, query);
  }

  async rename(user: Principal, id: string, dto: UpdateHouseholdDto, ip: string | null): Promise<HouseholdDto> {
    await this.require(user.tenantId, id);
    await this.repo.transaction(async (manager) => {
      await this.repo.renameHousehold(user.tenantId, id, dto.name, manager);
      await this.audit.record({ tenantId: user.tenantId, actorId: user.userId, action: 'household.update', targetType: 'household', targetId: id, ip, metadata: { fields: ['name'] } }, manager);
    });
    return this.get(user, id);
  }

  /** Adds the client to the household, or changes its relationship there. */
  async putMember(user: Principal, id: string, clientId: string, relationship: Relationship, ip: string | null): Promise<HouseholdDto> {
    await this.repo.transaction(async (manager) => {
      const household = isPrefixedId(id, 'hh') ? await this.repo.lockHousehold(user.tenantId, id, manager) : null;
      if (!household) throw householdNotFound();
      await this.setMember(user.tenantId, household.id, { client_id: clientId, relationship }, manager);
      await this.audit.record(
        { tenantId: user.tenantId, actorId: user.userId, action: 'household.member_set', targetType: 'household', targetId: household.id, ip, metadata: { client_id: clientId, relationship } },
        manager,
      );
    });
    return this.get(user, id);
  }

  /** Takes the client out of the household; a client of the tenant that is not a member leaves it as it is. */
  async removeMember(user: Principal, id: string, clientId: string, ip: string | null): Promise<HouseholdDto> {
    await this.require(user.tenantId, id);
    if (!isPrefixedId(clientId, 'cli') || !(await this.repo.findClient(user.tenantId, clientId))) throw clientNotFound();
    await this.repo.transaction(async (manager) => {
      if (!(await this.repo.removeMember(user.tenantId, id, clientId, manager))) return;
      await this.audit.record({ tenantId: user.tenantId, actorId: user.userId, action: 'household.member_remove', targetType: 'household', targetId: id, ip, metadata: { client_id: clientId } }, manager);
    });
    return this.get(user, id);
  }

  /** Deletes the household with its reports and their files; its clients stay in the register. */
  async remove(user: Principal, id: string, ip: string | null): Promise<void> {
    await this.require(user.tenantId, id);
    const pendingReports = await this.repo.transaction(async (manager) => {
      const pending = await this.exports.deleteHouseholdReports(manager, user.tenantId, id);
      if (!(await this.repo.deleteHousehold(user.tenantId, id, manager))) throw householdNotFound();
      await this.audit.record({ tenantId: user.tenantId, actorId: user.userId, action: 'household.delete', targetType: 'household', targetId: id, ip }, manager);
      return pending;
    });
    // The rows are gone: the reports' files follow; the store sweep retries any left.
    await this.exports.removeReportFiles(pendingReports);
  }

  /** Within the household's transaction (the household row locked, or just created). */
  private async setMember(tenantId: string, householdId: string, member: HouseholdMemberInputDto, manager: EntityManager): Promise<void> {
    const client = isPrefixedId(member.client_id, 'cli') ? await this.repo.findClient(tenantId, member.client_id, manager) : null;
    if (!client) throw clientNotFound();
    const membership = await this.repo.findMembership(tenantId, client.id, manager);
    if (membership && membership.householdId !== householdId) throw new AppException('CLIENT_IN_HOUSEHOLD', 'The client already belongs to another household: remove it there first');
    if (member.relationship === 'self') {
      const members = await this.repo.membersOf(tenantId, [householdId], manager);
      if (members.some((m) => m.relationship === 'self' && m.clientId !== client.id)) throw new AppException('HOUSEHOLD_SELF_TAKEN');
    }
    if (membership) await this.repo.setRelationship(tenantId, householdId, client.id, member.relationship, manager);
    else {
      try {
        // A savepoint: a lost race leaves the transaction usable for the 409.
        await manager.transaction((inner) => this.repo.insertMember({ tenantId, householdId, clientId: client.id, relationship: member.relationship }, inner));
      } catch (error) {
        if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') throw new AppException('CLIENT_IN_HOUSEHOLD', 'The client already belongs to another household: remove it there first');
        throw error;
      }
    }
  }

  private async withMembers(tenantId: string, households: HouseholdEntity[]): Promise<HouseholdDto[]> {
    const members = await this.repo.membersOf(tenantId, households.map((h) => h.id));
    return households.map((h) => ({
      household_id: h.id,
      name: h.name,
      members: members.filter((m) => m.householdId === h.id).map((m) => ({ client_id: m.clientId, name: m.client.name, pan: m.client.pan, relationship: m.relationship })),
      created_at: h.createdAt.toISOString(),
      updated_at: h.updatedAt.toISOString(),
    }));
  }

  private async require(tenantId: string, id: string): Promise<HouseholdEntity> {
    const household = isPrefixedId(id, 'hh') ? await this.repo.findHousehold(tenantId, id) : null;
    if (!household) throw householdNotFound();
    return household;
  }
}
