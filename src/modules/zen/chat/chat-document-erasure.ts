import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DocumentErasure } from '../../nexus/index.js';
import { ChatRepository } from './chat.repository.js';

/**
 * Chat's part of deleting a document (see DocumentErasure): its passages, session links and the
 * messages that quote it; and of purging its original: the passages of its text, and the messages
 * that quote them.
 */
@Injectable()
export class ChatDocumentErasure implements OnModuleInit {
  constructor(
    private readonly erasure: DocumentErasure,
    private readonly chats: ChatRepository,
  ) {}

  onModuleInit(): void {
    this.erasure.register({
      tables: ['chat_chunks', 'chat_documents', 'chat_messages'],
      erase: (manager, tenantId, documentId) => this.chats.forgetDocument(manager, tenantId, documentId),
      purge: { tables: ['chat_chunks', 'chat_messages'], run: (manager, tenantId, documentId) => this.chats.forgetDocumentText(manager, tenantId, documentId) },
    });
  }
}
