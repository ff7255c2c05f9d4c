import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessRole } from '../../config/app-config.js';
import { ClientsCoreModule } from '../clients/index.js';
import { NexusModule } from '../nexus/index.js';
import { PortfolioController } from './portfolio.controller.js';
import { PortfolioService } from './portfolio.service.js';

/** Client and household portfolios and merged histories, from nexus's extractions and the client register. */
@Module({})
export class PortfolioModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: PortfolioModule,
      imports: [NexusModule.forRoot(role), ClientsCoreModule],
      controllers: role === 'worker' ? [] : [PortfolioController],
      providers: [PortfolioService],
    };
  }
}
