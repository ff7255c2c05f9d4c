import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { IntervalTask } from '../../../common/scheduling/interval-task.js';
import { AppConfig } from '../../../config/app-config.js';
import { OutboxService } from '../../outbox/outbox.service.js';
import { WebhooksRepository } from '../webhooks.repository.js';
import { DeliveryQueue } from './delivery-queue.js';

const BATCH = 200;

/**
 * Turns outbox events into deliveries (one per matching active subscription of the tenant) in the
 * same transaction that marks the events dispatched, then queues their first attempt. The same pass
 * re-queues deliveries whose job Redis lost, so none waits forever.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: IntervalTask<number>;
  private lastRecovery = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: WebhooksRepository,
    private readonly outbox: OutboxService,
    private readonly queue: DeliveryQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.task = new IntervalTask({ everyMs: config.webhooks.dispatchIntervalMs, failureMessage: 'webhook dispatch pass failed; will retry', logger }, () => this.pass());
  }

  onApplicationBootstrap() {
    this.task.start();
  }

  onApplicationShutdown() {
    this.task.stop();
  }

  /** One pass (none while another runs); answers how many deliveries it created, 0 when it failed (logged). */
  async tick(): Promise<number> {
    try {
      return (await this.task.run()) ?? 0;
    } catch (error) {
      this.logger.warn({ err: error }, 'webhook dispatch pass failed; will retry');
      return 0;
    }
  }

  private async pass(): Promise<number> {
    const created = await this.dispatch();
    if (Date.now() - this.lastRecovery > 1000) {
      this.lastRecovery = Date.now();
      await this.recover();
    }
    return created;
  }

  /** Drains the outbox in batches; returns how many deliveries it created. */
  private async dispatch(): Promise<number> {
    let total = 0;
    for (;;) {
      const { created, full } = await this.dispatchBatch();
      await this.queue.scheduleFirstAttempts(created).catch((err) => this.logger.warn({ err }, 'could not queue new webhook deliveries; the recovery pass will'));
      total += created.length;
      if (!full) return total;
    }
  }

  private dispatchBatch(): Promise<{ created: string[]; full: boolean }> {
    return this.repo.transaction(async (manager) => {
      const events = await this.outbox.lockPending(manager, BATCH);
      const subscribers = new Map<string, Array<{ id: string }>>();
      const rows = [];
      for (const event of events) {
        const key = `${event.tenant_id}|${event.event_type}`;
        if (!subscribers.has(key)) subscribers.set(key, await this.repo.activeSubscriptionsFor(manager, event.tenant_id, event.event_type));
        const body = JSON.stringify({ event: event.event_type, timestamp: new Date(event.created_at).toISOString(), data: event.data });
        for (const s of subscribers.get(key)!) {
          rows.push({ id: randomUUID(), tenantId: event.tenant_id, subscriptionId: s.id, outboxEventId: event.id, eventType: event.event_type, body });
        }
      }
      const created = await this.repo.insertDeliveries(manager, rows);
      await this.outbox.markDispatched(manager, events.map((e) => e.id));
      return { created, full: events.length === BATCH };
    });
  }

  private async recover(): Promise<void> {
    // Bull runs due jobs within moments, so a delivery this overdue (or claimed this long ago with no
    // outcome: the worker died mid-send) has lost its job. The default is well past the 10 s send timeout.
    const before = new Date(Date.now() - this.config.webhooks.recoveryAfterMs);
    for (const d of await this.repo.findStranded(before)) {
      await this.queue.schedule(d.id, d.attempts + 1, 0);
    }
  }
}
