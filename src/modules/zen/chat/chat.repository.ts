import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ChatMessageEntity } from '../entities/chat-message.entity.js';
import { ChatSessionEntity } from '../entities/chat-session.entity.js';

export interface SessionSummaryRow {
  id: string;
  title: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  message_count: number;
}

/** Every read and write of chat sessions and messages; always scoped by tenant and owner. */
@Injectable()
export class ChatRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private sessions(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(ChatSessionEntity);
  }

  async createSession(row: Pick<ChatSessionEntity, 'id' | 'tenantId' | 'userId' | 'title'>): Promise<void> {
    await this.sessions().insert({ ...row, status: 'open', closedAt: null });
  }

  findSession(tenantId: string, userId: string, id: string): Promise<ChatSessionEntity | null> {
    return this.sessions().findOneBy({ tenantId, userId, id });
  }

  /**
   * The session, locked (FOR UPDATE) until the transaction ends: writing messages, closing and
   * deleting take this lock first, so they happen one after the other and never deadlock.
   */
  lockSession(manager: EntityManager, tenantId: string, userId: string, id: string): Promise<ChatSessionEntity | null> {
    return this.sessions(manager).findOne({ where: { tenantId, userId, id }, lock: { mode: 'pessimistic_write' } });
  }

  summaries(tenantId: string, userId: string): Promise<SessionSummaryRow[]> {
    return this.dataSource.query(
      `SELECT s.id, s.title, s.status, s.created_at, s.updated_at, count(m.id)::int AS message_count
         FROM chat_sessions s LEFT JOIN chat_messages m ON m.session_id = s.id
        WHERE s.tenant_id = $1 AND s.user_id = $2
        GROUP BY s.id ORDER BY s.updated_at DESC, s.id DESC`,
      [tenantId, userId],
    );
  }

  async rename(id: string, title: string, manager?: EntityManager): Promise<void> {
    await this.sessions(manager).update({ id }, { title });
  }

  messages(sessionId: string): Promise<ChatMessageEntity[]> {
    return this.dataSource.getRepository(ChatMessageEntity).find({ where: { sessionId }, order: { createdAt: 'ASC', role: 'DESC' } });
  }

  async insertMessages(manager: EntityManager, rows: Array<Omit<ChatMessageEntity, 'createdAt' | 'session'> & { createdAt: Date }>): Promise<void> {
    await manager.getRepository(ChatMessageEntity).insert(rows as never);
    await manager.getRepository(ChatSessionEntity).update({ id: rows[0].sessionId }, { updatedAt: new Date() });
  }

  /** Closes an open session; false when it was already closed. */
  async close(manager: EntityManager, id: string): Promise<boolean> {
    const r = await manager.getRepository(ChatSessionEntity).update({ id, status: 'open' }, { status: 'closed', closedAt: new Date() });
    return (r.affected ?? 0) > 0;
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(ChatSessionEntity).delete({ id });
  }

  /**
   * Removes what the tenant's chats keep of a deleted document, in the deleting transaction: its
   * passages (chunks), its place in sessions, and every message that quotes it (cites it).
   */
  async forgetDocument(manager: EntityManager, tenantId: string, documentId: string): Promise<void> {
    await manager.query('DELETE FROM chat_chunks WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]);
    await manager.query('DELETE FROM chat_documents WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]);
    await manager.query(
      `DELETE FROM chat_messages m USING chat_sessions s
        WHERE s.id = m.session_id AND s.tenant_id = $1 AND m.citations @> $2::jsonb`,
      [tenantId, JSON.stringify([{ doc_id: documentId }])],
    );
  }

  /** The document's page text leaves chat (its original is purged): its passages, and the messages quoting them. */
  async forgetDocumentText(manager: EntityManager, tenantId: string, documentId: string): Promise<void> {
    await manager.query('DELETE FROM chat_chunks WHERE tenant_id = $1 AND document_id = $2', [tenantId, documentId]);
    await manager.query(
      `DELETE FROM chat_messages m USING chat_sessions s
        WHERE s.id = m.session_id AND s.tenant_id = $1 AND m.citations @> $2::jsonb`,
      [tenantId, JSON.stringify([{ doc_id: documentId, source: 'document_text' }])],
    );
  }

  async usage(manager: EntityManager, sessionId: string): Promise<{ message_count: number; input: number; output: number; kinds: string[] }> {
    const [row] = await manager.query(
      `SELECT count(*)::int AS message_count, coalesce(sum(input_tokens), 0)::int AS input, coalesce(sum(output_tokens), 0)::int AS output,
              coalesce(array_agg(DISTINCT meta->>'question_kind') FILTER (WHERE meta->>'question_kind' IS NOT NULL), '{}') AS kinds
         FROM chat_messages WHERE session_id = $1`,
      [sessionId],
    );
    return row;
  }

  /** Open sessions with no activity since `before` (for the idle closer). */
  idleSessions(before: Date, limit = 100): Promise<ChatSessionEntity[]> {
    return this.sessions()
      .createQueryBuilder('s')
      .where(`s.status = 'open' AND s.updated_at < :before`, { before })
      .orderBy('s.updated_at', 'ASC')
      .limit(limit)
      .getMany();
  }
}
