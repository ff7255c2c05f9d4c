import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessRole } from '../../config/app-config.js';
import { NexusModule } from '../nexus/index.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

/** Liveness and readiness; where workers run, the market data's state comes from nexus. */
@Module({})
export class HealthModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return { module: HealthModule, imports: [NexusModule.forRoot(role)], controllers: [HealthController], providers: [HealthService] };
  }
}
