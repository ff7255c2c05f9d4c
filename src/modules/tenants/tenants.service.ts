import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import { prefixedId } from '../../common/ids.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppException, notFound } from '../../common/errors/app.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { TenantEntity } from './entities/tenant.entity.js';

@Injectable()
export class TenantsService {
  constructor(
    @InjectRepository(TenantEntity) private readonly tenants: Repository<TenantEntity>,
    private readonly audit: AuditService,
  ) {}

  async create(name: string, manager?: EntityManager): Promise<TenantEntity> {
    const repo = manager?.getRepository(TenantEntity) ?? this.tenants;
    const id = prefixedId('ten');
    await repo.insert({ id, name });
    return repo.findOneByOrFail({ id });
  }

  /** Names are not unique (anyone may register "Default"): the oldest tenant of that name. */
  findByName(name: string): Promise<TenantEntity | null> {
    return this.tenants.findOne({ where: { name }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Whether the tenant exists (the store sweep leaves the files of a tenant it does not know alone). */
  exists(id: string): Promise<boolean> {
    return this.tenants.existsBy({ id });
  }

  /** Every tenant that keeps originals for a limited time, with its `retention_days` (the retention purge's list). */
  async withRetention(): Promise<Array<{ id: string; retentionDays: number }>> {
    const rows = await this.tenants.find({ select: { id: true, retentionDays: true }, where: { retentionDays: Not(IsNull()) } });
    return rows.map((t) => ({ id: t.id, retentionDays: t.retentionDays as number }));
  }

  async get(id: string): Promise<TenantEntity> {
    const tenant = await this.tenants.findOneBy({ id });
    if (!tenant) throw notFound('Tenant');
    return tenant;
  }

  /** The tenant's choice of creating clients from statements (true unless turned off), read in the caller's transaction. */
  async clientAutoCreate(tenantId: string, manager: EntityManager): Promise<boolean> {
    const tenant = await manager.getRepository(TenantEntity).findOneBy({ id: tenantId });
    return tenant?.clientAutoCreate ?? true;
  }

  /** Changes the settings the admin sent, audited (the fields and their new values: settings, not personal data). */
  async updateSettings(admin: Principal, changes: { client_auto_create?: boolean; retention_days?: number | null }, ip: string | null): Promise<TenantEntity> {
    const set = {
      ...(changes.client_auto_create !== undefined ? { clientAutoCreate: changes.client_auto_create } : {}),
      ...(changes.retention_days !== undefined ? { retentionDays: changes.retention_days } : {}),
    };
    if (!Object.keys(set).length) throw new AppException('VALIDATION_ERROR', 'Nothing to change: send client_auto_create and/or retention_days');
    await this.tenants.manager.transaction(async (manager) => {
      await manager.getRepository(TenantEntity).update({ id: admin.tenantId }, set);
      await this.audit.record({ tenantId: admin.tenantId, actorId: admin.userId, action: 'tenant.settings_update', targetType: 'tenant', targetId: admin.tenantId, ip, metadata: { ...changes } }, manager);
    });
    return this.get(admin.tenantId);
  }
}
