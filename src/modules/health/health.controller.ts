import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/decorators.js';
import { RawResponse } from '../../common/decorators/raw-response.decorator.js';
import { ErrorEnvelopeDto } from '../../common/http/api-envelope.decorator.js';
import { failure, ok } from '../../common/http/envelope.js';
import { HealthService } from './health.service.js';

const HEALTH_SCHEMA = {
  type: 'object',
  properties: {
    success: { type: 'boolean', example: true },
    message: { type: 'string', example: 'OK' },
    error: { nullable: true, example: null },
    result: { type: 'object', example: { status: 'ok', checks: { database: 'up', redis: 'up', storage: 'up' } } },
    status: { type: 'string', example: 'ok' },
  },
};

const LIVE_SCHEMA = {
  ...HEALTH_SCHEMA,
  properties: { ...HEALTH_SCHEMA.properties, result: { type: 'object', example: { status: 'ok' } } },
};

/** The 503: the error envelope, the top-level status and which dependency is down. */
const UNHEALTHY_SCHEMA = {
  allOf: [
    { $ref: getSchemaPath(ErrorEnvelopeDto) },
    {
      type: 'object',
      properties: {
        status: { type: 'string', example: 'error' },
        checks: { type: 'object', example: { database: 'up', redis: 'up', storage: 'down' } },
      },
    },
  ],
  example: {
    success: false,
    message: 'Service unavailable',
    error: { code: 'SERVICE_UNAVAILABLE', details: 'Not answering: redis' },
    result: null,
    status: 'error',
    checks: { database: 'up', redis: 'down', storage: 'up' },
  },
};

/**
 * Health answers the envelope and a top-level `status` (DESIGN.md §2); 503 when a dependency is down.
 * Where a market-data NAV source is configured, `checks.market_data` says whether its last read
 * succeeded (`up`), failed (`degraded`: `result.status` is then `degraded`, still 200) or is under way
 * (`loading`).
 */
@ApiTags('Health')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get(['api/v1/health', 'api/v1/health/ready', 'api/v1/discovery/services/nexus/health'])
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: 'Service health and readiness: PostgreSQL, Redis and the document store are checked for real (also at /api/v1/health/ready)',
    description:
      'Answers 503 while any is not answering (`STORAGE_UNAVAILABLE` when only the document store is down, `SERVICE_UNAVAILABLE` otherwise; `checks` names which), and 200 again once all do, without a restart.',
  })
  @ApiOkResponse({ schema: HEALTH_SCHEMA })
  @ApiServiceUnavailableResponse({ description: 'PostgreSQL, Redis or the document store is not answering', schema: UNHEALTHY_SCHEMA })
  async check(@Res({ passthrough: true }) res: Response) {
    const { healthy, degraded, checks } = await this.health.check();
    // Degraded (market data unreadable) is still ready: 200, with the part named in the checks.
    if (healthy) return { ...ok({ status: degraded ? 'degraded' : 'ok', checks }), status: 'ok' };
    const down = Object.entries(checks).filter(([, state]) => state === 'down').map(([name]) => name);
    res.status(503);
    if (down.length === 1 && down[0] === 'storage') {
      return { ...failure('STORAGE_UNAVAILABLE', 'The document store is unavailable', 'Not answering: storage (the document store: STORAGE_DIR, or the S3 bucket)'), status: 'error', checks };
    }
    return { ...failure('SERVICE_UNAVAILABLE', 'Service unavailable', `Not answering: ${down.join(', ')}`), status: 'error', checks };
  }

  /** Liveness: the process answers. It checks no dependency, so an outage of PostgreSQL or Redis does not get healthy processes restarted. */
  @Get('api/v1/health/live')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'Liveness: the process is up and serving (no dependency is checked)' })
  @ApiOkResponse({ schema: LIVE_SCHEMA })
  live() {
    return { ...ok({ status: 'ok' }), status: 'ok' };
  }
}
