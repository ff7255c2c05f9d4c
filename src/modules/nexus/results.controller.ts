import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppException } from '../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { ExtractedHoldingDto } from './dto/holding.dto.js';
import { ResultsService } from './results.service.js';

const docId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Document not found') });

@ApiTags('Nexus results')
@Controller('api/v1/nexus')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Get('documents/:doc_id/extraction')
  @Roles('viewer')
  @ApiOperation({
    summary: 'The extraction result: entities with holdings and asset allocation, validation flags, totals',
    description:
      "Each holding is shaped as `ExtractedHoldingDto`: its `units`, `nav` and `market_value` are null (never 0) when the statement does not print them or they could not be read, with a `FIGURE_MISSING` flag; totals and allocation count the holdings whose value is known. Each entity (investor) carries `client_id`, the client of the register its PAN is linked to, or null with `client_link_flag` saying why (`PAN_MISSING`, `NO_CLIENT_WITH_PAN`). A minor's entity carries `guardian` {name, pan} when the statement prints one: the entity stays the minor, whose `pan` is null when only the guardian's is printed.",
  })
  @ApiExtraModels(ExtractedHoldingDto)
  @ApiEnvelope(null, { description: 'The extraction result in the envelope' })
  extraction(@CurrentUser() user: Principal, @Param('doc_id', docId) id: string) {
    return this.results.extraction(user, id);
  }

  @Get('token-usage/:doc_id')
  @Roles('viewer')
  @ApiOperation({
    summary: "Tokens and cost in INR per stage of the document's latest run",
    description: 'Only the latest run that recorded usage counts (re-runs do not add up). Costs are INR to 2 decimals; total_cost_inr is the exact sum, rounded once.',
  })
  @ApiEnvelope(null, { description: 'Token usage in the envelope' })
  tokenUsage(@CurrentUser() user: Principal, @Param('doc_id', docId) id: string) {
    return this.results.tokenUsage(user, id);
  }
}
