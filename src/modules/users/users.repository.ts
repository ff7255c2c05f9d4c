import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import { offsetOf, type PageQueryDto } from '../../common/http/pagination.js';
import { PASSWORD_HISTORY_DEPTH } from '../auth/password.service.js';
import { PasswordHistoryEntity } from './entities/password-history.entity.js';
import { UserEntity } from './entities/user.entity.js';

/** The only place that reads and writes users; every tenant-facing method takes the tenant. */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(PasswordHistoryEntity) private readonly history: Repository<PasswordHistoryEntity>,
  ) {}

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: email.toLowerCase() });
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findInTenant(tenantId: string, id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ tenantId, id });
  }

  listInTenant(tenantId: string, page: PageQueryDto): Promise<[UserEntity[], number]> {
    return this.users.findAndCount({
      where: { tenantId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: offsetOf(page),
      take: page.limit,
    });
  }

  countActiveAdmins(tenantId: string): Promise<number> {
    return this.users.countBy({ tenantId, role: 'admin', disabledAt: IsNull() });
  }

  async insert(user: Omit<UserEntity, 'createdAt' | 'updatedAt' | 'tenant' | 'lastLoginAt' | 'disabledAt'>, manager?: EntityManager) {
    const repo = manager?.getRepository(UserEntity) ?? this.users;
    await repo.insert({ ...user, disabledAt: null, lastLoginAt: null });
    return repo.findOneByOrFail({ id: user.id });
  }

  async update(id: string, changes: Partial<Pick<UserEntity, 'fullName' | 'role' | 'disabledAt' | 'passwordHash' | 'lastLoginAt'>>, manager?: EntityManager) {
    await (manager?.getRepository(UserEntity) ?? this.users).update({ id }, changes);
  }

  /** The hashes of the user's most recent passwords (the current one first). */
  async recentPasswordHashes(userId: string): Promise<string[]> {
    const rows = await this.history.find({
      where: { userId },
      order: { createdAt: 'DESC' },
      take: PASSWORD_HISTORY_DEPTH,
    });
    return rows.map((r) => r.passwordHash);
  }

  async addPasswordHistory(userId: string, passwordHash: string, manager?: EntityManager) {
    await (manager?.getRepository(PasswordHistoryEntity) ?? this.history).insert({ userId, passwordHash });
  }
}
