import type { Job, KeepJobsOptions, Queue } from 'bull';

/**
 * How many finished jobs each queue keeps for an operator to look at on the queue board: completed
 * ones for an hour (at most 100 per queue), failed ones, with their error, for a day (at most 200).
 * Bounded both ways so Redis memory stays small whatever the traffic; a kept job's id is cleared by
 * `runnableJob` before the same id is queued again.
 */
export const KEEP_COMPLETED_JOBS: KeepJobsOptions = { age: 60 * 60, count: 100 };
export const KEEP_FAILED_JOBS: KeepJobsOptions = { age: 24 * 60 * 60, count: 200 };

const RUNNABLE = new Set(['waiting', 'delayed', 'active', 'paused']);

/**
 * The job Redis holds under `jobId` if it will still run (waiting, delayed, active or paused);
 * otherwise null, after clearing whatever is left under the id, since Bull silently ignores adding a
 * job whose id exists. Two kinds of leftovers: a finished job Bull kept, and a fragment in no list at
 * all ("stuck"). The fragment comes from a Redis flush between a worker popping the job id and
 * activating it: Bull's moveToActive then re-creates the flushed job's hash with only `processedOn`
 * (and a lock), and that id could never be queued again.
 */
export async function runnableJob<T>(queue: Queue<T>, jobId: string): Promise<Job<T> | null> {
  const job = await queue.getJob(jobId);
  if (!job) return null;
  const state = await job.getState();
  if (RUNNABLE.has(state)) return job;
  if (state === 'stuck') {
    // Not in any list, so nothing else refers to it: delete the hash, its lock and its logs directly
    // (Job#remove would wait for the lock the fragment holds to lapse).
    const key = queue.toKey(jobId);
    await queue.client.del(key, `${key}:lock`, `${key}:logs`);
  } else {
    await job.remove();
  }
  return null;
}
