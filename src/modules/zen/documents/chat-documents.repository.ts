import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ChatSessionEntity } from '../entities/chat-session.entity.js';
import { ChatChunkEntity, CHUNK_SEARCH_CONFIG } from './entities/chat-chunk.entity.js';
import { ChatDocumentEntity } from './entities/chat-document.entity.js';
import type { RetrievedChunk } from './chunk-retriever.js';
import { phraseWindows, withoutLoneDashes } from './chunk-search-query.js';
import type { TextChunk } from './text-chunker.js';

/** Rows per INSERT when storing chunks (keeps each statement well under PostgreSQL's parameter limit). */
const INSERT_BATCH = 500;
/** How many passages (best by the cheaper signals) are checked for phrases of the question. */
const PHRASE_CANDIDATES = 100;

export interface ChatDocumentRow {
  documentId: string;
  chunksIndexed: number;
  indexedAt: Date | null;
}

/** Every read and write of chat documents and their chunks; each method is scoped by tenant. */
@Injectable()
export class ChatDocumentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A session of this user in this tenant, or null. */
  findOwnSession(tenantId: string, userId: string, sessionId: string): Promise<ChatSessionEntity | null> {
    return this.dataSource.getRepository(ChatSessionEntity).findOneBy({ tenantId, userId, id: sessionId });
  }

  /** Links a document to a session and stores its chunks, in one transaction. */
  async saveIndexed(tenantId: string, sessionId: string, documentId: string, chunks: TextChunk[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(ChatChunkEntity);
      for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
        await repo.insert(
          chunks.slice(i, i + INSERT_BATCH).map((c) => ({ id: randomUUID(), tenantId, sessionId, documentId, page: c.page, ordinal: c.ordinal, text: c.text })),
        );
      }
      await manager.getRepository(ChatDocumentEntity).insert({ tenantId, sessionId, documentId, chunksIndexed: chunks.length, indexedAt: new Date() });
    });
  }

  /** Removes a session's link to a document and its chunks (undoing an upload that could not finish). */
  async unlink(tenantId: string, sessionId: string, documentId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(ChatChunkEntity).delete({ tenantId, sessionId, documentId });
      await manager.getRepository(ChatDocumentEntity).delete({ tenantId, sessionId, documentId });
    });
  }

  async findInSession(tenantId: string, sessionId: string, documentId: string): Promise<ChatDocumentRow | null> {
    const row = await this.dataSource.getRepository(ChatDocumentEntity).findOne({
      where: { tenantId, sessionId, documentId },
      select: { documentId: true, chunksIndexed: true, indexedAt: true },
    });
    return row ? { documentId: row.documentId, chunksIndexed: row.chunksIndexed, indexedAt: row.indexedAt } : null;
  }

  /** Ids of the documents uploaded into a session, oldest first. */
  async documentIds(tenantId: string, sessionId: string): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(ChatDocumentEntity)
      .find({ where: { tenantId, sessionId }, order: { createdAt: 'ASC', documentId: 'ASC' }, select: { documentId: true, createdAt: true } });
    return rows.map((r) => r.documentId);
  }

  /**
   * Full-text search over a session's chunks, best first. A passage scores for:
   *  - holding the question as websearch_to_tsquery reads it (every term; quotes, `or`, `-`): +1;
   *  - the share of the question's terms it holds (0–1), so a conversational question no passage
   *    matches word for word still finds the passages that share most of its words;
   *  - the longest run of the question's words it holds as a phrase, as a share of its terms
   *    (0–1): statements print sibling schemes whose names differ by one word ("Direct"/"Regular"
   *    Plan), and the passage naming the asked scheme must beat one where the words are scattered;
   *  - ts_rank_cd (cover density, scaled to 0–1) × 0.1, as a tie-breaker.
   * The phrase runs are checked on the best `PHRASE_CANDIDATES` passages by the other signals only.
   */
  async search(tenantId: string, sessionId: string, query: string, limit: number): Promise<Array<Omit<RetrievedChunk, 'file_name'>>> {
    const rows: Array<{ id: string; document_id: string; page: number; text: string; score: number }> = await this.dataSource.query(
      `WITH q AS (
         SELECT websearch_to_tsquery('${CHUNK_SEARCH_CONFIG}', $3) AS every_term,
                replace(plainto_tsquery('${CHUNK_SEARCH_CONFIG}', $3)::text, ' & ', ' | ')::tsquery AS any_term,
                ARRAY(SELECT plainto_tsquery('simple', lexeme) FROM unnest(tsvector_to_array(to_tsvector('${CHUNK_SEARCH_CONFIG}', $3))) AS lexeme) AS terms
       ),
       phrases AS (
         SELECT DISTINCT p.query, (numnode(p.query) + 1) / 2 AS terms
           FROM unnest($5::text[]) AS w(text)
           CROSS JOIN LATERAL (SELECT phraseto_tsquery('${CHUNK_SEARCH_CONFIG}', w.text) AS query) p
          WHERE numnode(p.query) >= 3
       ),
       candidates AS (
         SELECT c.id, c.document_id, c.page, c.ordinal, c.text, c.tsv,
                CASE WHEN c.tsv @@ q.every_term THEN 1 ELSE 0 END AS every_term,
                (SELECT count(*) FROM unnest(q.terms) AS term WHERE c.tsv @@ term)::float8 AS matched,
                greatest(cardinality(q.terms), 1) AS total,
                ts_rank_cd(c.tsv, CASE WHEN c.tsv @@ q.every_term THEN q.every_term ELSE q.any_term END, 32)::float8 AS rank
           FROM chat_chunks c CROSS JOIN q
          WHERE c.tenant_id = $1 AND c.session_id = $2
            AND (c.tsv @@ q.every_term OR c.tsv @@ q.any_term)
          ORDER BY every_term DESC, matched DESC, rank DESC
          LIMIT ${PHRASE_CANDIDATES}
       ),
       scored AS (
         SELECT c.id, c.document_id, c.page, c.ordinal, c.text,
                c.every_term + c.matched / c.total
                  + coalesce((SELECT max(p.terms) FROM phrases p WHERE c.tsv @@ p.query), least(c.matched, 1))::float8 / c.total
                  + 0.1 * c.rank AS score
           FROM candidates c
       )
       SELECT s.id, s.document_id, s.page, s.text, s.score
         FROM scored s
        ORDER BY s.score DESC, s.document_id, s.ordinal
        LIMIT $4`,
      [tenantId, sessionId, withoutLoneDashes(query), limit, phraseWindows(query)],
    );
    return rows.map((r) => ({ doc_id: r.document_id, chunk_id: r.id, page: r.page, text: r.text, score: Number(r.score) }));
  }
}
