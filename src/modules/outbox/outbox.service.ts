import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxEventEntity, type EventKind } from './entities/outbox-event.entity.js';

/** An event not yet turned into deliveries. */
export interface PendingEvent {
  id: string;
  tenant_id: string;
  event_type: EventKind;
  data: Record<string, unknown>;
  created_at: Date;
}

/** Every read and write of outbox events: recorded by the modules that cause them, drained by the webhook dispatcher. */
@Injectable()
export class OutboxService {
  /** Records an event inside the caller's transaction (pass its manager). */
  async record(manager: EntityManager, tenantId: string, eventType: EventKind, data: Record<string, unknown>): Promise<void> {
    await manager.getRepository(OutboxEventEntity).insert({ tenantId, eventType, data: data as never, dispatchedAt: null });
  }

  /** Locks a batch of undispatched events, oldest first, in the caller's transaction (other dispatchers skip them). */
  lockPending(manager: EntityManager, limit: number): Promise<PendingEvent[]> {
    return manager.query(
      `SELECT id, tenant_id, event_type, data, created_at FROM outbox_events
        WHERE dispatched_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  /** Marks events dispatched in the caller's transaction (the one that created their deliveries). */
  async markDispatched(manager: EntityManager, ids: string[]): Promise<void> {
    if (ids.length) await manager.query(`UPDATE outbox_events SET dispatched_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
