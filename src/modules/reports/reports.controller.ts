import { Controller, Get, Param, ParseUUIDPipe, Res, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { RawResponse } from '../../common/decorators/raw-response.decorator.js';
import { AppException } from '../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { ClientReportsService } from './client-reports.service.js';
import { ClientReportDto } from './dto/client-report.dto.js';

const reportId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('REPORT_NOT_FOUND', 'No such report') });
const ReportIdParam = ApiParam({ name: 'report_id', format: 'uuid', example: '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a', description: 'report_id of the request, or of report.generated' });
const NotFound = ApiNotFoundResponse({
  description: "REPORT_NOT_FOUND: no such client report in the caller's tenant (an export's id is not one: exports are read at /api/v1/nexus/reports/{report_id})",
});

/** Reading a client report back, whoever it is about: one route for its status, one for its PDF (docs/reports.md). */
@ApiTags('Client reports')
@Controller('api/v1/reports')
export class ReportsController {
  constructor(private readonly reports: ClientReportsService) {}

  @Get(':report_id')
  @Roles('viewer')
  @ReportIdParam
  @ApiOperation({ summary: "A client report's status, and its url once completed" })
  @ApiEnvelope(ClientReportDto)
  @NotFound
  status(@CurrentUser() user: Principal, @Param('report_id', reportId) id: string) {
    return this.reports.status(user, id);
  }

  @Get(':report_id/file')
  @Roles('viewer')
  @RawResponse()
  @ReportIdParam
  @ApiOperation({ summary: 'The report’s PDF, byte for byte (the url of report.generated)' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF (no envelope), with Content-Disposition and X-Report-Id', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiConflictResponse({ description: 'REPORT_NOT_READY: the report is queued, running or failed' })
  @ApiGoneResponse({ description: 'FILE_NOT_STORED: the report is completed but its file is no longer in the document store (removed outside Foliodesk)' })
  @NotFound
  async file(@CurrentUser() user: Principal, @Param('report_id', reportId) id: string, @Res({ passthrough: true }) res: Response) {
    const file = await this.reports.file(user, id);
    res.setHeader('X-Report-Id', file.report.id);
    // The report holds personal data: never cached.
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(file.body, { type: 'application/pdf', length: file.body.length, disposition: `attachment; filename="${file.fileName}"` });
  }
}
