import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { RawResponse } from '../../common/decorators/raw-response.decorator.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { sendReportFile } from '../nexus/index.js';
import { GainsExportQueryDto, GainsQueryDto } from './dto/gains-query.dto.js';
import { ClientGainsDto, HouseholdGainsDto } from './dto/gains.dto.js';
import { GainsService } from './gains.service.js';

const ClientIdParam = ApiParam({ name: 'client_id', example: 'cli_0a1b2c3d4e5f60718293a4b5' });
const BadYear = ApiBadRequestResponse({ description: 'FINANCIAL_YEAR_INVALID: `fy` missing or not YYYY-YY of consecutive years; VALIDATION_ERROR: another bad parameter' });
const OldYear = ApiUnprocessableEntityResponse({ description: 'FINANCIAL_YEAR_UNSUPPORTED: `fy` before 2018-19' });
const CSV_EXAMPLE =
  'folio,scheme_name,isin,transaction_type,purchase_type,purchase_date,sale_date,units,purchase_nav,sale_nav,cost,stamp_duty,stt,sale_value,fmv_nav_2018,fmv_value_2018,cost_of_acquisition,gain,term,tax_class,rule,rate,section,act,advance_tax_period,flags\r\n' +
  '1234567/89,HDFC Flexi Cap Fund - Direct Plan - Growth,INF179K01BB8,redemption,purchase,2023-05-10,2025-06-12,120.500,1402.3311,1890.1204,168988.90,8.45,,227759.51,,,168988.90,58770.61,long,equity_oriented,EQ_LTCG_12_5,12.50,112A,1961,upto_15_jun,\r\n';

/** Capital gains of a client or household by financial year (docs/gains.md). */
@ApiTags('Gains')
@Controller('api/v1')
export class GainsController {
  constructor(private readonly gains: GainsService) {}

  @Get('clients/:client_id/gains')
  @Roles('viewer')
  @ClientIdParam
  @ApiOperation({
    summary: "The client's capital gains of a financial year: realised by tax class and term, the s.112A exemption, the advance-tax split, per-lot detail; unrealised gains",
    description:
      'FIFO lots per folio and scheme over the merged history of every statement linked to the client, each lot under the rule in force on its transfer date (docs/gains.md). ' +
      'Unrealised gains are valued at the latest statement’s NAV, or the configured NAV source’s when newer, with its date. ' +
      'A folio whose history does not reach a zero balance is HISTORY_INCOMPLETE: the gains of the units it cannot see are null, never guessed.',
  })
  @ApiEnvelope(ClientGainsDto)
  @BadYear
  @OldYear
  @ApiNotFoundResponse({ description: "CLIENT_NOT_FOUND: no such client in the caller's tenant" })
  client(@CurrentUser() user: Principal, @Param('client_id') id: string, @Query() query: GainsQueryDto) {
    return this.gains.clientGains(user, id, query.fy);
  }

  @Get('households/:household_id/gains')
  @Roles('viewer')
  @ApiParam({ name: 'household_id', example: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d' })
  @ApiOperation({
    summary: "The household's capital gains of a financial year: each member's, and the totals",
    description: "Each member's gains from their own PAN's holdings, with their own s.112A exemption; the totals add the members' figures (null where one is unknown).",
  })
  @ApiEnvelope(HouseholdGainsDto)
  @BadYear
  @OldYear
  @ApiNotFoundResponse({ description: "HOUSEHOLD_NOT_FOUND: no such household in the caller's tenant" })
  household(@CurrentUser() user: Principal, @Param('household_id') id: string, @Query() query: GainsQueryDto) {
    return this.gains.householdGains(user, id, query.fy);
  }

  @Get('clients/:client_id/gains/export')
  @Roles('analyst')
  @RawResponse()
  @ClientIdParam
  @ApiOperation({
    summary: "The client's realised gains of a financial year as CSV or XLSX: every lot (`detailed`) or Schedule 112A's columns (`schedule_112a`)",
    description:
      'Answers the file itself (not the envelope) with Content-Disposition and `X-Report-Id`. The file is stored as a report (fetch it again at ' +
      '/api/v1/nexus/reports/{report_id}) and `report.generated` is emitted with `client_id` and `fy`. See docs/gains.md.',
  })
  @ApiProduces('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOkResponse({
    description: 'The export file',
    content: {
      'text/csv': { schema: { type: 'string', example: CSV_EXAMPLE } },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @BadYear
  @OldYear
  @ApiNotFoundResponse({ description: "CLIENT_NOT_FOUND: no such client in the caller's tenant" })
  async export(@CurrentUser() user: Principal, @Param('client_id') id: string, @Query() query: GainsExportQueryDto, @Res({ passthrough: true }) res: Response) {
    return sendReportFile(await this.gains.export(user, id, query), res);
  }
}
