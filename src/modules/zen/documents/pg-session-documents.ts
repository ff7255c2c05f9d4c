import { Injectable } from '@nestjs/common';
import { ChatDocumentsRepository } from './chat-documents.repository.js';
import { SessionDocuments } from './chunk-retriever.js';

/** The documents uploaded into a session, from `chat_documents`. */
@Injectable()
export class PgSessionDocuments extends SessionDocuments {
  constructor(private readonly repo: ChatDocumentsRepository) {
    super();
  }

  documentIds(tenantId: string, sessionId: string): Promise<string[]> {
    return this.repo.documentIds(tenantId, sessionId);
  }
}
