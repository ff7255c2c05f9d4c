import { Injectable } from '@nestjs/common';
import { QueryFailedError, type EntityManager } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { AppException } from '../../common/errors/app.exception.js';
import { panProblem } from '../../common/identifiers/pan.js';
import { offsetOf, paginated, type Paginated } from '../../common/http/pagination.js';
import { isPrefixedId, prefixedId } from '../../common/ids.js';
import { AppConfig } from '../../config/app-config.js';
import { AuditService } from '../audit/audit.service.js';
import { DocumentErasure, ExportService } from '../nexus/index.js';
import { clientNotFound } from './client-register.js';
import { ClientsRepository, type ClientChanges } from './clients.repository.js';
import {
  toClientDocumentDto,
  toClientDto,
  type ClientDeletionDocumentDto,
  type ClientDeletionDto,
  type ClientDocumentDto,
  type ClientDto,
  type ClientListQueryDto,
  type CreateClientDto,
  type UpdateClientDto,
} from './dto/client.dto.js';
import type { ClientEntity } from './entities/client.entity.js';

/** Rounds of deleting statements before the client: more than one only when statements are linked to it meanwhile. */
const MAX_DELETE_ROUNDS = 5;

/** A statement deleted meanwhile (by its uploader, or another delete of a joint statement's client) is gone already. */
const ignoreNotFound = (error: unknown) => {
  if (!(error instanceof AppException && error.getStatus() === 404)) throw error;
};
import type { PageQueryDto } from '../../common/http/pagination.js';

/** The fields of a change that the audit names (never their values: they are personal data). */
const changedFields = (dto: object) => Object.keys(dto).filter((k) => (dto as Record<string, unknown>)[k] !== undefined);

/** A real calendar date between 1900-01-01 and today, or a 400. */
function checkDateOfBirth(value: string): void {
  const date = new Date(`${value}T00:00:00Z`);
  const real = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  if (!real || value < '1900-01-01' || date.getTime() > Date.now()) {
    throw new AppException('VALIDATION_ERROR', 'date_of_birth must be a real date between 1900-01-01 and today');
  }
}

function checkPan(pan: string): void {
  const problem = panProblem(pan);
  if (problem) throw new AppException('PAN_INVALID', `pan: ${problem}`);
}

const isUniqueViolation = (error: unknown) => error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';

/** The client register's rules: who may see and change what, sealing, PAN uniqueness, audit. */
@Injectable()
export class ClientsService {
  private readonly box: SecretBox;

  constructor(
    config: AppConfig,
    private readonly repo: ClientsRepository,
    private readonly audit: AuditService,
    private readonly erasure: DocumentErasure,
    private readonly exports: ExportService,
  ) {
    this.box = new SecretBox(config.crypto);
  }

  async create(user: Principal, dto: CreateClientDto, ip: string | null): Promise<ClientDto> {
    checkPan(dto.pan);
    if (dto.date_of_birth !== undefined) checkDateOfBirth(dto.date_of_birth);
    const row = { id: prefixedId('cli'), tenantId: user.tenantId };
    const client = await this.withPanUnique(user.tenantId, dto.pan, () =>
      this.repo.transaction(async (manager) => {
        const holder = await this.repo.findClientByPan(user.tenantId, dto.pan, manager);
        if (holder) throw panTaken(holder.id);
        const created = await this.repo.insertClient(
          {
            ...row,
            name: dto.name,
            pan: dto.pan,
            sealedDateOfBirth: dto.date_of_birth ? this.box.seal('client-date-of-birth', row, dto.date_of_birth) : null,
            sealedStatementPasswords: dto.statement_passwords?.length ? this.box.seal('client-statement-passwords', row, JSON.stringify(dto.statement_passwords)) : null,
            passwordCount: dto.statement_passwords?.length ?? 0,
            email: dto.email ?? null,
            mobile: dto.mobile ?? null,
            tags: dto.tags ?? [],
            source: 'manual',
            createdBy: user.userId,
          },
          manager,
        );
        // Statements already read with this PAN (while no client had it) are the client's.
        const linked = await this.repo.attachByPan(user.tenantId, dto.pan, created.id, manager);
        await this.audit.record(
          { tenantId: user.tenantId, actorId: user.userId, action: 'client.create', targetType: 'client', targetId: created.id, ip, metadata: { source: 'manual', fields: changedFields(dto), linked_investors: linked } },
          manager,
        );
        return created;
      }),
    );
    return toClientDto(client, null);
  }

  async get(user: Principal, id: string): Promise<ClientDto> {
    const client = await this.require(user.tenantId, id);
    const households = await this.repo.householdOfClients(user.tenantId, [client.id]);
    return toClientDto(client, households.get(client.id) ?? null);
  }

  async list(user: Principal, query: ClientListQueryDto): Promise<Paginated<ClientDto>> {
    const [rows, total] = await this.repo.listClients(user.tenantId, { name: query.name, panPrefix: query.pan, tag: query.tag }, { skip: offsetOf(query), take: query.limit });
    const households = await this.repo.householdOfClients(user.tenantId, rows.map((r) => r.id));
    return paginated(rows.map((c) => toClientDto(c, households.get(c.id) ?? null)), total, query);
  }

  async update(user: Principal, id: string, dto: UpdateClientDto, ip: string | null): Promise<ClientDto> {
    const fields = changedFields(dto);
    if (!fields.length) throw new AppException('VALIDATION_ERROR', 'Nothing to change: send at least one field');
    if (dto.pan !== undefined) checkPan(dto.pan);
    if (typeof dto.date_of_birth === 'string') checkDateOfBirth(dto.date_of_birth);
    const current = await this.require(user.tenantId, id);
    const row = { id: current.id, tenantId: user.tenantId };
    const changes: ClientChanges = {
      ...(dto.name !== undefined ? { name: dto.name } : {}),
      ...(dto.pan !== undefined ? { pan: dto.pan } : {}),
      ...(dto.email !== undefined ? { email: dto.email } : {}),
      ...(dto.mobile !== undefined ? { mobile: dto.mobile } : {}),
      ...(dto.tags !== undefined ? { tags: dto.tags } : {}),
      ...(dto.date_of_birth !== undefined ? { sealedDateOfBirth: dto.date_of_birth === null ? null : this.box.seal('client-date-of-birth', row, dto.date_of_birth) } : {}),
      ...(dto.statement_passwords !== undefined
        ? {
            sealedStatementPasswords: dto.statement_passwords.length ? this.box.seal('client-statement-passwords', row, JSON.stringify(dto.statement_passwords)) : null,
            passwordCount: dto.statement_passwords.length,
          }
        : {}),
    };
    await this.withPanUnique(user.tenantId, dto.pan ?? current.pan, () =>
      this.repo.transaction(async (manager) => {
        let relinked = 0;
        if (dto.pan !== undefined && dto.pan !== current.pan) {
          const holder = await this.repo.findClientByPan(user.tenantId, dto.pan, manager);
          if (holder) throw panTaken(holder.id);
          relinked = await this.relink(user.tenantId, current.id, dto.pan, manager);
        }
        await this.repo.updateClient(user.tenantId, current.id, changes, manager);
        await this.audit.record(
          { tenantId: user.tenantId, actorId: user.userId, action: 'client.update', targetType: 'client', targetId: current.id, ip, metadata: { fields, relinked_investors: relinked } },
          manager,
        );
      }),
    );
    return this.get(user, current.id);
  }

  /**
   * Deletes a client with every statement it appears in (joint ones included): each is deleted as
   * nexus's document deletion deletes it (original, extraction, stage rows, layout, exports, chat
   * passages and the messages quoting them, queued jobs; a `document.delete` audit entry each), then
   * the client with the reports about it and their files (gains exports) (`client.delete`, naming the
   * documents' ids only). `dryRun` lists those statements and
   * changes nothing. A statement linked to the client while it is being deleted is deleted too: the
   * client's row lock is taken before the last count, so no link commits between that count and the delete.
   */
  async remove(user: Principal, id: string, ip: string | null, options: { dryRun?: boolean } = {}): Promise<ClientDeletionDto> {
    const client = await this.require(user.tenantId, id);
    const documents = await this.statementsOf(user.tenantId, client.id);
    if (options.dryRun) return { client_id: client.id, deleted: false, documents };
    const deleted = new Map(documents.map((d) => [d.doc_id, d]));
    let pendingReports: string[] = [];
    for (let round = 1; ; round++) {
      const pending = round === 1 ? documents : await this.statementsOf(user.tenantId, client.id);
      for (const doc of pending) {
        await this.erasure.erase(user, doc.doc_id).catch(ignoreNotFound);
        deleted.set(doc.doc_id, doc);
      }
      const done = await this.repo.transaction(async (manager) => {
        if (!(await this.repo.lockClient(user.tenantId, client.id, manager))) throw clientNotFound();
        if ((await this.repo.countDocumentsOf(user.tenantId, client.id, manager)) > 0) return false;
        pendingReports = await this.exports.deleteClientReports(manager, user.tenantId, client.id);
        await this.erasure.forgetClient(manager, user.tenantId, client.id);
        await this.repo.deleteClient(user.tenantId, client.id, manager);
        await this.audit.record(
          { tenantId: user.tenantId, actorId: user.userId, action: 'client.delete', targetType: 'client', targetId: client.id, ip, metadata: { document_ids: [...deleted.keys()] } },
          manager,
        );
        return true;
      });
      if (done) {
        // The rows are gone: the client's reports' files (gains exports) follow; the store sweep retries any left.
        await this.exports.removeReportFiles(pendingReports);
        return { client_id: client.id, deleted: true, documents: [...deleted.values()] };
      }
      if (round === MAX_DELETE_ROUNDS) throw new AppException('CONFLICT', 'Statements kept being linked to the client while it was deleted; try again');
    }
  }

  /** Every statement the client appears in, newest first, with what makes each joint. */
  private async statementsOf(tenantId: string, clientId: string): Promise<ClientDeletionDocumentDto[]> {
    const [linked] = await this.repo.documentsOf(tenantId, [clientId], { skip: 0, take: Number.MAX_SAFE_INTEGER });
    const co = await this.repo.coInvestors(
      tenantId,
      clientId,
      linked.map((d) => d.documentId),
    );
    return linked.map((d) => {
      const of = co.get(d.documentId) ?? { investors: 1, otherClientIds: [] };
      return { ...toClientDocumentDto(d), joint: of.investors > 1, other_client_ids: of.otherClientIds };
    });
  }

  async documents(user: Principal, id: string, page: PageQueryDto): Promise<Paginated<ClientDocumentDto>> {
    const client = await this.require(user.tenantId, id);
    const [rows, total] = await this.repo.documentsOf(user.tenantId, [client.id], { skip: offsetOf(page), take: page.limit });
    return paginated(rows.map(toClientDocumentDto), total, page);
  }

  private async require(tenantId: string, id: string): Promise<ClientEntity> {
    const client = isPrefixedId(id, 'cli') ? await this.repo.findClient(tenantId, id) : null;
    if (!client) throw clientNotFound();
    return client;
  }

  /** Statements follow the PAN: the old PAN's investors are unlinked, the new PAN's unlinked ones attached. */
  private async relink(tenantId: string, clientId: string, pan: string, manager: EntityManager): Promise<number> {
    return (await this.repo.detachOtherPans(tenantId, clientId, pan, manager)) + (await this.repo.attachByPan(tenantId, pan, clientId, manager));
  }

  /** Two requests creating the same PAN at once: the loser's unique violation is the same 409, naming the winner. */
  private async withPanUnique<T>(tenantId: string, pan: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const holder = await this.repo.findClientByPan(tenantId, pan);
      throw panTaken(holder?.id ?? null);
    }
  }
}

/**
 * The details name the client that holds the PAN (`client_id: cli_…`), so a caller whose upload already
 * created the client goes on with that one; the holder is in the caller's tenant, so nothing leaks.
 */
const panTaken = (holderId: string | null) =>
  new AppException('PAN_TAKEN', holderId === null ? 'Another client of the tenant has this PAN' : `Another client of the tenant has this PAN; client_id: ${holderId}`);
