import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessRole } from '../../config/app-config.js';
import { NexusModule } from '../nexus/index.js';
import { PortfolioModule } from '../portfolio/portfolio.module.js';
import { GainsController } from './gains.controller.js';
import { Fmv2018, FMV_2018_FILE_PATH } from './fmv/fmv-2018.provider.js';
import { GainsService } from './gains.service.js';

/** Capital gains of clients and households (docs/gains.md): the routes over the pure lots engine. */
@Module({})
export class GainsModule {
  private static readonly built = new Map<ProcessRole, DynamicModule>();

  /** The same module object for the same role (the application and client reports import it). */
  static forRoot(role: ProcessRole): DynamicModule {
    const module = GainsModule.built.get(role) ?? {
      module: GainsModule,
      imports: [NexusModule.forRoot(role), PortfolioModule.forRoot(role)],
      controllers: role === 'worker' ? [] : [GainsController],
      // Client reports' workers print a client's gains too. The FMV file is read at start-up (Fmv2018).
      providers: [{ provide: FMV_2018_FILE_PATH, useValue: null }, Fmv2018, GainsService],
      exports: [GainsService],
    };
    GainsModule.built.set(role, module);
    return module;
  }
}
