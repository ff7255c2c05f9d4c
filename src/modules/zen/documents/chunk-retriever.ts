/** A passage of a session document that matched a question. */
export interface RetrievedChunk {
  doc_id: string;
  chunk_id: string;
  file_name: string;
  page: number;
  text: string;
  /** Higher is better; comparable within one search only. */
  score: number;
}

/**
 * Retrieval over the text of the documents uploaded into a chat session. The default implementation
 * is PostgreSQL full-text search; a vector index can implement the same class.
 */
export abstract class ChunkRetriever {
  abstract search(tenantId: string, sessionId: string, query: string, limit: number): Promise<RetrievedChunk[]>;
}

/** Which documents belong to a chat session (uploaded into it), for grounding answers. */
export abstract class SessionDocuments {
  /** Document ids attached to the session, oldest first. */
  abstract documentIds(tenantId: string, sessionId: string): Promise<string[]>;
}
