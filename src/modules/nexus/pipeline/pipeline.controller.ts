import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiGoneResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../../common/auth/decorators.js';
import type { Principal } from '../../../common/auth/principal.js';
import { AppException } from '../../../common/errors/app.exception.js';
import { ProcessStartedDto, ProgressDto, StartProcessDto } from './dto/pipeline.dto.js';
import { PipelineService } from './pipeline.service.js';

const processId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Process not found') });

/** V2: raw JSON bodies (no envelope); errors still use the envelope. */
@ApiTags('Nexus pipeline (V2)')
@Controller('api/v2')
export class PipelineController {
  constructor(private readonly pipeline: PipelineService) {}

  @Post('nexus/pipeline/process')
  @HttpCode(200)
  @Roles('analyst')
  @ApiOperation({ summary: 'Start the ten-stage pipeline for an uploaded job (idempotent while it runs)' })
  @ApiOkResponse({ type: ProcessStartedDto })
  @ApiUnprocessableEntityResponse({ description: 'PDF_PASSWORD_REQUIRED or PDF_PASSWORD_INVALID' })
  @ApiGoneResponse({ description: "ORIGINAL_PURGED: the document's original was removed under the tenant's retention_days; nothing is left to run on" })
  start(@CurrentUser() user: Principal, @Body() dto: StartProcessDto) {
    return this.pipeline.start(user, dto.job_id, dto.password);
  }

  @Get(['nexus/status/process/:process_id/progress', 'status/process/:process_id/progress'])
  @Roles('viewer')
  @ApiOperation({ summary: 'Progress of a process: all ten stages; poll every 2 seconds until progress_pct is 100' })
  @ApiOkResponse({ type: ProgressDto })
  progress(@CurrentUser() user: Principal, @Param('process_id', processId) id: string) {
    return this.pipeline.progress(user, id);
  }
}
