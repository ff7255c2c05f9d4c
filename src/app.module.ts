import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import type { Logger } from 'pino';
import { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter.js';
import { EnvelopeInterceptor } from './common/http/envelope.interceptor.js';
import { LoggingModule } from './common/logging/logging.module.js';
import { DatabaseModule } from './database/database.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ClientsModule } from './modules/clients/clients.module.js';
import { BootstrapModule } from './modules/bootstrap/bootstrap.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { GainsModule } from './modules/gains/gains.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { BatchUploadModule } from './modules/nexus/batch/batch-upload.module.js';
import { NexusModule } from './modules/nexus/nexus.module.js';
import { PortfolioModule } from './modules/portfolio/portfolio.module.js';
import { ClientReportsModule } from './modules/reports/client-reports.module.js';
import { OutboxModule } from './modules/outbox/outbox.module.js';
import { QueueModule } from './modules/queue/queue.module.js';
import { LlmModule } from './modules/llm/llm.module.js';
import { RedisModule } from './modules/redis/redis.module.js';
import { SsoModule } from './modules/sso/sso.module.js';
import { TenantsModule } from './modules/tenants/tenants.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { ZenModule } from './modules/zen/zen.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        DatabaseModule,
        RedisModule,
        BootstrapModule,
        HealthModule.forRoot(config.role),
        MetricsModule,
        AuthModule,
        SsoModule,
        UsersModule,
        TenantsModule,
        AuditModule,
        QueueModule,
        OutboxModule,
        LlmModule,
        NexusModule.forRoot(config.role),
        BatchUploadModule.forRoot(config.role),
        ZenModule.forRoot(config.role),
        DashboardModule.forRoot(config.role),
        WebhooksModule.forRoot(config.role),
        ClientsModule.forRoot(config.role),
        PortfolioModule.forRoot(config.role),
        GainsModule.forRoot(config.role),
        ClientReportsModule.forRoot(config.role),
      ],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
