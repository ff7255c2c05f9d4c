import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';

export type EventKind = 'document.completed' | 'document.failed' | 'chat.session.closed' | 'report.generated';
export const EVENT_KINDS: readonly EventKind[] = ['document.completed', 'document.failed', 'chat.session.closed', 'report.generated'];

/**
 * An event written in the same transaction as the change that caused it; the webhook dispatcher
 * turns undispatched rows into deliveries, so no event is lost if a process dies.
 */
@Entity({ name: 'outbox_events' })
@Index(['dispatchedAt', 'createdAt'])
export class OutboxEventEntity extends TenantScopedEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'event_type', type: 'varchar', length: 40 })
  eventType: EventKind;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt: Date | null;
}
