import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Principal } from '../../common/auth/principal.js';
import { AppException } from '../../common/errors/app.exception.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { ClientRegister } from '../clients/index.js';
import { StoredReports, type StoredReport } from '../nexus/index.js';
import { ClientReportQueue } from './client-report.queue.js';
import { ClientReportUrls } from './client-report-urls.js';
import { REPORT_TYPES, type ClientReportDto, type CreateClientReportDto, type CreateHouseholdReportDto } from './dto/client-report.dto.js';

/** A report file ready to send. */
export interface ClientReportFile {
  report: StoredReport;
  body: Buffer;
  fileName: string;
}

const notFound = () => new AppException('REPORT_NOT_FOUND', 'No such report');
const reportTypes: readonly string[] = REPORT_TYPES;

/**
 * Client and household reports (docs/reports.md): requested per client or household, made by a worker
 * from its portfolio, read back at `/api/v1/reports/{report_id}` by anyone of the tenant who may read
 * the portfolio. Another tenant's report, and a report id that is none of these (an export, which
 * only analysts may read, at its own route), answer 404.
 */
@Injectable()
export class ClientReportsService {
  constructor(
    private readonly register: ClientRegister,
    private readonly reports: StoredReports,
    private readonly jobs: ClientReportQueue,
    private readonly urls: ClientReportUrls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async request(user: Principal, clientId: string, body: CreateClientReportDto): Promise<ClientReportDto> {
    const client = await this.register.requireClient(user.tenantId, clientId);
    return this.queue(user, { clientId: client.id, householdId: null }, body);
  }

  /** A household's report; a household without members has nothing to report (409 HOUSEHOLD_EMPTY). */
  async requestForHousehold(user: Principal, householdId: string, body: CreateHouseholdReportDto): Promise<ClientReportDto> {
    const household = await this.register.requireHousehold(user.tenantId, householdId);
    if (!household.members.length) throw new AppException('HOUSEHOLD_EMPTY');
    return this.queue(user, { clientId: null, householdId: household.id }, body);
  }

  private async queue(user: Principal, subject: { clientId: string | null; householdId: string | null }, body: CreateClientReportDto | CreateHouseholdReportDto): Promise<ClientReportDto> {
    const report = await this.reports.request({
      id: randomUUID(),
      tenantId: user.tenantId,
      ...subject,
      createdBy: user.userId,
      reportType: body.report_type,
      format: 'pdf',
      params: { as_of: body.as_of ?? null, fy: body.fy ?? null, audience: body.audience ?? 'client' },
    });
    try {
      await this.jobs.enqueue(user.tenantId, report.id, await this.reports.placeInTenant(user.tenantId, report.id));
    } catch (error) {
      // Redis away: the row is kept as `queued` and the reconciler enqueues it once Redis answers.
      this.logger.warn({ err: error, reportId: report.id }, 'client report not enqueued; the reconciler will');
    }
    return this.toDto(report);
  }

  async status(user: Principal, reportId: string): Promise<ClientReportDto> {
    return this.toDto(await this.visible(user, reportId));
  }

  async file(user: Principal, reportId: string): Promise<ClientReportFile> {
    const report = await this.visible(user, reportId);
    if (report.status !== 'completed') throw new AppException('REPORT_NOT_READY', `The report is ${report.status}`);
    const body = await this.reports.file(user.tenantId, report.id);
    // A completed report always names its file: no file here means the report was deleted meanwhile.
    // (A file gone from the store behind Foliodesk's back answers 410 FILE_NOT_STORED.)
    if (!body) throw notFound();
    return { report, body, fileName: `${report.reportType}-${report.id}.pdf` };
  }

  /** A client or household report of the caller's tenant; an export's or gains export's id is not one. */
  private async visible(user: Principal, reportId: string): Promise<StoredReport> {
    const report = await this.reports.find(user.tenantId, reportId);
    if (!report || !reportTypes.includes(report.reportType) || (report.clientId === null && report.householdId === null)) throw notFound();
    return report;
  }

  private toDto(r: StoredReport): ClientReportDto {
    return {
      report_id: r.id,
      client_id: r.clientId,
      household_id: r.householdId,
      report_type: r.reportType,
      format: r.format,
      status: r.status,
      params: { as_of: r.params?.as_of ?? null, fy: r.params?.fy ?? null, audience: r.params?.audience ?? 'client' },
      url: r.status === 'completed' ? this.urls.file(r.id) : null,
      links: { status: this.urls.status(r.id), file: this.urls.file(r.id) },
      size_bytes: r.sizeBytes,
      sha256: r.sha256,
      error: r.status === 'failed' ? { code: r.errorCode ?? 'REPORT_GENERATION_FAILED', message: r.errorMessage ?? 'The report could not be made' } : null,
      created_at: r.createdAt.toISOString(),
      completed_at: r.completedAt?.toISOString() ?? null,
    };
  }
}
