import { PIPELINE } from './stage-registry.js';
/** The stage names in order (from the registry). Each has its own Bull queue. */
export const STAGES = PIPELINE.map((s) => s.name);
export const queueName = (stage) => `pipeline-${stage}`;
export const QUEUE_NAMES = STAGES.map(queueName);
/** One job per process and stage: the id makes re-enqueueing (by the reconciler) idempotent. */
export const stageJobId = (processId, stage) => `${processId}:${stage}`;
export const nextStage = (stage) => STAGES[STAGES.indexOf(stage) + 1] ?? null;
/** Transient failures (a database blip) are retried by Bull; the state itself lives in PostgreSQL. */
export const STAGE_JOB_OPTIONS = {
    attempts: 3,
    backoff: { type: 'exponential', delay: 500 },
    removeOnComplete: true,
    removeOnFail: true,
};
/** Jobs each stage processor runs at once per worker process. */
export const PIPELINE_STAGE_CONCURRENCY = 2;
//# sourceMappingURL=pipeline.constants.js.map