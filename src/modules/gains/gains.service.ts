import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { ExportService, MarketDataService, type ReportFile } from '../nexus/index.js';
import { PortfolioService, type ClientHistory, type HouseholdHistory } from '../portfolio/index.js';
import { parseFinancialYear } from './financial-year.js';
import { Fmv2018 } from './fmv/fmv-2018.provider.js';
import { gainsOf, type InvestorGains } from './gains-of.js';
import { gainsExportTable, GAINS_REPORT_TYPES, type GainsSheet } from './export/gains-export-table.js';
import { householdTotals, type HouseholdGainsTotals } from './household-totals.js';
import type { NavLookup } from './scheme-facts.js';

export interface ClientGains extends InvestorGains {
  client_id: string;
  name: string | null;
}

export interface HouseholdGains {
  household_id: string;
  name: string;
  fy: string;
  period: { from: string; to: string };
  members: Array<ClientGains & { relationship: string }>;
  totals: HouseholdGainsTotals;
}

/**
 * A client's or a household's capital gains of a financial year (docs/gains.md): the merged history
 * and positions from the portfolio module, scheme categories and latest NAVs from nexus's NAV source
 * (when configured), the lots engine. The register is the firm's: any member of the tenant reads it,
 * 404 across tenants.
 */
@Injectable()
export class GainsService {
  constructor(
    private readonly portfolios: PortfolioService,
    private readonly marketData: MarketDataService,
    private readonly exports: ExportService,
    private readonly fmv2018: Fmv2018,
  ) {}

  clientGains(user: Principal, clientId: string, fyValue: unknown): Promise<ClientGains> {
    return this.clientGainsOf(user.tenantId, clientId, fyValue);
  }

  /** A client's gains as `GET /clients/{id}/gains` answers them, for work done without a caller (a client report's job). */
  async clientGainsOf(tenantId: string, clientId: string, fyValue: unknown): Promise<ClientGains> {
    const fy = parseFinancialYear(fyValue);
    return this.clientGainsFrom(await this.portfolios.clientHistory(tenantId, clientId), fy.fy);
  }

  /** The same from a history already read (PortfolioService.clientSnapshot, for a report). */
  async clientGainsFrom(history: ClientHistory, fyValue: unknown): Promise<ClientGains> {
    const fy = parseFinancialYear(fyValue);
    const gains = gainsOf(history.consolidation, fy, await this.navLookup(), this.fmv2018.lookup());
    return { client_id: history.client_id, name: history.name, ...gains };
  }

  householdGains(user: Principal, householdId: string, fyValue: unknown): Promise<HouseholdGains> {
    return this.householdGainsOf(user.tenantId, householdId, fyValue);
  }

  /** A household's gains as `GET /households/{id}/gains` answers them, for work done without a caller (a household report's job). */
  async householdGainsOf(tenantId: string, householdId: string, fyValue: unknown): Promise<HouseholdGains> {
    const fy = parseFinancialYear(fyValue);
    return this.householdGainsFrom(await this.portfolios.householdHistory(tenantId, householdId), fy.fy);
  }

  /** The same from the members' histories already read (PortfolioService.householdSnapshot, for a report). */
  async householdGainsFrom(history: HouseholdHistory, fyValue: unknown): Promise<HouseholdGains> {
    const fy = parseFinancialYear(fyValue);
    const lookup = await this.navLookup();
    const fmv = this.fmv2018.lookup();
    const members = history.members.map((m) => ({
      client_id: m.client_id,
      name: m.name,
      relationship: m.relationship,
      ...gainsOf(m.consolidation, fy, lookup, fmv),
    }));
    return { household_id: history.household_id, name: history.name, fy: fy.fy, period: { from: fy.from, to: fy.to }, members, totals: householdTotals(members) };
  }

  /** The year's realised lots as a CSV or XLSX file, stored as a report and announced by `report.generated`. */
  async export(user: Principal, clientId: string, query: { fy?: string; format: 'csv' | 'xlsx'; sheet: GainsSheet }): Promise<ReportFile> {
    const gains = await this.clientGains(user, clientId, query.fy);
    return this.exports.generateForClient(user, gains.client_id, {
      reportType: GAINS_REPORT_TYPES[query.sheet],
      format: query.format,
      table: gainsExportTable(query.sheet, gains.realised.lots),
      subject: `FY ${gains.fy}`,
      event: { fy: gains.fy },
    });
  }

  /** The NAV source's records by ISIN (category, latest NAV), or null when none is configured or it is unavailable. */
  private async navLookup(): Promise<NavLookup | null> {
    const lookup = await this.marketData.lookup();
    return lookup ? (isin) => lookup(isin) : null;
  }
}
