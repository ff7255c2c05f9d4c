import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';

/** The addresses of a client report, as `report.generated` and the status answer give them. */
@Injectable()
export class ClientReportUrls {
  constructor(private readonly config: AppConfig) {}

  file(clientId: string, reportId: string): string {
    return `${this.config.http.publicBaseUrl}/api/v1/clients/${encodeURIComponent(clientId)}/reports/${reportId}/file`;
  }
}
