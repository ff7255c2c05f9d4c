import { Injectable } from '@nestjs/common';
import { ChatDocumentsRepository } from './chat-documents.repository.js';
import { ChunkRetriever, type RetrievedChunk } from './chunk-retriever.js';

/** Most passages one search returns, whatever the caller asks for. */
const MAX_LIMIT = 50;

/** Retrieval by PostgreSQL full-text search over the session's chunks (see ChatDocumentsRepository.search). */
@Injectable()
export class PgFullTextChunkRetriever extends ChunkRetriever {
  constructor(private readonly repo: ChatDocumentsRepository) {
    super();
  }

  async search(tenantId: string, sessionId: string, query: string, limit: number): Promise<RetrievedChunk[]> {
    const text = query.trim();
    const n = Math.min(MAX_LIMIT, Math.floor(limit));
    if (!text || !(n >= 1)) return [];
    return this.repo.search(tenantId, sessionId, text, n);
  }
}
