import { Module } from '@nestjs/common';
import { UsersCoreModule } from '../users/users-core.module.js';
import { QuotaCountersRepository } from './quota-counters.repository.js';
import { QuotasService } from './quotas.service.js';
import { StoredBytesRepository } from './stored-bytes.repository.js';
import { TenantUsageController } from './usage.controller.js';
import { UsageService } from './usage.service.js';

/** Usage quotas per tenant and per user (uploads, stored bytes, chat), and the admins' usage report. */
@Module({
  imports: [UsersCoreModule],
  controllers: [TenantUsageController],
  providers: [QuotaCountersRepository, StoredBytesRepository, QuotasService, UsageService],
  exports: [QuotasService],
})
export class QuotasModule {}
