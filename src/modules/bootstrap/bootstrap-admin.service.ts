import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import { prefixedId } from '../../common/ids.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { PasswordService } from '../auth/password.service.js';
import { TenantsService } from '../tenants/tenants.service.js';
import type { UserEntity } from '../users/entities/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

export const BOOTSTRAP_TENANT_NAME = 'Default';

/**
 * Creates tenant `Default` and the configured admin at start-up when the e-mail has no account yet, and
 * marks that account the operator (`users.is_operator`, the queue board's key). An account the
 * bootstrap did not create (someone registered the e-mail first) is never made the operator: that is
 * logged as an error for the operator to resolve.
 */
@Injectable()
export class BootstrapAdminService implements OnApplicationBootstrap {
  constructor(
    private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly tenants: TenantsService,
    private readonly passwords: PasswordService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.bootstrapAdmin;
    if (!admin) {
      this.logger.info('no bootstrap admin: BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD are unset (register a tenant with POST /api/v1/auth/register)');
      return;
    }
    const email = admin.email.trim().toLowerCase();
    const existing = await this.users.findByEmail(email);
    if (existing) return this.checkExisting(existing);
    this.passwords.assertPolicy(admin.password);
    const passwordHash = await this.passwords.hash(admin.password);
    try {
      await this.dataSource.transaction(async (manager) => {
        const tenant = (await this.tenants.findByName(BOOTSTRAP_TENANT_NAME)) ?? (await this.tenants.create(BOOTSTRAP_TENANT_NAME, manager));
        const user = await this.users.insert(
          { id: prefixedId('usr'), tenantId: tenant.id, email, passwordHash, fullName: 'Administrator', role: 'admin', isOperator: true },
          manager,
        );
        await this.users.addPasswordHistory(user.id, passwordHash, manager);
      });
      this.logger.info({ email }, 'created bootstrap admin');
    } catch (error) {
      // Another process of the same deployment created it first (or someone registered it meanwhile).
      const taken = (error instanceof AppException && error.code === 'EMAIL_TAKEN') || (error as { driverError?: { code?: string } }).driverError?.code === '23505';
      if (!taken) throw error;
      const winner = await this.users.findByEmail(email);
      if (winner) this.checkExisting(winner);
    }
  }

  private checkExisting(user: UserEntity): void {
    if (user.isOperator) {
      this.logger.info({ email: user.email }, 'bootstrap admin present');
      return;
    }
    this.logger.error(
      { email: user.email, userId: user.id, tenantId: user.tenantId },
      'BOOTSTRAP_ADMIN_EMAIL belongs to an account the bootstrap did not create: it is not made the operator and the queue board stays closed; ' +
        'set BOOTSTRAP_ADMIN_EMAIL to an unused address (see docs/security.md)',
    );
  }
}
