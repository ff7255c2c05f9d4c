import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessRole } from '../../config/app-config.js';
import { NexusModule } from '../nexus/index.js';
import { UsersCoreModule } from '../users/users-core.module.js';
import { QuotasModule } from '../quotas/index.js';
import { ChatFiguresModule } from '../zen/index.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';
import { StatsController } from './stats.controller.js';
import { StatsService } from './stats.service.js';
import { TenantUsageController } from './usage.controller.js';

/**
 * The caller's overview (summary figures and the activity feed), the admin's tenant statistics and
 * the tenant's usage against its quotas, composed from the figures each module gives: nexus
 * (documents, stored bytes), users, zen (chats), quotas (counters).
 */
@Module({})
export class DashboardModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: DashboardModule,
      imports: [NexusModule.forRoot(role), UsersCoreModule, ChatFiguresModule, QuotasModule],
      controllers: role === 'worker' ? [DashboardController, TenantUsageController] : [DashboardController, StatsController, TenantUsageController],
      providers: [DashboardService, StatsService],
    };
  }
}
