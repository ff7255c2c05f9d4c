import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { PageQueryDto } from '../../common/http/pagination.js';
import { DashboardService } from './dashboard.service.js';
import { ActivityPageDto, DashboardQueryDto, DashboardSummaryDto } from './dto/dashboard.dto.js';

@ApiTags('Dashboard')
@Controller('api/v1/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Roles('viewer')
  @ApiOperation({ summary: 'Your documents, extractions, success rate, conversations and token usage over a period' })
  @ApiEnvelope(DashboardSummaryDto)
  summary(@CurrentUser() user: Principal, @Query() query: DashboardQueryDto) {
    return this.dashboard.summary(user, query.period);
  }

  @Get('activity')
  @Roles('viewer')
  @ApiOperation({ summary: 'Your recent uploads, extractions, chats and exports, newest first' })
  @ApiEnvelope(ActivityPageDto)
  activity(@CurrentUser() user: Principal, @Query() page: PageQueryDto) {
    return this.dashboard.activity(user, page);
  }
}
