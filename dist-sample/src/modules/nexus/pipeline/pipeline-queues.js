import { getQueueToken } from '@nestjs/bull';
import { withinDeadline } from '../../../common/errors/dependency-errors.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { runnableJob } from '../../queue/runnable-job.js';
import { PIPELINE_STAGE_CONCURRENCY, queueName, STAGE_JOB_OPTIONS, STAGES, stageJobId } from './pipeline.constants.js';
const OVERDUE_MS = 1000;
const DEPTHS_WAIT_MS = 1000;
/** The ten stage queues behind one small API: enqueue a stage of a process, or look its job up. */
export class PipelineQueues {
    constructor(queues) {
        this.queues = queues;
    }
    queue(stage) {
        return this.queues.get(stage);
    }
    /** Hands the stage's jobs to `handler`, PIPELINE_STAGE_CONCURRENCY at once; rejects when Redis is unreachable. */
    process(stage, handler) {
        return this.queue(stage).process(PIPELINE_STAGE_CONCURRENCY, handler);
    }
    /** Idempotent: a job with the same process and stage already queued or running is left alone. */
    async enqueue(job) {
        await this.queue(job.stage).add(job, { ...STAGE_JOB_OPTIONS, jobId: stageJobId(job.processId, job.stage) });
    }
    /**
     * Whether Redis still holds the stage's job in a state that will run; what is left of a finished or
     * damaged job is cleared so that the stage can be enqueued again (see runnableJob). A retry whose
     * backoff is long overdue is promoted to run now, so a job can never sit in the delayed set forever.
     */
    async has(processId, stage) {
        const job = await runnableJob(this.queue(stage), stageJobId(processId, stage));
        if (!job)
            return false;
        if ((await job.isDelayed()) && job.timestamp + (job.opts.delay ?? 0) < Date.now() - OVERDUE_MS)
            await job.promote().catch(() => undefined);
        return true;
    }
    /**
     * Removes the queued jobs (waiting or delayed) of these processes from every stage's queue. A job
     * already running cannot be removed: it finds its process gone and stops.
     */
    async removeJobs(processIds) {
        for (const processId of processIds) {
            for (const stage of STAGES) {
                const job = await this.queue(stage).getJob(stageJobId(processId, stage));
                if (job && !(await job.isActive()))
                    await job.remove().catch(() => undefined);
            }
        }
    }
    /** Jobs waiting, running or delayed per stage (for /metrics and stats); rejects after 1 s without Redis. */
    async depths() {
        const counts = Promise.all(STAGES.map(async (stage) => {
            const c = await this.queue(stage).getJobCounts();
            return [stage, c.waiting + c.active + c.delayed];
        }));
        const entries = await withinDeadline(counts, DEPTHS_WAIT_MS, 'Redis');
        return Object.fromEntries(entries);
    }
}
export const pipelineQueuesProvider = {
    provide: PipelineQueues,
    inject: [LOGGER, ...STAGES.map((s) => getQueueToken(queueName(s)))],
    useFactory: (logger, ...queues) => {
        // Connection errors while Redis is away are logged; the queues reconnect by themselves and the
        // reconciler re-enqueues whatever was lost.
        for (const queue of queues)
            queue.on('error', (err) => logger.warn({ err, queue: queue.name }, 'queue error'));
        return new PipelineQueues(new Map(STAGES.map((s, i) => [s, queues[i]])));
    },
};
//# sourceMappingURL=pipeline-queues.js.map