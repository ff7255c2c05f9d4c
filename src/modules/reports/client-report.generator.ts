import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logging.module.js';
import { StoredReports } from '../nexus/index.js';
import { PortfolioService } from '../portfolio/index.js';
import { GainsService } from '../gains/gains.service.js';
import { TenantsService } from '../tenants/tenants.service.js';
import { AppException } from '../../common/errors/app.exception.js';
import { UsersRepository } from '../users/users.repository.js';
import { buildReportModel, financialYearOf, type ReportAudience, type ReportInput } from './document/report-model.js';
import { renderClientReport } from './document/report-pdf.js';
import { ClientReportUrls } from './client-report-urls.js';

/** What a report is made from, and what its `report.generated` says of whom it is about. */
interface ReportSource {
  input: Omit<ReportInput, 'firm' | 'adviser' | 'audience' | 'generatedAt'>;
  event: { client_id: string | null; client_ids: string[] };
}

/**
 * Makes one client or household report (in a worker): the portfolio as the API answers it for the
 * report's `as_of` (the latest statements when none was asked for), and the gains as the gains API
 * answers them for the report's financial year (`fy`, else the year of the report's date): the year's
 * sales and the open lots an invested amount is worked out from. Turned into the PDF, stored, and
 * announced by `report.generated`. Running it again for a report already completed or failed does
 * nothing.
 */
@Injectable()
export class ClientReportGenerator {
  constructor(
    private readonly reports: StoredReports,
    private readonly portfolios: PortfolioService,
    private readonly tenants: TenantsService,
    private readonly gains: GainsService,
    private readonly users: UsersRepository,
    private readonly urls: ClientReportUrls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async generate(tenantId: string, reportId: string): Promise<void> {
    const report = await this.reports.find(tenantId, reportId);
    if (!report || (report.clientId === null && report.householdId === null) || !(await this.reports.start(tenantId, reportId))) return;
    const started = Date.now();
    const params = { as_of: report.params?.as_of ?? null, fy: report.params?.fy ?? null };
    const audience: ReportAudience = report.params?.audience === 'adviser' ? 'adviser' : 'client';
    const [tenant, adviser, source] = await Promise.all([
      this.tenants.get(tenantId),
      this.users.findInTenant(tenantId, report.createdBy),
      report.householdId !== null ? this.householdSource(tenantId, report.householdId, params) : this.clientSource(tenantId, report.clientId!, params),
    ]);
    const model = buildReportModel({ firm: tenant.name, adviser: adviser ? (adviser.fullName ?? adviser.email) : null, audience, generatedAt: new Date(), ...source.input });
    const body = await renderClientReport(model);
    const event = { ...source.event, url: this.urls.file(report.id) };
    const done = await this.reports.complete(report, body, source.input.portfolio.positions.length, event);
    if (done) this.logger.info({ reportId, tenantId, bytes: body.length, ms: Date.now() - started }, 'client report generated');
  }

  private async clientSource(tenantId: string, clientId: string, params: ReportInput['params']): Promise<ReportSource> {
    const { portfolio, history } = await this.portfolios.clientSnapshot(tenantId, clientId, params.as_of);
    const fy = gainsYear(params, portfolio.statement_date);
    const gains = fy ? await this.gains.clientGainsFrom(history, fy) : null;
    return {
      input: { subject: { kind: 'client', name: history.name, pan: history.pan, gains }, portfolio, params },
      event: { client_id: history.client_id, client_ids: [history.client_id] },
    };
  }

  /**
   * The household's portfolio and gains, from one read of its members and their statements. The
   * event names the first member (the register's order: `self` first) as `client_id`, as a joint
   * statement's names its first holder.
   */
  private async householdSource(tenantId: string, householdId: string, params: ReportInput['params']): Promise<ReportSource> {
    const { portfolio, history } = await this.portfolios.householdSnapshot(tenantId, householdId, params.as_of);
    if (!history.members.length) throw new AppException('HOUSEHOLD_EMPTY');
    const fy = gainsYear(params, portfolio.statement_date);
    const gains = fy ? await this.gains.householdGainsFrom(history, fy) : null;
    const ofMember = new Map((gains?.members ?? []).map((m) => [m.client_id, m]));
    const ids = history.members.map((m) => m.client_id);
    return {
      input: {
        subject: { kind: 'household', name: history.name, members: history.members.map((m) => ({ client_id: m.client_id, pan: m.pan, gains: ofMember.get(m.client_id) ?? null })) },
        portfolio,
        params,
      },
      event: { client_id: ids[0], client_ids: ids },
    };
  }
}

/** The year whose sales the report shows: the one asked for, else the year of the report's date. */
function gainsYear(params: ReportInput['params'], statementDate: string | null): string | null {
  const date = params.as_of ?? statementDate;
  return params.fy ?? (date ? financialYearOf(date) : null);
}
