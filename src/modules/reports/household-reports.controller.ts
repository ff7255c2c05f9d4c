import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { ClientReportsService } from './client-reports.service.js';
import { ClientReportDto, CreateHouseholdReportDto, QUEUED_HOUSEHOLD_REPORT_EXAMPLE } from './dto/client-report.dto.js';

/** Household reports: the PDF a firm sends a family, made by a worker (docs/reports.md). */
@ApiTags('Client reports')
@Controller('api/v1/households/:household_id/reports')
export class HouseholdReportsController {
  constructor(private readonly reports: ClientReportsService) {}

  @Post()
  @HttpCode(202)
  @Roles('analyst')
  @ApiParam({ name: 'household_id', example: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d' })
  @ApiOperation({
    summary: 'Request a household report (PDF): queued, made by a worker, announced by report.generated',
    description:
      'Answers 202 with the report `queued`; poll `GET /api/v1/reports/{report_id}` (`links.status`) until `completed` (then `url` is the PDF) or `failed` (`error.code`). ' +
      "The report holds the firm, the household and each member (PAN masked) with the member's figures, the household's consolidated valuation as of `as_of`, " +
      "the allocation as a chart, each member's holdings by asset class, XIRR, unrealised gains, each member's and the household's gains of the period, and notes on flagged data.",
  })
  @ApiEnvelope(ClientReportDto, { status: 202, description: 'The report, queued', resultExample: QUEUED_HOUSEHOLD_REPORT_EXAMPLE })
  @ApiBadRequestResponse({ description: 'VALIDATION_ERROR: unknown report_type, a bad as_of or fy, an unknown field' })
  @ApiNotFoundResponse({ description: "HOUSEHOLD_NOT_FOUND: no such household in the caller's tenant" })
  @ApiConflictResponse({ description: 'HOUSEHOLD_EMPTY: the household has no members' })
  request(@CurrentUser() user: Principal, @Param('household_id') householdId: string, @Body() body: CreateHouseholdReportDto) {
    return this.reports.requestForHousehold(user, householdId, body);
  }
}
