import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
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
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: BatchRepository,
    private readonly admission: BatchAdmission,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.config.pipeline.reconcileIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass; returns how many tenants it admitted for and how many stalled documents it started again. */
  async tick(): Promise<{ tenants: number; relaunched: number }> {
    if (this.running) return { tenants: 0, relaunched: 0 };
    this.running = true;
    try {
      const tenants = await this.repo.tenantsWaiting();
      for (const tenantId of tenants) await this.admission.admit(tenantId);
      const stalled = await this.repo.leaseStalled(new Date(Date.now() - this.config.batch.relaunchAfterMs));
      for (const file of stalled) await this.admission.launch(file);
      if (stalled.length) this.logger.warn({ count: stalled.length }, 'batch sweep started admitted documents again');
      return { tenants: tenants.length, relaunched: stalled.length };
    } catch (error) {
      this.logger.warn({ err: error }, 'batch admission sweep failed; will retry');
      return { tenants: 0, relaunched: 0 };
    } finally {
      this.running = false;
    }
  }
}
