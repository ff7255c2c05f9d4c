import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';

export const WEBHOOK_QUEUE = 'webhook-delivery';

export interface DeliveryJob {
  deliveryId: string;
  /** The attempt this job makes (1-based); part of the job id, so each attempt is enqueued once. */
  attempt: number;
}

@Injectable()
export class DeliveryQueue {
  constructor(@InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue<DeliveryJob>) {}

  async schedule(deliveryId: string, attempt: number, delayMs: number): Promise<void> {
    await this.queue.add(
      { deliveryId, attempt },
      { jobId: `${deliveryId}:${attempt}`, delay: Math.max(0, Math.round(delayMs)), removeOnComplete: true, removeOnFail: true, attempts: 1 },
    );
  }

  get raw(): Queue<DeliveryJob> {
    return this.queue;
  }
}
