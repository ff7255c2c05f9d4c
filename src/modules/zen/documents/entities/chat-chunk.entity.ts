import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../../database/tenant-scoped.entity.js';
import { DocumentEntity } from '../../../nexus/index.js';
import { ChatSessionEntity } from '../../entities/chat-session.entity.js';

/**
 * The text search configuration of chunks and of the questions run against them. `english` rather
 * than `simple`: chat questions are natural language, so stop words ("what", "is", "my") must drop
 * out and inflections must meet ("holdings" finds "holding", "units" finds "unit"). Scheme and
 * company names are stemmed the same way on both sides, so they still match; ISINs, folio numbers
 * and amounts are numeric tokens the english configuration leaves as they are.
 */
export const CHUNK_SEARCH_CONFIG = 'english';

/** A passage of a session document's text, on one page, indexed for full-text search. */
@Entity({ name: 'chat_chunks' })
@Index(['sessionId', 'documentId', 'ordinal'], { unique: true })
@Index(['tenantId', 'sessionId'])
@Index('IDX_chat_chunks_tsv', ['tsv'], { type: 'gin' })
export class ChatChunkEntity extends TenantScopedEntity {
  /** chunk_id */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @ManyToOne(() => ChatSessionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session?: Relation<ChatSessionEntity>;

  @Column({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: Relation<DocumentEntity>;

  /** 1-based page of the PDF the text comes from. */
  @Column({ type: 'int' })
  page: number;

  /** Position of the chunk within its document, from 0. */
  @Column({ type: 'int' })
  ordinal: number;

  @Column({ type: 'text' })
  text: string;

  /** Computed by PostgreSQL from `text`; never read or written by the application. */
  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: `to_tsvector('${CHUNK_SEARCH_CONFIG}', "text")`,
    select: false,
    insert: false,
    update: false,
  })
  tsv?: string;
}
