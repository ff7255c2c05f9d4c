import { Injectable } from '@nestjs/common';
import { ResultsService } from '../../nexus/index.js';
import { ChatDocumentsRepository } from './chat-documents.repository.js';
import { ChunkRetriever, type RetrievedChunk } from './chunk-retriever.js';

/** Most passages one search returns, whatever the caller asks for. */
const MAX_LIMIT = 50;

/**
 * Retrieval by PostgreSQL full-text search over the session's chunks (see ChatDocumentsRepository.search),
 * with the documents' file names from nexus.
 */
@Injectable()
export class PgFullTextChunkRetriever extends ChunkRetriever {
  constructor(
    private readonly repo: ChatDocumentsRepository,
    private readonly results: ResultsService,
  ) {
    super();
  }

  async search(tenantId: string, sessionId: string, query: string, limit: number): Promise<RetrievedChunk[]> {
    const text = query.trim();
    const n = Math.min(MAX_LIMIT, Math.floor(limit));
    if (!text || !(n >= 1)) return [];
    const chunks = await this.repo.search(tenantId, sessionId, text, n);
    const names = await this.results.fileNames(tenantId, chunks.map((c) => c.doc_id));
    return chunks.flatMap((c) => {
      const fileName = names.get(c.doc_id);
      return fileName === undefined ? [] : [{ doc_id: c.doc_id, chunk_id: c.chunk_id, file_name: fileName, page: c.page, text: c.text, score: c.score }];
    });
  }
}
