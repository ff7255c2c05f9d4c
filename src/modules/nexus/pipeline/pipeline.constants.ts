import type { JobOptions } from 'bull';

/** The ten stages, in order. Each has its own Bull queue and processor. */
export const STAGES = [
  'upload',
  'classification',
  'parsing',
  'structuring',
  'extraction',
  'validation',
  'enrichment',
  'calculation',
  'summary',
  'completion',
] as const;
export type StageName = (typeof STAGES)[number];

export const queueName = (stage: StageName) => `pipeline-${stage}`;
export const QUEUE_NAMES = STAGES.map(queueName);

/** One job per process and stage: the id makes re-enqueueing (by the reconciler) idempotent. */
export const stageJobId = (processId: string, stage: StageName) => `${processId}:${stage}`;

export const nextStage = (stage: StageName): StageName | null => STAGES[STAGES.indexOf(stage) + 1] ?? null;

/** Transient failures (a database blip) are retried by Bull; the state itself lives in PostgreSQL. */
export const STAGE_JOB_OPTIONS: JobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: true,
};

export interface StageJob {
  tenantId: string;
  processId: string;
  stage: StageName;
}

/** Jobs each stage processor runs at once per worker process. */
export const PIPELINE_STAGE_CONCURRENCY = 2;
