import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import type { EventKind } from '../../outbox/entities/outbox-event.entity.js';

export type SubscriptionStatus = 'active' | 'paused';

@Entity({ name: 'webhook_subscriptions' })
export class WebhookSubscriptionEntity extends TenantScopedEntity {
  /** `whk_<id>` */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'jsonb' })
  events: EventKind[];

  /** The signing secret, sealed with APP_ENCRYPTION_KEY (AES-256-GCM); never returned. */
  @Column({ name: 'sealed_secret', type: 'text' })
  sealedSecret: string;

  @Column({ type: 'varchar', length: 16 })
  status: SubscriptionStatus;

  @Column({ name: 'paused_reason', type: 'varchar', length: 200, nullable: true })
  pausedReason: string | null;

  /** Start of the current run of failures (null after any success); 48 h of it pauses the subscription. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'created_by', type: 'varchar', length: 40 })
  createdBy: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
