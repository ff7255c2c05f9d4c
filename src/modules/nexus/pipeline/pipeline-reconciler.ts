import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../../../config/app-config.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { IntervalTask } from '../../../common/scheduling/interval-task.js';
import type { StageName } from './pipeline.constants.js';
import { PipelineQueues } from './pipeline-queues.js';
import { PipelineRepository } from './pipeline.repository.js';
import { StageRunner } from './stage-runner.js';

/**
 * Recovers what the queue lost. Every few seconds it looks at running processes that have not moved
 * for a while: past their deadline they fail with EXTRACTION_TIMEOUT; otherwise, if their current
 * stage has no job in Redis (flushed, or the enqueue never happened), the job is enqueued again.
 * A worker killed mid-job is Bull's to recover (its stalled-job check); both paths are idempotent.
 */
@Injectable()
export class PipelineReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: IntervalTask<{ requeued: number; timedOut: number }>;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: PipelineRepository,
    private readonly queues: PipelineQueues,
    private readonly runner: StageRunner,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.task = new IntervalTask({ everyMs: config.pipeline.reconcileIntervalMs, failureMessage: 'pipeline reconciliation pass failed; will retry', logger }, (now) => this.reconcile(now));
  }

  onApplicationBootstrap() {
    this.task.start();
  }

  onApplicationShutdown() {
    this.task.stop();
  }

  /** One pass (none while another runs); returns how many processes it re-enqueued or failed. */
  async tick(now = new Date()): Promise<{ requeued: number; timedOut: number }> {
    return (await this.task.run(now)) ?? { requeued: 0, timedOut: 0 };
  }

  private async reconcile(now: Date): Promise<{ requeued: number; timedOut: number }> {
    let requeued = 0;
    let timedOut = 0;
    const staleBefore = new Date(now.getTime() - this.config.pipeline.staleAfterMs);
    for (const process of await this.repo.findNeedingAttention(staleBefore, now)) {
      if (process.deadlineAt <= now) {
        await this.runner.fail(process, this.runner.timeoutReason(process.currentStage));
        timedOut++;
        continue;
      }
      const stage = process.currentStage as StageName;
      if (!(await this.queues.has(process.id, stage))) {
        await this.runner.enqueue(process, stage);
        requeued++;
        this.logger.warn({ processId: process.id, stage }, 'reconciler re-enqueued a lost pipeline job');
      }
      await this.repo.touch([process.id]);
    }
    return { requeued, timedOut };
  }
}
