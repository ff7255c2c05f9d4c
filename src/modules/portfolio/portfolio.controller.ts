import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { ClientPortfolioDto, HouseholdPortfolioDto, PortfolioQueryDto, PortfolioTransactionPageDto, TransactionsQueryDto } from './dto/portfolio.dto.js';
import { PortfolioService } from './portfolio.service.js';

const ClientIdParam = ApiParam({ name: 'client_id', example: 'cli_0a1b2c3d4e5f60718293a4b5' });
const HouseholdIdParam = ApiParam({ name: 'household_id', example: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d' });
const BadDate = ApiBadRequestResponse({ description: 'VALIDATION_ERROR naming the parameter (a date is YYYY-MM-DD)' });

/** Portfolios consolidated from the register's statements (docs/portfolio.md). */
@ApiTags('Portfolios')
@Controller('api/v1')
export class PortfolioController {
  constructor(private readonly portfolios: PortfolioService) {}

  @Get('clients/:client_id/portfolio')
  @Roles('viewer')
  @ClientIdParam
  @ApiOperation({
    summary: "The client's portfolio across all their statements, as of a date",
    description:
      'One position per folio + ISIN (units with a registrar, wherever printed) and per demat account + ISIN, each from the newest statement on or before `as_of`, with its source document, statement date and valuation date; flags SOURCES_DISAGREE, FIGURE_MISSING, HISTORY_GAP; each position’s history status; totals, allocation, cost, gain and XIRR as extraction computes them.',
  })
  @ApiEnvelope(ClientPortfolioDto)
  @BadDate
  @ApiNotFoundResponse({ description: "CLIENT_NOT_FOUND: no such client in the caller's tenant" })
  client(@CurrentUser() user: Principal, @Param('client_id') id: string, @Query() query: PortfolioQueryDto) {
    return this.portfolios.clientPortfolio(user, id, query.as_of ?? null);
  }

  @Get('households/:household_id/portfolio')
  @Roles('viewer')
  @HouseholdIdParam
  @ApiOperation({
    summary: "The household's portfolio: every member's positions, the totals of all, and each member's",
    description: "Each member counts the holdings of their own PAN (a joint statement is split between its investors). `as_of` as for a client's portfolio.",
  })
  @ApiEnvelope(HouseholdPortfolioDto)
  @BadDate
  @ApiNotFoundResponse({ description: "HOUSEHOLD_NOT_FOUND: no such household in the caller's tenant" })
  household(@CurrentUser() user: Principal, @Param('household_id') id: string, @Query() query: PortfolioQueryDto) {
    return this.portfolios.householdPortfolio(user, id, query.as_of ?? null);
  }

  @Get('clients/:client_id/transactions')
  @Roles('viewer')
  @ClientIdParam
  @ApiOperation({
    summary: "The client's transaction history merged across statements, oldest first",
    description: 'A row two statements print is listed once, citing both. Filters: folio, ISIN, type, date range (inclusive).',
  })
  @ApiEnvelope(PortfolioTransactionPageDto)
  @BadDate
  @ApiNotFoundResponse({ description: "CLIENT_NOT_FOUND: no such client in the caller's tenant" })
  transactions(@CurrentUser() user: Principal, @Param('client_id') id: string, @Query() query: TransactionsQueryDto) {
    return this.portfolios.clientTransactions(user, id, query);
  }
}
