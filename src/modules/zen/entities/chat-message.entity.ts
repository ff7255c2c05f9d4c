import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ChatSessionEntity } from './chat-session.entity.js';

export type ChatRole = 'user' | 'assistant';

/** One message of a session: the user's question or the assistant's reply (with meta and citations). */
@Entity({ name: 'chat_messages' })
@Index(['sessionId', 'createdAt'])
export class ChatMessageEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @ManyToOne(() => ChatSessionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session?: Relation<ChatSessionEntity>;

  @Column({ type: 'varchar', length: 16 })
  role: ChatRole;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'jsonb', nullable: true })
  meta: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  guardrail: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  citations: unknown[] | null;

  @Column({ name: 'input_tokens', type: 'int', default: 0 })
  inputTokens: number;

  @Column({ name: 'output_tokens', type: 'int', default: 0 })
  outputTokens: number;

  @Column({ name: 'cost_inr', type: 'numeric', precision: 12, scale: 4, default: 0, transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  costInr: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
