import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { WebhookSubscriptionEntity } from './webhook-subscription.entity.js';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * One event for one subscription. Its id is the `X-Service-Delivery` header on every attempt, and
 * its body is stored as the exact bytes that are signed and sent each time.
 */
@Entity({ name: 'webhook_deliveries' })
@Index(['subscriptionId', 'outboxEventId'], { unique: true })
@Index(['status', 'nextAttemptAt'])
@Index(['subscriptionId', 'createdAt'])
export class WebhookDeliveryEntity extends TenantScopedEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'subscription_id', type: 'varchar', length: 40 })
  subscriptionId: string;

  @ManyToOne(() => WebhookSubscriptionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'subscription_id' })
  subscription?: Relation<WebhookSubscriptionEntity>;

  /** The outbox event it carries; null for test and synthetic deliveries. */
  @Column({ name: 'outbox_event_id', type: 'uuid', nullable: true })
  outboxEventId: string | null;

  @Column({ name: 'event_type', type: 'varchar', length: 40 })
  eventType: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'varchar', length: 16 })
  status: DeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'last_status_code', type: 'int', nullable: true })
  lastStatusCode: number | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
