import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { TenantStatsDto } from './dto/stats.dto.js';
import { StatsService } from './stats.service.js';

@ApiTags('Nexus results')
@Controller('api/v1/nexus')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('stats')
  @Roles('admin')
  @ApiOperation({
    // The operation id it had when nexus served it, so generated clients keep their method.
    operationId: 'Results_stats',
    summary: "Statistics for the admin's tenant: documents by status, success rate, timings, tokens and cost, users, chats, queue depth",
    description: "Every figure is for the caller's tenant only, including token usage (pipeline and chat) and queue depth.",
  })
  @ApiEnvelope(TenantStatsDto)
  tenantStats(@CurrentUser() user: Principal) {
    return this.stats.stats(user);
  }
}
