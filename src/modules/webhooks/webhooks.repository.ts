import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { offsetOf, type PageQueryDto } from '../../common/http/pagination.js';
import { WebhookAttemptEntity } from './entities/webhook-attempt.entity.js';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity.js';
import { WebhookSubscriptionEntity } from './entities/webhook-subscription.entity.js';

/** Every read and write of subscriptions, deliveries and attempts. */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get subscriptions() {
    return this.dataSource.getRepository(WebhookSubscriptionEntity);
  }

  private get deliveries() {
    return this.dataSource.getRepository(WebhookDeliveryEntity);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async insertSubscription(row: Omit<WebhookSubscriptionEntity, 'createdAt' | 'updatedAt' | 'tenant'>, manager?: EntityManager): Promise<WebhookSubscriptionEntity> {
    const repo = manager?.getRepository(WebhookSubscriptionEntity) ?? this.subscriptions;
    await repo.insert(row as never);
    return repo.findOneByOrFail({ id: row.id });
  }

  findSubscription(tenantId: string, id: string): Promise<WebhookSubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ tenantId, id });
  }

  findSubscriptionById(id: string): Promise<WebhookSubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ id });
  }

  listSubscriptions(tenantId: string): Promise<WebhookSubscriptionEntity[]> {
    return this.subscriptions.find({ where: { tenantId }, order: { createdAt: 'ASC' } });
  }

  async updateSubscription(id: string, changes: Partial<Omit<WebhookSubscriptionEntity, 'id' | 'tenantId'>>, manager?: EntityManager): Promise<void> {
    await (manager?.getRepository(WebhookSubscriptionEntity) ?? this.subscriptions).update({ id }, changes as never);
  }

  async deleteSubscription(tenantId: string, id: string, manager?: EntityManager): Promise<boolean> {
    const repo = manager?.getRepository(WebhookSubscriptionEntity) ?? this.subscriptions;
    return ((await repo.delete({ tenantId, id })).affected ?? 0) > 0;
  }

  /** Pauses an active subscription; false when it was not active. */
  async pause(tenantId: string, id: string, reason: string): Promise<boolean> {
    const r = await this.subscriptions.update({ tenantId, id, status: 'active' }, { status: 'paused', pausedReason: reason });
    return (r.affected ?? 0) > 0;
  }

  /** Marks the start of a run of failures, keeping the earliest; answers the run's start. */
  async markFailing(tenantId: string, id: string, now: Date): Promise<Date> {
    // TypeORM answers an UPDATE … RETURNING as [rows, count].
    const [rows]: [Array<{ failing_since: Date }>, number] = await this.dataSource.query(
      `UPDATE webhook_subscriptions SET failing_since = coalesce(failing_since, $3) WHERE tenant_id = $1 AND id = $2 RETURNING failing_since`,
      [tenantId, id, now],
    );
    return rows[0]?.failing_since ?? now;
  }

  async clearFailing(tenantId: string, id: string): Promise<void> {
    await this.dataSource.query(`UPDATE webhook_subscriptions SET failing_since = NULL WHERE tenant_id = $1 AND id = $2 AND failing_since IS NOT NULL`, [tenantId, id]);
  }

  // --- events → deliveries -------------------------------------------------------------------

  activeSubscriptionsFor(manager: EntityManager, tenantId: string, eventType: string): Promise<Array<{ id: string }>> {
    return manager.query(`SELECT id FROM webhook_subscriptions WHERE tenant_id = $1 AND status = 'active' AND events ? $2`, [tenantId, eventType]);
  }

  async insertDeliveries(manager: EntityManager, rows: Array<Pick<WebhookDeliveryEntity, 'id' | 'tenantId' | 'subscriptionId' | 'outboxEventId' | 'eventType' | 'body'>>) {
    if (rows.length === 0) return [];
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(WebhookDeliveryEntity)
      .values(rows.map((r) => ({ ...r, status: 'pending' as const, attempts: 0, nextAttemptAt: new Date() })))
      .orIgnore()
      .returning(['id'])
      .execute();
    return (result.raw as Array<{ id: string }>).map((r) => r.id);
  }

  // --- deliveries ----------------------------------------------------------------------------

  async insertDelivery(row: Pick<WebhookDeliveryEntity, 'id' | 'tenantId' | 'subscriptionId' | 'outboxEventId' | 'eventType' | 'body'>) {
    await this.deliveries.insert({ ...row, status: 'pending', attempts: 0, nextAttemptAt: null });
  }

  findDelivery(id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries.findOneBy({ id });
  }

  findDeliveryOf(tenantId: string, subscriptionId: string, id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries.findOneBy({ tenantId, subscriptionId, id });
  }

  /** Claims attempt `attempts + 1` of a pending delivery; false if someone else already did. */
  async claimAttempt(id: string, seenAttempts: number): Promise<boolean> {
    const r = await this.dataSource.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = NULL, updated_at = now()
        WHERE id = $1 AND status = 'pending' AND attempts = $2`,
      [id, seenAttempts],
    );
    return (r[1] ?? 0) === 1;
  }

  async recordAttempt(row: Omit<WebhookAttemptEntity, 'id' | 'createdAt' | 'delivery'>) {
    await this.dataSource.getRepository(WebhookAttemptEntity).insert(row);
  }

  async finishDelivery(id: string, changes: Partial<Pick<WebhookDeliveryEntity, 'status' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'deliveredAt'>>) {
    await this.deliveries.update({ id }, changes);
  }

  listDeliveries(tenantId: string, subscriptionId: string, page: PageQueryDto): Promise<[WebhookDeliveryEntity[], number]> {
    return this.deliveries.findAndCount({
      where: { tenantId, subscriptionId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offsetOf(page),
      take: page.limit,
    });
  }

  attemptsOf(deliveryIds: string[]): Promise<WebhookAttemptEntity[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(WebhookAttemptEntity)
      .createQueryBuilder('a')
      .where('a.delivery_id IN (:...ids)', { ids: deliveryIds })
      .orderBy('a.attempt_number', 'ASC')
      .getMany();
  }

  /** Pending deliveries of active subscriptions that are due (or stranded mid-attempt) and may have lost their job. */
  findStranded(before: Date, limit = 200): Promise<Array<{ id: string; attempts: number }>> {
    return this.dataSource.query(
      `SELECT d.id, d.attempts FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
        WHERE d.status = 'pending' AND s.status = 'active' AND d.outbox_event_id IS NOT NULL
          AND ((d.next_attempt_at IS NOT NULL AND d.next_attempt_at < $1) OR (d.next_attempt_at IS NULL AND d.updated_at < $1))
        ORDER BY d.created_at LIMIT $2`,
      [before, limit],
    );
  }

  /** Pending deliveries of a subscription that is being resumed: each is scheduled once, now. */
  async scheduleAllPending(subscriptionId: string, now: Date, manager?: EntityManager): Promise<Array<{ id: string; attempts: number }>> {
    const [rows]: [Array<{ id: string; attempts: number }>, number] = await (manager ?? this.dataSource).query(
      `UPDATE webhook_deliveries SET next_attempt_at = $2, updated_at = now()
        WHERE subscription_id = $1 AND status = 'pending' AND outbox_event_id IS NOT NULL RETURNING id, attempts`,
      [subscriptionId, now],
    );
    return rows;
  }
}
