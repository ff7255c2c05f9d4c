import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { prefixedId } from '../../common/ids.js';
import { notFound } from '../../common/errors/app.exception.js';
import { TenantEntity } from './entities/tenant.entity.js';

@Injectable()
export class TenantsService {
  constructor(@InjectRepository(TenantEntity) private readonly tenants: Repository<TenantEntity>) {}

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

  async get(id: string): Promise<TenantEntity> {
    const tenant = await this.tenants.findOneBy({ id });
    if (!tenant) throw notFound('Tenant');
    return tenant;
  }
}
