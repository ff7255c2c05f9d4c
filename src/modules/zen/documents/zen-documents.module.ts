import { Module, type DynamicModule } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { AppConfig, type ProcessRole } from '../../../config/app-config.js';
import { LocalDiskStorage } from '../../nexus/storage/document-storage.js';
import { PdfModule } from '../../pdf/pdf.module.js';
import { HashingDiskEngine } from '../../nexus/storage/hashing-disk.engine.js';
import { webSearchProviderFor } from '../web-search/web-search.factory.js';
import { WebSearchProvider } from '../web-search/web-search-provider.js';
import { ChatDocumentsRepository } from './chat-documents.repository.js';
import { ChatUploadsController } from './chat-uploads.controller.js';
import { ChatUploadsService } from './chat-uploads.service.js';
import { ChunkRetriever, SessionDocuments } from './chunk-retriever.js';
import { PgFullTextChunkRetriever } from './pg-full-text-chunk-retriever.js';
import { PgSessionDocuments } from './pg-session-documents.js';

/**
 * Documents in chat sessions: the upload and status routes, retrieval over the uploaded text
 * (`ChunkRetriever`), the session's document list (`SessionDocuments`) and web search
 * (`WebSearchProvider`, chosen by WEB_SEARCH_PROVIDER). Documents and the pipeline come from the
 * global NexusModule (importing it again would build a second set of its providers and processors).
 */
@Module({})
export class ZenDocumentsModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: ZenDocumentsModule,
      imports: [
        PdfModule,
        // The same streaming, hashing, size-limited multer storage as the nexus upload.
        MulterModule.registerAsync({
          inject: [AppConfig],
          useFactory: (c: AppConfig) => ({
            storage: new HashingDiskEngine(new LocalDiskStorage(c.storage.dir).tempDir()),
            limits: { fileSize: c.storage.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
          }),
        }),
      ],
      controllers: role === 'worker' ? [] : [ChatUploadsController],
      providers: [
        ChatDocumentsRepository,
        ChatUploadsService,
        { provide: ChunkRetriever, useClass: PgFullTextChunkRetriever },
        { provide: SessionDocuments, useClass: PgSessionDocuments },
        { provide: WebSearchProvider, inject: [AppConfig, LOGGER], useFactory: (c: AppConfig, logger: Logger) => webSearchProviderFor(c, logger) },
      ],
      exports: [ChunkRetriever, SessionDocuments, WebSearchProvider],
    };
  }
}
