import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { TenantsService } from './tenants.service.js';

export class TenantDto {
  @ApiProperty({ example: 'ten_0a1b2c3d4e5f60718293a4b5' }) tenant_id: string;
  @ApiProperty({ example: 'Sharma Wealth Advisors' }) name: string;
  @ApiProperty({ example: '2026-11-01T08:00:00.000Z' }) created_at: string;
}

@ApiTags('Tenants')
@Controller('api/v1/tenants')
export class TenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get('me')
  @Roles('viewer')
  @ApiOperation({ summary: "The caller's tenant" })
  @ApiEnvelope(TenantDto)
  async me(@CurrentUser() user: Principal): Promise<TenantDto> {
    const tenant = await this.tenants.get(user.tenantId);
    return { tenant_id: tenant.id, name: tenant.name, created_at: tenant.createdAt.toISOString() };
  }
}
