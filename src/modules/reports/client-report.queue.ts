import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { JobOptions, Queue } from 'bull';
import { KEEP_COMPLETED_JOBS, KEEP_FAILED_JOBS, runnableJob } from '../queue/runnable-job.js';

export const CLIENT_REPORT_QUEUE = 'client-report';

/** A client report to make; the job id is the report id, so enqueueing it twice queues it once. */
export interface ClientReportJob {
  tenantId: string;
  reportId: string;
}

/** Transient failures (a database blip) are retried; the report's state lives on its row. */
export const CLIENT_REPORT_JOB_OPTIONS: JobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: KEEP_COMPLETED_JOBS,
  removeOnFail: KEEP_FAILED_JOBS,
};

/** Reports one worker process makes at once (each draws a chart and writes a PDF in memory). */
export const CLIENT_REPORT_CONCURRENCY = 2;

@Injectable()
export class ClientReportQueue {
  constructor(@InjectQueue(CLIENT_REPORT_QUEUE) private readonly queue: Queue<ClientReportJob>) {}

  /**
   * Queues the report unless a job for it will still run. Fair across tenants: a job's priority is
   * the report's place among its tenant's unfinished reports (`place`, 1 = its oldest), and the queue
   * takes the lowest first, in order of arrival among equals. So the first report of every tenant goes
   * before the second of any, and so on: a tenant that queues eighty reports holds up another's one by
   * no more than the reports already running and one of each other tenant's
   * (test/e2e/client-reports.e2e-spec.ts, "is fair across tenants").
   */
  async enqueue(tenantId: string, reportId: string, place: number): Promise<void> {
    if (await runnableJob(this.queue, reportId)) return;
    await this.queue.add({ tenantId, reportId }, { ...CLIENT_REPORT_JOB_OPTIONS, jobId: reportId, priority: Math.max(1, Math.floor(place)) });
  }

  /** Whether a job for the report will still run. */
  async has(reportId: string): Promise<boolean> {
    return (await runnableJob(this.queue, reportId)) !== null;
  }

  get raw(): Queue<ClientReportJob> {
    return this.queue;
  }
}
