import { getQueueToken } from '@nestjs/bull';
import type { Provider } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { withinDeadline } from '../../../common/errors/dependency-errors.js';
import { runnableJob } from '../../queue/runnable-job.js';
import { RedisOutageLog } from '../../redis/redis.module.js';
import { PIPELINE_STAGE_CONCURRENCY, queueName, STAGE_JOB_OPTIONS, STAGES, stageJobId, type StageJob, type StageName } from './pipeline.constants.js';

const OVERDUE_MS = 1000;
const DEPTHS_WAIT_MS = 1000;

/** The ten stage queues behind one small API: enqueue a stage of a process, or look its job up. */
export class PipelineQueues {
  constructor(private readonly queues: Map<StageName, Queue<StageJob>>) {}

  private queue(stage: StageName): Queue<StageJob> {
    return this.queues.get(stage)!;
  }

  /** Hands the stage's jobs to `handler`, PIPELINE_STAGE_CONCURRENCY at once; rejects when Redis is unreachable. */
  process(stage: StageName, handler: (job: Job<StageJob>) => Promise<void>): Promise<void> {
    return this.queue(stage).process(PIPELINE_STAGE_CONCURRENCY, handler);
  }

  /** Idempotent: a job with the same process and stage already queued or running is left alone. */
  async enqueue(job: StageJob): Promise<void> {
    await this.queue(job.stage).add(job, { ...STAGE_JOB_OPTIONS, jobId: stageJobId(job.processId, job.stage) });
  }

  /**
   * Whether Redis still holds the stage's job in a state that will run; what is left of a finished or
   * damaged job is cleared so that the stage can be enqueued again (see runnableJob). A retry whose
   * backoff is long overdue is promoted to run now, so a job can never sit in the delayed set forever.
   */
  async has(processId: string, stage: StageName): Promise<boolean> {
    const job = await runnableJob(this.queue(stage), stageJobId(processId, stage));
    if (!job) return false;
    if ((await job.isDelayed()) && job.timestamp + (job.opts.delay ?? 0) < Date.now() - OVERDUE_MS) await job.promote().catch(() => undefined);
    return true;
  }

  /**
   * Removes the queued jobs (waiting or delayed) of these processes from every stage's queue. A job
   * already running cannot be removed: it finds its process gone and stops.
   */
  async removeJobs(processIds: string[]): Promise<void> {
    for (const processId of processIds) {
      for (const stage of STAGES) {
        const job = await this.queue(stage).getJob(stageJobId(processId, stage));
        if (job && !(await job.isActive())) await job.remove().catch(() => undefined);
      }
    }
  }

  /** Jobs waiting, running or delayed per stage (for /metrics and stats); rejects after 1 s without Redis. */
  async depths(): Promise<Record<StageName, number>> {
    const counts = Promise.all(
      STAGES.map(async (stage) => {
        const c = await this.queue(stage).getJobCounts();
        return [stage, c.waiting + c.active + c.delayed] as const;
      }),
    );
    const entries = await withinDeadline(counts, DEPTHS_WAIT_MS, 'Redis');
    return Object.fromEntries(entries) as Record<StageName, number>;
  }
}

export const pipelineQueuesProvider: Provider = {
  provide: PipelineQueues,
  inject: [RedisOutageLog, ...STAGES.map((s) => getQueueToken(queueName(s)))],
  useFactory: (outages: RedisOutageLog, ...queues: Queue<StageJob>[]) => {
    // Connection errors while Redis is away go to the one outage line; the queues reconnect by
    // themselves and the reconciler re-enqueues whatever was lost.
    for (const queue of queues) queue.on('error', (err) => outages.report(err, `queue ${queue.name}`));
    return new PipelineQueues(new Map(STAGES.map((s, i) => [s, queues[i]])));
  },
};
