import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Role } from '../../common/auth/roles.js';
import { AppException } from '../../common/errors/app.exception.js';
import { prefixedId } from '../../common/ids.js';
import { AuditService } from '../audit/audit.service.js';
import type { UserEntity } from '../users/entities/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import type { SsoProtocol } from './entities/sso-configuration.entity.js';
import type { MappedIdentity } from './identity-mapping.js';

/**
 * Just-in-time accounts: the first SSO login creates the user in the tenant (mapped role, or the
 * default role); later logins bring the name and, when the IdP sends roles, the role up to date.
 * E-mails are unique across tenants, so one that belongs to another tenant is refused.
 */
@Injectable()
export class SsoProvisioningService {
  constructor(
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async provision(tenantId: string, protocol: SsoProtocol, identity: MappedIdentity, defaultRole: Role, ip: string | null): Promise<UserEntity> {
    const existing = (await this.users.findByEmail(identity.email)) ?? (await this.create(tenantId, protocol, identity, defaultRole, ip));
    if (existing.tenantId !== tenantId) throw new AppException('SSO_ACCOUNT_CONFLICT', `${identity.email} already has an account in another tenant`);
    if (existing.disabledAt) throw new AppException('ACCOUNT_DISABLED');
    return this.update(existing, protocol, identity, ip);
  }

  private async create(tenantId: string, protocol: SsoProtocol, identity: MappedIdentity, defaultRole: Role, ip: string | null): Promise<UserEntity> {
    const role = identity.role ?? defaultRole;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const created = await this.users.insert(
          { id: prefixedId('usr'), tenantId, email: identity.email, passwordHash: null, fullName: identity.fullName ?? identity.email.split('@')[0], role },
          manager,
        );
        await this.audit.record(
          { tenantId, actorId: null, action: 'user.create', targetType: 'user', targetId: created.id, ip, metadata: { role, source: 'sso', protocol } },
          manager,
        );
        return created;
      });
    } catch (error) {
      // Two first logins at once: the other one created the account.
      const concurrent = error instanceof AppException && error.code === 'EMAIL_TAKEN';
      const winner = concurrent ? await this.users.findByEmail(identity.email) : null;
      if (winner) return winner;
      throw error;
    }
  }

  private async update(user: UserEntity, protocol: SsoProtocol, identity: MappedIdentity, ip: string | null): Promise<UserEntity> {
    const changes: Partial<Pick<UserEntity, 'fullName' | 'role'>> = {};
    if (identity.fullName && identity.fullName !== user.fullName) changes.fullName = identity.fullName;
    if (identity.role && identity.role !== user.role) changes.role = identity.role;
    if (Object.keys(changes).length === 0) return user;
    await this.dataSource.transaction(async (manager) => {
      // The IdP may not demote the tenant's last active admin (the tenant would lose its administration).
      if (changes.role && user.role === 'admin') {
        const admins = await this.users.lockActiveAdmins(user.tenantId, manager);
        if (admins.length === 1 && admins[0] === user.id) delete changes.role;
      }
      if (Object.keys(changes).length === 0) return;
      await this.users.update(user.id, changes, manager);
      if (changes.role) {
        await this.audit.record(
          { tenantId: user.tenantId, actorId: null, action: 'user.role_change', targetType: 'user', targetId: user.id, ip, metadata: { from: user.role, to: changes.role, source: 'sso', protocol } },
          manager,
        );
      }
    });
    return (await this.users.findById(user.id)) ?? user;
  }
}
