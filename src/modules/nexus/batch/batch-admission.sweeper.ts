import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { IntervalTask } from '../../../common/scheduling/interval-task.js';
import { AppConfig } from '../../../config/app-config.js';
import { BatchAdmission } from './batch-admission.js';
import { BatchRepository } from './batch.repository.js';

/**
 * The batch admission's recovery, where workers run (the pipeline reconciler's pattern): on start and
 * every PIPELINE_RECONCILE_INTERVAL_MS it admits the waiting files of every tenant that has some (an
 * admission lost with its process, or a run that ended while PostgreSQL was away), and opens and
 * starts again the admitted documents that never started within BATCH_RELAUNCH_AFTER_MS.
 */
@Injectable()
export class BatchAdmissionSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: IntervalTask<{ tenants: number; relaunched: number }>;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: BatchRepository,
    private readonly admission: BatchAdmission,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.task = new IntervalTask(
      { everyMs: config.pipeline.reconcileIntervalMs, firstAfterMs: 0, failureMessage: 'batch admission sweep failed; will retry', logger },
      (now) => this.sweep(now),
    );
  }

  onApplicationBootstrap() {
    this.task.start();
  }

  onApplicationShutdown() {
    this.task.stop();
  }

  /** One pass (none while another runs); returns how many tenants it admitted for and how many stalled documents it started again. */
  async tick(now = new Date()): Promise<{ tenants: number; relaunched: number }> {
    return (await this.task.run(now)) ?? { tenants: 0, relaunched: 0 };
  }

  private async sweep(now: Date): Promise<{ tenants: number; relaunched: number }> {
    const tenants = await this.repo.tenantsWaiting();
    for (const tenantId of tenants) await this.admission.admit(tenantId);
    const stalled = await this.repo.leaseStalled(new Date(now.getTime() - this.config.batch.relaunchAfterMs));
    for (const file of stalled) await this.admission.launch(file);
    if (stalled.length) this.logger.warn({ count: stalled.length }, 'batch sweep started admitted documents again');
    return { tenants: tenants.length, relaunched: stalled.length };
  }
}
