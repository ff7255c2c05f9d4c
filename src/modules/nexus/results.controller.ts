import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppException } from '../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { ResultsService } from './results.service.js';

const docId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Document not found') });

@ApiTags('Nexus results')
@Controller('api/v1/nexus')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Get('documents/:doc_id/extraction')
  @Roles('viewer')
  @ApiOperation({ summary: 'The extraction result: entities with holdings and asset allocation, validation flags, totals' })
  @ApiEnvelope(null, { description: 'The extraction result in the envelope' })
  extraction(@CurrentUser() user: Principal, @Param('doc_id', docId) id: string) {
    return this.results.extraction(user, id);
  }

  @Get('token-usage/:doc_id')
  @Roles('viewer')
  @ApiOperation({ summary: 'Tokens and cost in INR per stage; totals are the sums' })
  @ApiEnvelope(null, { description: 'Token usage in the envelope' })
  tokenUsage(@CurrentUser() user: Principal, @Param('doc_id', docId) id: string) {
    return this.results.tokenUsage(user, id);
  }

  @Get('stats')
  @Roles('admin')
  @ApiOperation({ summary: "Statistics for the admin's tenant: documents by status, success rate, timings, tokens, users, queues" })
  @ApiEnvelope(null, { description: 'Statistics in the envelope' })
  stats(@CurrentUser() user: Principal) {
    return this.results.stats(user);
  }
}
