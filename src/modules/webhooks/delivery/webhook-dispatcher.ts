import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { AppConfig } from '../../../config/app-config.js';
import { WebhooksRepository } from '../webhooks.repository.js';
import { DeliveryQueue } from './delivery-queue.js';

const BATCH = 200;
/** A claimed attempt whose worker died is retried after this long (well past the 10 s send timeout). */
const STRANDED_AFTER_MS = 30_000;

/**
 * Turns outbox events into deliveries (one per matching active subscription of the tenant) in the
 * same transaction that marks the events dispatched, then queues their first attempt. The same pass
 * re-queues deliveries whose job Redis lost, so none waits forever.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private lastRecovery = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: WebhooksRepository,
    private readonly queue: DeliveryQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.tick(), this.config.webhooks.dispatchIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  async tick(): Promise<number> {
    if (this.busy) return 0;
    this.busy = true;
    try {
      const created = await this.dispatch();
      if (Date.now() - this.lastRecovery > 1000) {
        this.lastRecovery = Date.now();
        await this.recover();
      }
      return created;
    } catch (error) {
      this.logger.warn({ err: error }, 'webhook dispatch pass failed; will retry');
      return 0;
    } finally {
      this.busy = false;
    }
  }

  private async dispatch(): Promise<number> {
    const created = await this.repo.transaction(async (manager) => {
      const events = await this.repo.lockPendingEvents(manager, BATCH);
      const ids: string[] = [];
      for (const event of events) {
        const subscriptions = await this.repo.activeSubscriptionsFor(manager, event.tenant_id, event.event_type);
        const body = JSON.stringify({ event: event.event_type, timestamp: new Date(event.created_at).toISOString(), data: event.data });
        ids.push(
          ...(await this.repo.insertDeliveries(
            manager,
            subscriptions.map((s) => ({ id: randomUUID(), tenantId: event.tenant_id, subscriptionId: s.id, outboxEventId: event.id, eventType: event.event_type, body })),
          )),
        );
      }
      await this.repo.markDispatched(manager, events.map((e) => e.id));
      return ids;
    });
    for (const id of created) await this.queue.schedule(id, 1, 0).catch(() => undefined);
    return created.length;
  }

  private async recover(): Promise<void> {
    const now = new Date();
    for (const d of await this.repo.findStranded(now, new Date(now.getTime() - STRANDED_AFTER_MS))) {
      await this.queue.schedule(d.id, d.attempts + 1, 0);
    }
  }
}
