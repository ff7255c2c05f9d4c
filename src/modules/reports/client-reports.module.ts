import { BullModule } from '@nestjs/bull';
import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessRole } from '../../config/app-config.js';
import { ClientsCoreModule } from '../clients/index.js';
import { GainsModule } from '../gains/gains.module.js';
import { NexusModule } from '../nexus/index.js';
import { PortfolioModule } from '../portfolio/portfolio.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersCoreModule } from '../users/users-core.module.js';
import { ClientReportGenerator } from './client-report.generator.js';
import { ClientReportProcessor } from './client-report.processor.js';
import { CLIENT_REPORT_QUEUE, ClientReportQueue } from './client-report.queue.js';
import { ClientReportReconciler } from './client-report.reconciler.js';
import { ClientReportUrls } from './client-report-urls.js';
import { ClientReportsController } from './client-reports.controller.js';
import { HouseholdReportsController } from './household-reports.controller.js';
import { ClientReportsService } from './client-reports.service.js';
import { ReportsController } from './reports.controller.js';

/**
 * Client reports: the routes where the API runs; the queue's processor, the generator and the
 * reconciler where workers run. Rows and files are nexus's reports (StoredReports).
 */
@Module({})
export class ClientReportsModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: ClientReportsModule,
      imports: [NexusModule.forRoot(role), PortfolioModule.forRoot(role), GainsModule.forRoot(role), ClientsCoreModule, TenantsModule, UsersCoreModule, BullModule.registerQueue({ name: CLIENT_REPORT_QUEUE })],
      controllers: role === 'worker' ? [] : [ClientReportsController, HouseholdReportsController, ReportsController],
      providers: [ClientReportQueue, ClientReportUrls, ClientReportsService, ...(role === 'api' ? [] : [ClientReportGenerator, ClientReportProcessor, ClientReportReconciler])],
    };
  }
}
