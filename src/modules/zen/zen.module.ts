import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { ProcessRole } from '../../config/app-config.js';
import { NexusModule } from '../nexus/index.js';
import { QuotasModule } from '../quotas/quotas.module.js';
import { AnswerService } from './answering/answer.service.js';
import { ChatDocumentErasure } from './chat/chat-document-erasure.js';
import { ChatController } from './chat/chat.controller.js';
import { ChatRepository } from './chat/chat.repository.js';
import { ChatService } from './chat/chat.service.js';
import { IdleSessionCloser } from './chat/idle-session-closer.js';
import { ZenDocumentsModule } from './documents/zen-documents.module.js';
import { ChatMessageEntity } from './entities/chat-message.entity.js';
import { ChatSessionEntity } from './entities/chat-session.entity.js';

/** Chat: sessions, grounded answers, agents, guardrail, documents in sessions, web search. */
@Module({})
export class ZenModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: ZenModule,
      imports: [TypeOrmModule.forFeature([ChatSessionEntity, ChatMessageEntity]), NexusModule.forRoot(role), QuotasModule, ZenDocumentsModule.forRoot(role)],
      controllers: role === 'worker' ? [] : [ChatController],
      providers: [ChatRepository, ChatService, AnswerService, ChatDocumentErasure, ...(role === 'api' ? [] : [IdleSessionCloser])],
    };
  }
}
