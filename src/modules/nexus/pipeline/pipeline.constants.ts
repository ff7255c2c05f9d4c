import type { JobOptions } from 'bull';
import { KEEP_COMPLETED_JOBS, KEEP_FAILED_JOBS } from '../../queue/runnable-job.js';
import { PIPELINE, type StageName } from './stage-registry.js';

export type { StageName };

/** The stage names in order (from the registry). Each has its own Bull queue. */
export const STAGES: readonly StageName[] = PIPELINE.map((s) => s.name);

export const queueName = (stage: StageName) => `pipeline-${stage}`;
export const QUEUE_NAMES = STAGES.map(queueName);

/** One job per process and stage: the id makes re-enqueueing (by the reconciler) idempotent. */
export const stageJobId = (processId: string, stage: StageName) => `${processId}:${stage}`;

export const nextStage = (stage: StageName): StageName | null => STAGES[STAGES.indexOf(stage) + 1] ?? null;

/** Transient failures (a database blip) are retried by Bull; the state itself lives in PostgreSQL. */
export const STAGE_JOB_OPTIONS: JobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: KEEP_COMPLETED_JOBS,
  removeOnFail: KEEP_FAILED_JOBS,
};

export interface StageJob {
  tenantId: string;
  processId: string;
  stage: StageName;
}

/** Jobs each stage processor runs at once per worker process. */
export const PIPELINE_STAGE_CONCURRENCY = 2;
