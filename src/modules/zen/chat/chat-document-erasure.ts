import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DocumentErasure } from '../../nexus/index.js';
import { ChatRepository } from './chat.repository.js';

/** Chat's part of deleting a document (see DocumentErasure): its passages, session links and the messages that quote it. */
@Injectable()
export class ChatDocumentErasure implements OnModuleInit {
  constructor(
    private readonly erasure: DocumentErasure,
    private readonly chats: ChatRepository,
  ) {}

  onModuleInit(): void {
    this.erasure.register((manager, tenantId, documentId) => this.chats.forgetDocument(manager, tenantId, documentId));
  }
}
