import { Module, type DynamicModule } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { AppConfig, type ProcessRole } from '../../../config/app-config.js';
import { ClientsCoreModule } from '../../clients/index.js';
import { NexusModule } from '../nexus.module.js';
import { batchUploadOptions } from '../storage/upload-options.js';
import { BatchController } from './batch.controller.js';
import { BatchService } from './batch.service.js';

/**
 * The batch upload's routes (POST and GET /api/v1/nexus/upload/batch), in a module of their own for
 * their multer limits (many files, a ZIP larger than one statement); the admission lives in NexusModule.
 */
@Module({})
export class BatchUploadModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: BatchUploadModule,
      imports: [NexusModule.forRoot(role), ClientsCoreModule, MulterModule.registerAsync({ inject: [AppConfig], useFactory: batchUploadOptions })],
      controllers: role === 'worker' ? [] : [BatchController],
      providers: role === 'worker' ? [] : [BatchService],
    };
  }
}
