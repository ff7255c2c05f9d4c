import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxEventEntity, type EventKind } from './entities/outbox-event.entity.js';

@Injectable()
export class OutboxService {
  /** Records an event inside the caller's transaction (pass its manager). */
  async record(manager: EntityManager, tenantId: string, eventType: EventKind, data: Record<string, unknown>): Promise<void> {
    await manager.getRepository(OutboxEventEntity).insert({ tenantId, eventType, data: data as never, dispatchedAt: null });
  }
}
