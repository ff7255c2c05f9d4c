import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { FairGate, throughGate } from '../../common/scheduling/fair-gate.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { AppException, notFound } from '../../common/errors/app.exception.js';
import { withinDeadline } from '../../common/errors/dependency-errors.js';
import { paginated, type PageQueryDto, type Paginated } from '../../common/http/pagination.js';
import { prefixedId } from '../../common/ids.js';
import { AppConfig } from '../../config/app-config.js';
import { AuditService } from '../audit/audit.service.js';
import type { ClientInfo } from '../auth/auth.service.js';
import type { EventKind } from '../outbox/entities/outbox-event.entity.js';
import { DeliveryQueue } from './delivery/delivery-queue.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { assertWebhookUrlForm, resolvePublicTarget, TargetRefused } from './delivery/target-guard.js';
import type { DeliveryDto, DeliveryPageDto, SubscribeDto, SubscriptionDto, TestResultDto, UpdateSubscriptionDto } from './dto/webhook.dto.js';
import type { WebhookAttemptEntity } from './entities/webhook-attempt.entity.js';
import type { WebhookDeliveryEntity } from './entities/webhook-delivery.entity.js';
import type { WebhookSubscriptionEntity } from './entities/webhook-subscription.entity.js';
import { syntheticEventData } from './synthetic-events.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** How long a request waits for Redis to queue a delivery attempt (past it: 503, or the dispatcher's recovery). */
const QUEUE_WAIT_MS = 1000;

const toSubscriptionDto = (s: WebhookSubscriptionEntity): SubscriptionDto => ({
  webhook_id: s.id,
  url: s.url,
  events: s.events,
  status: s.status,
  created_at: s.createdAt.toISOString(),
  paused_reason: s.pausedReason,
  failing_since: s.failingSince?.toISOString() ?? null,
});

const toDeliveryDto = (d: WebhookDeliveryEntity, attempts: WebhookAttemptEntity[]): DeliveryDto => ({
  delivery_id: d.id,
  event: d.eventType,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  created_at: d.createdAt.toISOString(),
  delivered_at: d.deliveredAt?.toISOString() ?? null,
  attempt_log: attempts
    .filter((a) => a.deliveryId === d.id)
    .map((a) => ({ attempt: a.attemptNumber, status_code: a.statusCode, success: a.success, duration_ms: a.durationMs, error: a.error, at: a.createdAt.toISOString() })),
});

@Injectable()
export class WebhooksService {
  private readonly box: SecretBox;
  /**
   * A test delivery holds its request open until the receiver answers (up to the delivery timeout): a
   * tenant sends at most two at once, the process eight, the rest waits its turn fairly across tenants
   * (429 TENANT_BUSY past four waiting for the tenant, or thirty seconds' wait).
   */
  private readonly testGate = new FairGate({ slots: 8, perTenant: 2, waitingPerTenant: 4, maxWaitMs: 30_000 });

  constructor(
    private readonly config: AppConfig,
    private readonly repo: WebhooksRepository,
    private readonly worker: DeliveryWorker,
    private readonly queue: DeliveryQueue,
    private readonly audit: AuditService,
  ) {
    this.box = new SecretBox(config.crypto);
  }

  async subscribe(admin: Principal, dto: SubscribeDto, client: ClientInfo): Promise<SubscriptionDto> {
    await this.assertTarget(dto.url);
    const id = prefixedId('whk');
    const row = await this.repo.transaction(async (manager) => {
      const created = await this.repo.insertSubscription(
        {
          id,
          tenantId: admin.tenantId,
          url: dto.url,
          events: dto.events,
          sealedSecret: this.box.seal('webhook-secret', { id, tenantId: admin.tenantId }, dto.secret),
          status: 'active',
          pausedReason: null,
          failingSince: null,
          createdBy: admin.userId,
        },
        manager,
      );
      await this.audit.record(
        { tenantId: admin.tenantId, actorId: admin.userId, action: 'webhook.create', targetType: 'webhook', targetId: created.id, ip: client.ip, metadata: { url: created.url, events: created.events } },
        manager,
      );
      return created;
    });
    return toSubscriptionDto(row);
  }

  async list(admin: Principal): Promise<SubscriptionDto[]> {
    return (await this.repo.listSubscriptions(admin.tenantId)).map(toSubscriptionDto);
  }

  async get(admin: Principal, id: string): Promise<SubscriptionDto> {
    return toSubscriptionDto(await this.require(admin.tenantId, id));
  }

  /** Changes url, events, secret or status; `active` resumes, sending each pending delivery once. */
  async update(admin: Principal, id: string, dto: UpdateSubscriptionDto, client: ClientInfo): Promise<SubscriptionDto> {
    const current = await this.require(admin.tenantId, id);
    if (dto.url === undefined && dto.events === undefined && dto.secret === undefined && dto.status === undefined) {
      throw new AppException('VALIDATION_ERROR', 'Nothing to change: send url, events, secret and/or status');
    }
    if (dto.url !== undefined) await this.assertTarget(dto.url);
    const resuming = dto.status === 'active' && current.status === 'paused';
    const pending = await this.repo.transaction(async (manager) => {
      await this.repo.updateSubscription(
        id,
        {
          ...(dto.url !== undefined ? { url: dto.url } : {}),
          ...(dto.events !== undefined ? { events: dto.events } : {}),
          ...(dto.secret !== undefined ? { sealedSecret: this.box.seal('webhook-secret', { id, tenantId: admin.tenantId }, dto.secret) } : {}),
          ...(dto.status === 'paused' ? { status: 'paused', pausedReason: 'Paused by an admin' } : {}),
          ...(resuming ? { status: 'active', pausedReason: null, failingSince: null } : {}),
        },
        manager,
      );
      await this.audit.record(
        {
          tenantId: admin.tenantId,
          actorId: admin.userId,
          action: 'webhook.update',
          targetType: 'webhook',
          targetId: id,
          ip: client.ip,
          metadata: { fields: Object.keys(dto).filter((k) => k !== 'secret').concat(dto.secret ? ['secret_rotated'] : []) },
        },
        manager,
      );
      // Due now in PostgreSQL, committed with the resume itself.
      return resuming ? this.repo.scheduleAllPending(id, new Date(), manager) : [];
    });
    if (pending.length) {
      // After the commit: if Redis is away, the dispatcher's recovery pass queues them later.
      const queued = Promise.all(pending.map((d) => this.queue.schedule(d.id, d.attempts + 1, 0).catch(() => undefined)));
      await withinDeadline(queued, QUEUE_WAIT_MS, 'Redis').catch(() => undefined);
    }
    return this.get(admin, id);
  }

  async remove(admin: Principal, id: string, client: ClientInfo): Promise<void> {
    await this.repo.transaction(async (manager) => {
      if (!(await this.repo.deleteSubscription(admin.tenantId, id, manager))) throw notFound('Webhook');
      await this.audit.record({ tenantId: admin.tenantId, actorId: admin.userId, action: 'webhook.delete', targetType: 'webhook', targetId: id, ip: client.ip }, manager);
    });
  }

  async deliveries(admin: Principal, id: string, page: PageQueryDto): Promise<Paginated<DeliveryDto>> {
    await this.require(admin.tenantId, id);
    const [rows, total] = await this.repo.listDeliveries(admin.tenantId, id, page);
    const attempts = await this.repo.attemptsOf(rows.map((r) => r.id));
    return paginated(rows.map((d) => toDeliveryDto(d, attempts)), total, page) as DeliveryPageDto;
  }

  /** Sends the same delivery (same id, same bytes) again now. */
  async redeliver(admin: Principal, id: string, deliveryId: string): Promise<DeliveryDto> {
    const subscription = await this.require(admin.tenantId, id);
    const delivery = await this.repo.findDeliveryOf(admin.tenantId, id, deliveryId);
    if (!delivery) throw notFound('Delivery');
    if (subscription.status !== 'active') throw new AppException('CONFLICT', 'The subscription is paused; resume it first');
    await this.repo.finishDelivery(delivery.id, { status: 'pending', nextAttemptAt: new Date() });
    await withinDeadline(this.queue.schedule(delivery.id, delivery.attempts + 1, 0), QUEUE_WAIT_MS, 'Redis');
    // Exactly this delivery, as it stands now (its attempt may already be under way).
    const current = await this.repo.findDeliveryOf(admin.tenantId, id, deliveryId);
    if (!current) throw notFound('Delivery'); // deleted with its subscription meanwhile
    return toDeliveryDto(current, await this.repo.attemptsOf([current.id]));
  }

  /** Sends a synthetic, correctly signed payload of the kind now, once, and reports how it went (409 while paused). */
  test(admin: Principal, webhookId: string, event: EventKind): Promise<TestResultDto> {
    return throughGate(this.testGate, admin.tenantId, 'test deliveries', () => this.sendTest(admin, webhookId, event));
  }

  private async sendTest(admin: Principal, webhookId: string, event: EventKind): Promise<TestResultDto> {
    const subscription = await this.require(admin.tenantId, webhookId);
    if (subscription.status !== 'active') throw new AppException('CONFLICT', 'The subscription is paused; resume it first');
    const secret = this.worker.signingSecret(subscription);
    if (secret === null) throw new AppException('SECRET_UNREADABLE', 'The signing secret of this webhook could not be decrypted: set a new one (PATCH /api/v1/webhooks/{webhook_id})');
    const id = randomUUID();
    const body = JSON.stringify({
      event,
      timestamp: new Date().toISOString(),
      data: syntheticEventData(event, admin.tenantId, admin.userId, this.config.http.publicBaseUrl),
    });
    await this.repo.insertDelivery({ id, tenantId: admin.tenantId, subscriptionId: subscription.id, outboxEventId: null, eventType: event, body });
    const delivery = (await this.repo.findDelivery(id))!;
    await this.repo.claimAttempt(id, 0);
    const result = await this.worker.send(delivery, subscription, secret);
    await this.repo.recordAttempt({ deliveryId: id, attemptNumber: 1, statusCode: result.statusCode, success: result.success, durationMs: result.durationMs, error: result.error });
    await this.repo.finishDelivery(id, {
      status: result.success ? 'succeeded' : 'failed',
      lastStatusCode: result.statusCode,
      lastError: result.error,
      deliveredAt: result.success ? new Date() : null,
    });
    return { delivery_id: id, status_code: result.statusCode, success: result.success, duration_ms: result.durationMs };
  }

  private async assertTarget(raw: string): Promise<void> {
    try {
      await resolvePublicTarget(assertWebhookUrlForm(raw), this.config.webhooks.allowPrivateTargets);
    } catch (error) {
      if (error instanceof TargetRefused) throw new AppException('VALIDATION_ERROR', `url: ${error.message}`);
      throw error;
    }
  }

  private async require(tenantId: string, id: string): Promise<WebhookSubscriptionEntity> {
    const row = await this.repo.findSubscription(tenantId, id);
    if (!row) throw notFound('Webhook');
    return row;
  }
}
