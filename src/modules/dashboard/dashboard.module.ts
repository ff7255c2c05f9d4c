import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessRole } from '../../config/app-config.js';
import { NexusModule } from '../nexus/index.js';
import { UsersCoreModule } from '../users/users-core.module.js';
import { ChatFiguresModule } from '../zen/index.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';
import { StatsController } from './stats.controller.js';
import { StatsService } from './stats.service.js';

/**
 * The caller's overview (summary figures and the activity feed) and the admin's tenant statistics,
 * composed from the figures each module gives: nexus (documents), users, zen (chats).
 */
@Module({})
export class DashboardModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: DashboardModule,
      imports: [NexusModule.forRoot(role), UsersCoreModule, ChatFiguresModule],
      controllers: role === 'worker' ? [DashboardController] : [DashboardController, StatsController],
      providers: [DashboardService, StatsService],
    };
  }
}
