import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { RedisOutageLog } from '../../redis/redis.module.js';
import { WEBHOOK_QUEUE, type DeliveryJob } from './delivery-queue.js';
import { DeliveryWorker } from './delivery-worker.js';

/** Takes delivery attempts off the `webhook-delivery` queue. */
@Injectable()
export class DeliveryProcessor implements OnModuleInit {
  constructor(
    @InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue<DeliveryJob>,
    private readonly worker: DeliveryWorker,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly outages: RedisOutageLog,
  ) {}

  onModuleInit() {
    this.queue.on('error', (err) => this.outages.report(err, 'webhook queue'));
    this.queue
      .process(8, (job: Job<DeliveryJob>) => this.worker.attempt(job.data.deliveryId))
      .catch((err) => this.logger.warn({ err }, 'webhook processor stopped; Bull reconnects when Redis is back'));
  }
}
