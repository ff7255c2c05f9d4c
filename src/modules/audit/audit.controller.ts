import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { PageQueryDto } from '../../common/http/pagination.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { AuditService } from './audit.service.js';
import { AuditPageDto } from './dto/audit-event.dto.js';

@ApiTags('Audit')
@Controller('api/v1/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: "The tenant's audit log, newest first" })
  @ApiEnvelope(AuditPageDto)
  list(@CurrentUser() user: Principal, @Query() query: PageQueryDto) {
    return this.audit.list(user.tenantId, query);
  }
}
