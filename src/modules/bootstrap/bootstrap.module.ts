import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersCoreModule } from '../users/users-core.module.js';
import { BootstrapAdminService } from './bootstrap-admin.service.js';

@Module({ imports: [AuthModule, TenantsModule, UsersCoreModule], providers: [BootstrapAdminService] })
export class BootstrapModule {}
