import { Module, type DynamicModule } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { AppConfig, type ProcessRole } from '../../../config/app-config.js';
import { NexusModule, pdfUploadOptions } from '../../nexus/index.js';
import { PdfModule } from '../../pdf/index.js';
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
 * (`WebSearchProvider`, chosen by WEB_SEARCH_PROVIDER). Documents, the pipeline and extractions come
 * from nexus's public services; the PDF's text from the pdf module.
 */
@Module({})
export class ZenDocumentsModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: ZenDocumentsModule,
      imports: [
        NexusModule.forRoot(role),
        PdfModule,
        // The same streaming, hashing, size-limited multer storage as the nexus upload.
        MulterModule.registerAsync({ inject: [AppConfig], useFactory: pdfUploadOptions }),
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
