import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessRole } from '../../config/app-config.js';
import { NexusModule } from '../nexus/index.js';
import { PortfolioModule } from '../portfolio/portfolio.module.js';
import { GainsController } from './gains.controller.js';
import { GainsService } from './gains.service.js';

/** Capital gains of clients and households (docs/gains.md): the routes over the pure lots engine. */
@Module({})
export class GainsModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: GainsModule,
      imports: [NexusModule.forRoot(role), PortfolioModule.forRoot(role)],
      controllers: role === 'worker' ? [] : [GainsController],
      providers: role === 'worker' ? [] : [GainsService],
    };
  }
}
