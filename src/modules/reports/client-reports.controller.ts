import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { ClientReportsService } from './client-reports.service.js';
import { ClientReportDto, CreateClientReportDto, QUEUED_CLIENT_REPORT_EXAMPLE } from './dto/client-report.dto.js';

const ClientIdParam = ApiParam({ name: 'client_id', example: 'cli_0a1b2c3d4e5f60718293a4b5' });
const NotFound = ApiNotFoundResponse({ description: "CLIENT_NOT_FOUND: no such client in the caller's tenant" });

/** Client reports: the PDF a firm sends its client, made by a worker (docs/reports.md). */
@ApiTags('Client reports')
@Controller('api/v1/clients/:client_id/reports')
export class ClientReportsController {
  constructor(private readonly reports: ClientReportsService) {}

  @Post()
  @HttpCode(202)
  @Roles('analyst')
  @ClientIdParam
  @ApiOperation({
    summary: 'Request a client report (PDF): queued, made by a worker, announced by report.generated',
    description:
      'Answers 202 with the report `queued`; poll `GET /api/v1/reports/{report_id}` (`links.status`) until `completed` (then `url` is the PDF) or `failed` (`error.code`). ' +
      'The report holds the firm and client (PAN masked), the valuation as of `as_of`, the allocation as a chart, holdings by asset class, XIRR, ' +
      'unrealised gains and the gains of the period, and notes on flagged data.',
  })
  @ApiEnvelope(ClientReportDto, { status: 202, description: 'The report, queued', resultExample: QUEUED_CLIENT_REPORT_EXAMPLE })
  @ApiBadRequestResponse({ description: 'VALIDATION_ERROR: unknown report_type, a bad as_of or fy, an unknown field' })
  @NotFound
  request(@CurrentUser() user: Principal, @Param('client_id') clientId: string, @Body() body: CreateClientReportDto) {
    return this.reports.request(user, clientId, body);
  }
}
