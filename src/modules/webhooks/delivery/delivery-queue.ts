import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { KEEP_COMPLETED_JOBS, KEEP_FAILED_JOBS, runnableJob } from '../../queue/runnable-job.js';

export const WEBHOOK_QUEUE = 'webhook-delivery';

/** Each attempt is one job, never retried by Bull (the worker schedules the next attempt itself). */
const ATTEMPT_JOB_OPTIONS = { removeOnComplete: KEEP_COMPLETED_JOBS, removeOnFail: KEEP_FAILED_JOBS, attempts: 1 } as const;

export interface DeliveryJob {
  deliveryId: string;
  /** The attempt this job makes (1-based); part of the job id, so each attempt is enqueued once. */
  attempt: number;
}

@Injectable()
export class DeliveryQueue {
  constructor(@InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue<DeliveryJob>) {}

  /**
   * Queues attempt `attempt` of a delivery after `delayMs`. An attempt already queued is left to run
   * (Bull would ignore the add, the job id being the same), except that with no delay one waiting in
   * the delayed set (a scheduled retry) is promoted to run now; what is left of a finished or damaged
   * job under the id is cleared first (see runnableJob).
   */
  async schedule(deliveryId: string, attempt: number, delayMs: number): Promise<void> {
    const jobId = `${deliveryId}:${attempt}`;
    const existing = await runnableJob(this.queue, jobId);
    if (existing) {
      if (delayMs <= 0 && (await existing.isDelayed())) await existing.promote().catch(() => undefined);
      return;
    }
    await this.queue.add({ deliveryId, attempt }, { ...ATTEMPT_JOB_OPTIONS, jobId, delay: Math.max(0, Math.round(delayMs)) });
  }

  /** First attempts of new deliveries, in one round trip. */
  async scheduleFirstAttempts(deliveryIds: string[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    await this.queue.addBulk(
      deliveryIds.map((deliveryId) => ({ data: { deliveryId, attempt: 1 }, opts: { ...ATTEMPT_JOB_OPTIONS, jobId: `${deliveryId}:1` } })),
    );
  }

  get raw(): Queue<DeliveryJob> {
    return this.queue;
  }
}
