import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client } from '../../common/http/client-info.js';
import type { ClientInfo } from '../auth/auth.service.js';
import type { TenantEntity } from './entities/tenant.entity.js';
import { TenantsService } from './tenants.service.js';
import { Omittable } from '../../common/decorators/omittable.decorator.js';

export class TenantDto {
  @ApiProperty({ example: 'ten_0a1b2c3d4e5f60718293a4b5' }) tenant_id: string;
  @ApiProperty({ example: 'Sharma Wealth Advisors' }) name: string;
  @ApiProperty({ example: '2026-11-01T08:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: true, description: 'Whether a completed statement creates the client of a PAN the register does not hold yet' })
  client_auto_create: boolean;
  @ApiProperty({ nullable: true, type: Number, example: 2555, description: 'Days an original statement is kept after its upload: older originals (the file, its layout, the page text of its pipeline stages) are purged by the workers every RETENTION_PURGE_INTERVAL_MS, the extraction kept, and their downloads answer 410 ORIGINAL_PURGED; null keeps them' })
  retention_days: number | null;
}

/** Changes only what it names. */
export class UpdateTenantSettingsDto {
  @ApiPropertyOptional({ example: false, description: 'false: statements link only to clients already in the register (investors of other PANs are flagged NO_CLIENT_WITH_PAN)' })
  @Omittable()
  @IsBoolean()
  client_auto_create?: boolean;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 1, maximum: 36500, example: 2555, description: 'Days an original statement is kept after its upload: older originals (the file, its layout, the page text of its pipeline stages) are purged by the workers every RETENTION_PURGE_INTERVAL_MS, the extraction kept, and their downloads answer 410 ORIGINAL_PURGED; null keeps them' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  @Max(36500)
  retention_days?: number | null;
}

const toTenantDto = (tenant: TenantEntity): TenantDto => ({
  tenant_id: tenant.id,
  name: tenant.name,
  created_at: tenant.createdAt.toISOString(),
  client_auto_create: tenant.clientAutoCreate,
  retention_days: tenant.retentionDays,
});

@ApiTags('Tenants')
@Controller('api/v1/tenants')
export class TenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get('me')
  @Roles('viewer')
  @ApiOperation({ summary: "The caller's tenant and its settings" })
  @ApiEnvelope(TenantDto)
  async me(@CurrentUser() user: Principal): Promise<TenantDto> {
    return toTenantDto(await this.tenants.get(user.tenantId));
  }

  @Patch('me')
  @Roles('admin')
  @ApiOperation({ summary: "Change the tenant's settings: client auto-creation, retention of originals" })
  @ApiEnvelope(TenantDto)
  async updateMe(@CurrentUser() user: Principal, @Body() dto: UpdateTenantSettingsDto, @Client() client: ClientInfo): Promise<TenantDto> {
    return toTenantDto(await this.tenants.updateSettings(user, dto, client.ip));
  }
}
