import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessRole } from '../../config/app-config.js';
import { ClientsCoreModule } from '../clients/index.js';
import { NexusModule } from '../nexus/index.js';
import { PortfolioController } from './portfolio.controller.js';
import { PortfolioService } from './portfolio.service.js';

/** Client and household portfolios and merged histories, from nexus's extractions and the client register. */
@Module({})
export class PortfolioModule {
  private static readonly built = new Map<ProcessRole, DynamicModule>();

  /** The same module object for the same role, so the application and gains share one PortfolioService. */
  static forRoot(role: ProcessRole): DynamicModule {
    const module = PortfolioModule.built.get(role) ?? {
      module: PortfolioModule,
      imports: [NexusModule.forRoot(role), ClientsCoreModule],
      controllers: role === 'worker' ? [] : [PortfolioController],
      providers: [PortfolioService],
      exports: [PortfolioService],
    };
    PortfolioModule.built.set(role, module);
    return module;
  }
}
