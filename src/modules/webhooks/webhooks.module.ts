import { BullModule } from '@nestjs/bull';
import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { ProcessRole } from '../../config/app-config.js';
import { AuditModule } from '../audit/audit.module.js';
import { DeliveryProcessor } from './delivery/delivery.processor.js';
import { DeliveryQueue, WEBHOOK_QUEUE } from './delivery/delivery-queue.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { WebhookDispatcher } from './delivery/webhook-dispatcher.js';
import { WebhookSender } from './delivery/webhook-sender.js';
import { WebhookAttemptEntity } from './entities/webhook-attempt.entity.js';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity.js';
import { WebhookSubscriptionEntity } from './entities/webhook-subscription.entity.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/** Signed webhooks: subscriptions, the outbox dispatcher and the delivery queue with its retries. */
@Module({})
export class WebhooksModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: WebhooksModule,
      imports: [
        TypeOrmModule.forFeature([WebhookSubscriptionEntity, WebhookDeliveryEntity, WebhookAttemptEntity]),
        BullModule.registerQueue({ name: WEBHOOK_QUEUE }),
        AuditModule,
      ],
      controllers: role === 'worker' ? [] : [WebhooksController],
      providers: [
        WebhooksRepository,
        WebhooksService,
        WebhookSender,
        DeliveryQueue,
        DeliveryWorker,
        ...(role === 'api' ? [] : [DeliveryProcessor, WebhookDispatcher]),
      ],
    };
  }
}
