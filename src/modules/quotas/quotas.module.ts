import { Module } from '@nestjs/common';
import { UsersCoreModule } from '../users/users-core.module.js';
import { QuotaCountersRepository } from './quota-counters.repository.js';
import { QuotasService } from './quotas.service.js';
import { UsageService } from './usage.service.js';

/** Usage quotas per tenant and per user (uploads, stored bytes, chat), and the admins' usage report (its route is the dashboard module's). */
@Module({
  imports: [UsersCoreModule],
  providers: [QuotaCountersRepository, QuotasService, UsageService],
  exports: [QuotasService, UsageService],
})
export class QuotasModule {}
