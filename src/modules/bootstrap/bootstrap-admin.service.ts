import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { prefixedId } from '../../common/ids.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { PasswordService } from '../auth/password.service.js';
import { TenantsService } from '../tenants/tenants.service.js';
import { UsersRepository } from '../users/users.repository.js';

export const BOOTSTRAP_TENANT_NAME = 'Default';

/** Creates tenant `Default` and the configured admin at start-up when the e-mail has no account yet. */
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
    if (!admin) return;
    const email = admin.email.trim().toLowerCase();
    if (await this.users.findByEmail(email)) return;
    this.passwords.assertPolicy(admin.password);
    const passwordHash = await this.passwords.hash(admin.password);
    try {
      await this.dataSource.transaction(async (manager) => {
        const tenant = (await this.tenants.findByName(BOOTSTRAP_TENANT_NAME)) ?? (await this.tenants.create(BOOTSTRAP_TENANT_NAME, manager));
        const user = await this.users.insert(
          { id: prefixedId('usr'), tenantId: tenant.id, email, passwordHash, fullName: 'Administrator', role: 'admin' },
          manager,
        );
        await this.users.addPasswordHistory(user.id, passwordHash, manager);
      });
      this.logger.info({ email }, 'created bootstrap admin');
    } catch (error) {
      // Another process of the same deployment created it first.
      if ((error as { driverError?: { code?: string } }).driverError?.code !== '23505') throw error;
    }
  }
}
