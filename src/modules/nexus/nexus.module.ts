import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { DocumentEntity } from './entities/document.entity.js';
import { DocumentStorage, LocalDiskStorage } from './storage/document-storage.js';
import { HashingDiskEngine } from './storage/hashing-disk.engine.js';

/** Documents: uploads, listings, originals (and, next, the ten-stage pipeline). */
@Module({
  imports: [
    TypeOrmModule.forFeature([DocumentEntity]),
    MulterModule.registerAsync({
      inject: [AppConfig],
      useFactory: (c: AppConfig) => ({
        storage: new HashingDiskEngine(new LocalDiskStorage(c.storage.dir).tempDir()),
        limits: { fileSize: c.storage.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
      }),
    }),
  ],
  controllers: [DocumentsController],
  providers: [
    DocumentsRepository,
    DocumentsService,
    { provide: DocumentStorage, inject: [AppConfig], useFactory: (c: AppConfig) => new LocalDiskStorage(c.storage.dir) },
  ],
  exports: [DocumentsService, DocumentStorage],
})
export class NexusModule {}
