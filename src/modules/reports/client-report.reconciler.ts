import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { IntervalTask } from '../../common/scheduling/interval-task.js';
import { StoredReports } from '../nexus/index.js';
import { ClientReportQueue } from './client-report.queue.js';

/** A report queued or running for longer than this without a job in Redis is enqueued again. */
const LOST_AFTER_MS = 30_000;
const BATCH = 100;

/**
 * Recovers client reports the queue lost (Redis flushed, the enqueue after the row never happened):
 * where workers run, every PIPELINE_RECONCILE_INTERVAL_MS it enqueues again each report still queued
 * or running with no job that will run. The job id is the report id, so this is idempotent.
 */
@Injectable()
export class ClientReportReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: IntervalTask<number>;

  constructor(
    config: AppConfig,
    private readonly reports: StoredReports,
    private readonly queue: ClientReportQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.task = new IntervalTask({ everyMs: config.pipeline.reconcileIntervalMs, failureMessage: 'client report reconcile failed; will retry', logger }, (now) => this.reconcile(now));
  }

  onApplicationBootstrap() {
    this.task.start();
  }

  onApplicationShutdown() {
    this.task.stop();
  }

  /** One pass (none while another runs); answers how many reports it enqueued again. */
  async tick(now = new Date()): Promise<number> {
    return (await this.task.run(now)) ?? 0;
  }

  private async reconcile(now: Date): Promise<number> {
    let requeued = 0;
    for (const r of await this.reports.unfinished(new Date(now.getTime() - LOST_AFTER_MS), BATCH)) {
      if (await this.queue.has(r.id)) continue;
      await this.queue.enqueue(r.tenantId, r.id, await this.reports.placeInTenant(r.tenantId, r.id));
      requeued++;
      this.logger.warn({ reportId: r.id }, 'reconciler re-enqueued a lost client report');
    }
    return requeued;
  }
}
