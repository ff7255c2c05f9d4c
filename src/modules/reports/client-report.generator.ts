import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logging.module.js';
import { ClientRegister } from '../clients/index.js';
import { StoredReports } from '../nexus/index.js';
import { PortfolioService } from '../portfolio/index.js';
import { GainsService } from '../gains/gains.service.js';
import { TenantsService } from '../tenants/tenants.service.js';
import { realisedGains } from './document/realised-gains.js';
import { buildReportModel } from './document/report-model.js';
import { renderClientReport } from './document/report-pdf.js';
import { ClientReportUrls } from './client-report-urls.js';

/**
 * Makes one client report (in a worker): the client's portfolio as the API answers it for the
 * report's `as_of` and, with a financial year, the client's gains of that year as the gains API
 * answers them, turned into the PDF, stored, and announced by `report.generated`. Running it
 * again for a report already completed or failed does nothing.
 */
@Injectable()
export class ClientReportGenerator {
  constructor(
    private readonly reports: StoredReports,
    private readonly register: ClientRegister,
    private readonly portfolios: PortfolioService,
    private readonly tenants: TenantsService,
    private readonly gains: GainsService,
    private readonly urls: ClientReportUrls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async generate(tenantId: string, reportId: string): Promise<void> {
    const report = await this.reports.find(tenantId, reportId);
    if (!report || report.clientId === null || !(await this.reports.start(tenantId, reportId))) return;
    const started = Date.now();
    const client = await this.register.requireClient(tenantId, report.clientId);
    const fy = report.params?.fy ?? null;
    const [tenant, portfolio, gains] = await Promise.all([
      this.tenants.get(tenantId),
      this.portfolios.clientPortfolioOf(tenantId, client.id, report.params?.as_of ?? null),
      fy ? this.gains.clientGainsOf(tenantId, client.id, fy) : null,
    ]);
    const model = buildReportModel({
      firm: tenant.name,
      client: { name: client.name, pan: client.pan },
      portfolio,
      params: { as_of: report.params?.as_of ?? null, fy },
      generatedAt: new Date(),
      realised: gains ? realisedGains(gains) : null,
    });
    const body = await renderClientReport(model);
    const done = await this.reports.complete(report, body, portfolio.positions.length, {
      client_id: client.id,
      client_ids: [client.id],
      url: this.urls.file(report.id),
    });
    if (done) this.logger.info({ reportId, tenantId, bytes: body.length, ms: Date.now() - started }, 'client report generated');
  }
}
