import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bull';
import type { Logger } from 'pino';
import { AppException } from '../../common/errors/app.exception.js';
import { isDependencyUnavailable } from '../../common/errors/dependency-errors.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { OperationsMetrics } from '../metrics/operations-metrics.js';
import { RedisOutageLog } from '../redis/redis.module.js';
import { StoredReports } from '../nexus/index.js';
import { CLIENT_REPORT_CONCURRENCY, ClientReportQueue, type ClientReportJob } from './client-report.queue.js';
import { ClientReportGenerator } from './client-report.generator.js';

/**
 * Takes client reports off their queue (workers only) and hands them to the generator. A failure
 * with a catalogue code (the client was deleted) fails the report at once; any other is retried by
 * Bull, and the last attempt's failure marks the report failed with REPORT_GENERATION_FAILED, or
 * SERVICE_UNAVAILABLE when PostgreSQL or Redis was away. The error propagates either way.
 */
@Injectable()
export class ClientReportProcessor implements OnModuleInit {
  constructor(
    private readonly queue: ClientReportQueue,
    private readonly generator: ClientReportGenerator,
    private readonly reports: StoredReports,
    private readonly metrics: OperationsMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly outages: RedisOutageLog,
  ) {}

  onModuleInit() {
    this.queue.raw.on('error', (err) => this.outages.report(err, 'client report queue'));
    this.queue.raw
      .process(CLIENT_REPORT_CONCURRENCY, (job: Job<ClientReportJob>) => this.run(job))
      .catch((err) => this.logger.warn({ err }, 'client report processor stopped; Bull reconnects when Redis is back'));
  }

  async run(job: Job<ClientReportJob>): Promise<void> {
    const { tenantId, reportId } = job.data;
    const started = Date.now();
    try {
      await this.generator.generate(tenantId, reportId);
      this.metrics.reportEnded('completed', Date.now() - started);
    } catch (error) {
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (error instanceof AppException) {
        await this.reports.fail(tenantId, reportId, error.code, error.details);
        this.metrics.reportEnded('failed', Date.now() - started, error.code);
      } else if (last) {
        const code = isDependencyUnavailable(error) ? 'SERVICE_UNAVAILABLE' : 'REPORT_GENERATION_FAILED';
        await this.reports.fail(tenantId, reportId, code, code === 'SERVICE_UNAVAILABLE' ? 'PostgreSQL or Redis was not answering' : 'The report could not be made');
        this.metrics.reportEnded('failed', Date.now() - started, code);
      }
      this.logger.warn({ err: error, reportId, attempt: job.attemptsMade + 1 }, 'client report failed');
      if (error instanceof AppException) return; // failed for good: no retry
      throw error;
    }
  }
}
