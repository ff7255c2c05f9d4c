import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { RawResponse } from '../../common/decorators/raw-response.decorator.js';
import { AppException } from '../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { ClientReportsService } from './client-reports.service.js';
import { ClientReportDto, CreateClientReportDto } from './dto/client-report.dto.js';

const reportId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('REPORT_NOT_FOUND', 'No such report of this client') });
const ClientIdParam = ApiParam({ name: 'client_id', example: 'cli_0a1b2c3d4e5f60718293a4b5' });
const ReportIdParam = ApiParam({ name: 'report_id', format: 'uuid', example: '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a', description: 'report_id of the request, or of report.generated' });
const NotFound = ApiNotFoundResponse({ description: "CLIENT_NOT_FOUND: no such client in the caller's tenant; REPORT_NOT_FOUND: no such report of this client" });

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
      'Answers 202 with the report `queued`; poll `GET …/reports/{report_id}` until `completed` (then `url` is the PDF) or `failed` (`error.code`). ' +
      'The report holds the firm and client (PAN masked), the valuation as of `as_of`, the allocation as a chart, holdings by asset class, XIRR, ' +
      'unrealised gains and the gains of the period, and notes on flagged data.',
  })
  @ApiEnvelope(ClientReportDto, { status: 202, description: 'The report, queued' })
  @ApiBadRequestResponse({ description: 'VALIDATION_ERROR: unknown report_type, a bad as_of or fy, an unknown field' })
  @NotFound
  request(@CurrentUser() user: Principal, @Param('client_id') clientId: string, @Body() body: CreateClientReportDto) {
    return this.reports.request(user, clientId, body);
  }

  @Get(':report_id')
  @Roles('viewer')
  @ClientIdParam
  @ReportIdParam
  @ApiOperation({ summary: "A client report's status, and its url once completed" })
  @ApiEnvelope(ClientReportDto)
  @NotFound
  status(@CurrentUser() user: Principal, @Param('client_id') clientId: string, @Param('report_id', reportId) id: string) {
    return this.reports.status(user, clientId, id);
  }

  @Get(':report_id/file')
  @Roles('viewer')
  @RawResponse()
  @ClientIdParam
  @ReportIdParam
  @ApiOperation({ summary: 'The report’s PDF, byte for byte (the url of report.generated)' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF (no envelope), with Content-Disposition and X-Report-Id', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiConflictResponse({ description: 'REPORT_NOT_READY: the report is queued, running or failed' })
  @NotFound
  async file(@CurrentUser() user: Principal, @Param('client_id') clientId: string, @Param('report_id', reportId) id: string, @Res({ passthrough: true }) res: Response) {
    const file = await this.reports.file(user, clientId, id);
    res.setHeader('X-Report-Id', file.report.id);
    // The report holds personal data: never cached.
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(file.body, { type: 'application/pdf', length: file.body.length, disposition: `attachment; filename="${file.fileName}"` });
  }
}
