import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { DocumentsService } from '../nexus/index.js';
import { TenantUsageDto, UsageQueryDto, UsageService } from '../quotas/index.js';

/** The tenant's usage against its quotas: quotas' counters and users, with nexus's stored bytes. */
@ApiTags('Tenants')
@Controller('api/v1/tenants')
export class TenantUsageController {
  constructor(
    private readonly usage: UsageService,
    private readonly documents: DocumentsService,
  ) {}

  @Get('me/usage')
  @Roles('admin')
  @ApiOperation({
    summary: "The tenant's usage against its quotas (admin): the tenant's totals and each user's",
    description:
      'Uploads count per UTC hour, chat invocations and chat tokens per UTC day, stored bytes while the documents are kept. ' +
      'A request that would go over a limit answers 429 QUOTA_EXCEEDED with `Retry-After`. The limits are configuration, the same for every tenant (docs/security.md, "Quotas").',
  })
  @ApiEnvelope(TenantUsageDto)
  get(@CurrentUser() user: Principal, @Query() query: UsageQueryDto): Promise<TenantUsageDto> {
    return this.usage.usage(user, query, (tenantId, userIds) => this.documents.storedBytes(tenantId, userIds));
  }
}
