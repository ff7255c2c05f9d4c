import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { AppConfig } from '../../../config/app-config.js';
import { OperationsMetrics } from '../../metrics/operations-metrics.js';
import type { WebhookDeliveryEntity } from '../entities/webhook-delivery.entity.js';
import type { WebhookSubscriptionEntity } from '../entities/webhook-subscription.entity.js';
import { WebhooksRepository } from '../webhooks.repository.js';
import { DeliveryQueue } from './delivery-queue.js';
import { delayBeforeRetry, shouldPause } from './retry-schedule.js';
import { WebhookSender, type SendResult } from './webhook-sender.js';

/**
 * Makes one attempt of one delivery and decides what follows: done on 2xx; otherwise the next
 * attempt per the retry schedule, or the subscription paused (410 Gone at once, 48 h of failures).
 * The attempt is claimed in PostgreSQL first, so two workers never send the same attempt.
 */
@Injectable()
export class DeliveryWorker {
  private readonly box: SecretBox;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: WebhooksRepository,
    private readonly sender: WebhookSender,
    private readonly queue: DeliveryQueue,
    private readonly metrics: OperationsMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.box = new SecretBox(config.crypto);
  }

  async attempt(deliveryId: string, now = new Date()): Promise<void> {
    const delivery = await this.repo.findDelivery(deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const subscription = await this.repo.findSubscriptionById(delivery.subscriptionId);
    if (!subscription || subscription.status !== 'active') return; // resumed later by the subscription
    if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > now.getTime() + 1000) {
      // A job that came early (e.g. re-enqueued): put it back for its time.
      await this.queue.schedule(delivery.id, delivery.attempts + 1, delivery.nextAttemptAt.getTime() - now.getTime());
      return;
    }
    const secret = this.signingSecret(subscription);
    if (secret === null) {
      // Nothing can be signed: held until an admin sets a new secret and resumes.
      await this.repo.pause(subscription.tenantId, subscription.id, 'The signing secret could not be decrypted; set a new secret and resume');
      this.metrics.subscriptionPaused('secret_unreadable');
      return;
    }
    if (!(await this.repo.claimAttempt(delivery.id, delivery.attempts))) return;
    const attemptNumber = delivery.attempts + 1;
    const result = await this.send(delivery, subscription, secret, now);
    await this.repo.recordAttempt({
      deliveryId: delivery.id,
      attemptNumber,
      statusCode: result.statusCode,
      success: result.success,
      durationMs: result.durationMs,
      error: result.error,
    });
    this.metrics.deliveryAttempted(delivery.eventType, result.success, result.statusCode);
    if (result.success) {
      await this.repo.finishDelivery(delivery.id, { status: 'succeeded', deliveredAt: new Date(), lastStatusCode: result.statusCode, lastError: null });
      await this.repo.clearFailing(subscription.tenantId, subscription.id);
      return;
    }
    await this.afterFailure(delivery, subscription, attemptNumber, result, new Date());
  }

  /** The subscription's signing secret, or null when it does not open for its row (logged, without the secret). */
  signingSecret(subscription: WebhookSubscriptionEntity): string | null {
    return this.box.openOrNull('webhook-secret', { id: subscription.id, tenantId: subscription.tenantId }, subscription.sealedSecret, this.logger);
  }

  send(delivery: WebhookDeliveryEntity, subscription: WebhookSubscriptionEntity, secret: string, now = new Date()): Promise<SendResult> {
    return this.sender.send({ url: subscription.url, secret, body: delivery.body, event: delivery.eventType, deliveryId: delivery.id }, now);
  }

  private async afterFailure(delivery: WebhookDeliveryEntity, subscription: WebhookSubscriptionEntity, attemptNumber: number, result: SendResult, now: Date) {
    const failure = { lastStatusCode: result.statusCode, lastError: result.error };
    if (result.statusCode === 410) {
      await this.repo.pause(subscription.tenantId, subscription.id, 'The receiver answered 410 Gone');
      this.metrics.subscriptionPaused('gone');
      await this.repo.finishDelivery(delivery.id, { ...failure, nextAttemptAt: null });
      this.logger.warn({ subscriptionId: subscription.id }, 'webhook subscription paused: 410 Gone');
      return;
    }
    const failingSince = await this.repo.markFailing(subscription.tenantId, subscription.id, now);
    if (shouldPause(failingSince, now)) {
      await this.repo.pause(subscription.tenantId, subscription.id, 'Deliveries failed for 48 hours');
      this.metrics.subscriptionPaused('failing');
      await this.repo.finishDelivery(delivery.id, { ...failure, nextAttemptAt: null });
      this.logger.warn({ subscriptionId: subscription.id }, 'webhook subscription paused after 48 hours of failures');
      return;
    }
    const delay = delayBeforeRetry(attemptNumber + 1, failingSince, now, this.config.webhooks.retryDelayScale);
    await this.repo.finishDelivery(delivery.id, { ...failure, nextAttemptAt: new Date(now.getTime() + delay) });
    await this.queue.schedule(delivery.id, attemptNumber + 1, delay).catch((err) => this.logger.warn({ err }, 'could not enqueue a webhook retry; the dispatcher will'));
  }
}
