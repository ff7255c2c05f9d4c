import { Module, type DynamicModule } from '@nestjs/common';
import type { ProcessRole } from '../../config/app-config.js';
import { AuditModule } from '../audit/audit.module.js';
import { NexusModule } from '../nexus/index.js';
import { ClientsCoreModule } from './clients-core.module.js';
import { ClientsController } from './clients.controller.js';
import { ClientsService } from './clients.service.js';
import { HouseholdsController } from './households.controller.js';
import { HouseholdsService } from './households.service.js';

/** The client register's routes: clients and households (CRUD), a client's statements; deleting a client with its statements uses nexus's DocumentErasure. */
@Module({})
export class ClientsModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: ClientsModule,
      imports: [ClientsCoreModule, AuditModule, NexusModule.forRoot(role)],
      controllers: role === 'worker' ? [] : [ClientsController, HouseholdsController],
      providers: [ClientsService, HouseholdsService],
    };
  }
}
