import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';

/** The addresses of a client report, as `report.generated` and the status answer give them. */
@Injectable()
export class ClientReportUrls {
  constructor(private readonly config: AppConfig) {}

  /** `GET /api/v1/reports/{report_id}`: the report's status. */
  status(reportId: string): string {
    return `${this.config.http.publicBaseUrl}/api/v1/reports/${reportId}`;
  }

  /** `GET /api/v1/reports/{report_id}/file`: the PDF. */
  file(reportId: string): string {
    return `${this.status(reportId)}/file`;
  }
}
