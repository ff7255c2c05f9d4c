import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { AppException, notFound } from '../../common/errors/app.exception.js';
import { paginated, type PageQueryDto, type Paginated } from '../../common/http/pagination.js';
import { AuditService } from '../audit/audit.service.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { PasswordService } from '../auth/password.service.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { toUserDetailDto, toUserDto, type UserDetailDto, type UserDto } from './dto/user.dto.js';
import type { UpdateMeDto } from './dto/user-requests.dto.js';
import type { UserEntity } from './entities/user.entity.js';
import type { Role } from '../../common/auth/roles.js';
import { UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsRepository,
    private readonly audit: AuditService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async me(principal: Principal): Promise<UserDto> {
    return toUserDto(await this.require(principal.tenantId, principal.userId));
  }

  /** Renames the caller and/or changes their password (which ends their other sessions). */
  async updateMe(principal: Principal, dto: UpdateMeDto, client: ClientInfo): Promise<UserDto> {
    if (dto.full_name === undefined && dto.new_password === undefined) {
      throw new AppException('VALIDATION_ERROR', 'Nothing to change: send full_name and/or new_password');
    }
    const user = await this.require(principal.tenantId, principal.userId);
    if (dto.new_password !== undefined) {
      if (!dto.current_password) throw new AppException('VALIDATION_ERROR', 'current_password is required to change the password');
      if (!user.passwordHash || !(await this.passwords.verify(user.passwordHash, dto.current_password))) {
        throw new AppException('INVALID_CREDENTIALS', 'The current password is wrong', { status: 400 });
      }
      await this.setPassword(user, dto.new_password, principal.sessionId, principal.userId, client);
    }
    if (dto.full_name !== undefined) await this.users.update(user.id, { fullName: dto.full_name });
    return toUserDto(await this.require(principal.tenantId, principal.userId));
  }

  async list(tenantId: string, page: PageQueryDto): Promise<Paginated<UserDetailDto>> {
    const [rows, total] = await this.users.listInTenant(tenantId, page);
    return paginated(rows.map(toUserDetailDto), total, page);
  }

  async get(tenantId: string, userId: string): Promise<UserDetailDto> {
    return toUserDetailDto(await this.require(tenantId, userId));
  }

  async changeRole(admin: Principal, userId: string, role: Role, client: ClientInfo): Promise<UserDetailDto> {
    const user = await this.require(admin.tenantId, userId);
    if (user.role === role) return toUserDetailDto(user);
    if (user.id === admin.userId) throw new AppException('CONFLICT', 'Admins cannot change their own role');
    await this.dataSource.transaction(async (manager) => {
      await this.assertStillAdmin(admin, manager);
      await this.users.update(user.id, { role }, manager);
      await this.audit.record(
        { tenantId: admin.tenantId, actorId: admin.userId, action: 'user.role_change', targetType: 'user', targetId: user.id, ip: client.ip, metadata: { from: user.role, to: role } },
        manager,
      );
    });
    return this.get(admin.tenantId, userId);
  }

  /** Disables (or re-enables) an account; disabling ends its sessions at once. */
  async setDisabled(admin: Principal, userId: string, disabled: boolean, client: ClientInfo): Promise<UserDetailDto> {
    const user = await this.require(admin.tenantId, userId);
    if (user.id === admin.userId) throw new AppException('CONFLICT', 'Admins cannot disable their own account');
    if ((user.disabledAt !== null) !== disabled) {
      await this.dataSource.transaction(async (manager) => {
        await this.assertStillAdmin(admin, manager);
        await this.users.update(user.id, { disabledAt: disabled ? new Date() : null }, manager);
        if (disabled) await this.sessions.revokeAllForUser(user.id, 'account_disabled', undefined, manager);
        await this.audit.record(
          { tenantId: admin.tenantId, actorId: admin.userId, action: disabled ? 'user.disable' : 'user.enable', targetType: 'user', targetId: user.id, ip: client.ip },
          manager,
        );
      });
    }
    return this.get(admin.tenantId, userId);
  }

  /**
   * Role changes and disabling run under the lock on the tenant's active admins, and only while the
   * acting admin is still one of them: two admins demoting or disabling each other at once cannot
   * both succeed and leave the tenant without an admin (the second is refused).
   */
  private async assertStillAdmin(admin: Principal, manager: EntityManager): Promise<void> {
    const admins = await this.users.lockActiveAdmins(admin.tenantId, manager);
    if (!admins.includes(admin.userId)) throw new AppException('FORBIDDEN', 'You are no longer an active admin of this tenant');
  }

  private async setPassword(user: UserEntity, password: string, keepSessionId: string, actorId: string, client: ClientInfo) {
    this.passwords.assertPolicy(password);
    await this.passwords.assertNotReused(password, await this.users.recentPasswordHashes(user.id));
    const passwordHash = await this.passwords.hash(password);
    await this.dataSource.transaction(async (manager) => {
      await this.users.update(user.id, { passwordHash }, manager);
      await this.users.addPasswordHistory(user.id, passwordHash, manager);
      await this.sessions.revokeAllForUser(user.id, 'password_changed', keepSessionId, manager);
      await this.audit.record(
        { tenantId: user.tenantId, actorId, action: 'user.password_change', targetType: 'user', targetId: user.id, ip: client.ip },
        manager,
      );
    });
  }

  private async require(tenantId: string, userId: string): Promise<UserEntity> {
    const user = await this.users.findInTenant(tenantId, userId);
    if (!user) throw notFound('User');
    return user;
  }
}
