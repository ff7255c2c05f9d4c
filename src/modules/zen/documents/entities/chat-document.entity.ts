import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../../database/tenant-scoped.entity.js';
import { DocumentEntity } from '../../../nexus/index.js';
import { ChatSessionEntity } from '../../entities/chat-session.entity.js';

/**
 * A document uploaded into a chat session: the link between the session and the nexus document,
 * and how much of its text was indexed for retrieval. The pipeline's state is read from the
 * document's latest pipeline process, never copied here.
 */
@Entity({ name: 'chat_documents' })
@Index(['tenantId', 'sessionId', 'createdAt'])
export class ChatDocumentEntity extends TenantScopedEntity {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @ManyToOne(() => ChatSessionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session?: Relation<ChatSessionEntity>;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: Relation<DocumentEntity>;

  @Column({ name: 'chunks_indexed', type: 'int', default: 0 })
  chunksIndexed: number;

  /** When the text chunks were stored; null while indexing is unfinished. */
  @Column({ name: 'indexed_at', type: 'timestamptz', nullable: true })
  indexedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
