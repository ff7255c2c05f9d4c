import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, type EntityManager, type Repository } from 'typeorm';
import { AppException } from '../../common/errors/app.exception.js';
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

  /** Whether the account is the operator the bootstrap created (see UserEntity.isOperator). */
  async isOperator(id: string): Promise<boolean> {
    return (await this.users.findOne({ where: { id }, select: { id: true, isOperator: true } }))?.isOperator === true;
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

  /**
   * Locks the tenant's active admins for the rest of the caller's transaction and answers their ids.
   * Every change that could leave a tenant without an active admin (demoting or disabling one) takes
   * this lock first and decides on what it answers, so two such changes at once cannot both pass.
   */
  async lockActiveAdmins(tenantId: string, manager: EntityManager): Promise<string[]> {
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT id FROM users WHERE tenant_id = $1 AND role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`,
      [tenantId],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Inserts a user; an e-mail taken meanwhile (two sign-ups at once) answers 409 EMAIL_TAKEN like the check before it.
   * `isOperator` is for the bootstrap alone; every other account is created without it.
   */
  async insert(
    user: Omit<UserEntity, 'createdAt' | 'updatedAt' | 'tenant' | 'lastLoginAt' | 'disabledAt' | 'isOperator'> & { isOperator?: boolean },
    manager?: EntityManager,
  ) {
    const repo = manager?.getRepository(UserEntity) ?? this.users;
    try {
      await repo.insert({ ...user, isOperator: user.isOperator ?? false, disabledAt: null, lastLoginAt: null });
    } catch (error) {
      // The e-mail's unique index is the table's only unique key besides the generated id.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') throw new AppException('EMAIL_TAKEN');
      throw error;
    }
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

  /** The tenant's accounts and those not disabled, for the tenant's statistics. */
  async counts(tenantId: string): Promise<{ n: number; active: number }> {
    const rows = await this.users.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE disabled_at IS NULL)::int AS active FROM users WHERE tenant_id = $1`,
      [tenantId],
    );
    return rows[0];
  }
}
