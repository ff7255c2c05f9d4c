var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client } from '../../common/http/client-info.js';
import { TenantsService } from './tenants.service.js';
import { Omittable } from '../../common/decorators/omittable.decorator.js';
export class TenantDto {
}
__decorate([
    ApiProperty({ example: 'ten_0a1b2c3d4e5f60718293a4b5' }),
    __metadata("design:type", String)
], TenantDto.prototype, "tenant_id", void 0);
__decorate([
    ApiProperty({ example: 'Sharma Wealth Advisors' }),
    __metadata("design:type", String)
], TenantDto.prototype, "name", void 0);
__decorate([
    ApiProperty({ example: '2026-11-01T08:00:00.000Z' }),
    __metadata("design:type", String)
], TenantDto.prototype, "created_at", void 0);
__decorate([
    ApiProperty({ example: true, description: 'Whether a completed statement creates the client of a PAN the register does not hold yet' }),
    __metadata("design:type", Boolean)
], TenantDto.prototype, "client_auto_create", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 2555, description: 'Days an original statement is kept after its upload: older originals (the file, its layout, the page text of its pipeline stages) are purged by the workers every RETENTION_PURGE_INTERVAL_MS, the extraction kept, and their downloads answer 410 ORIGINAL_PURGED; null keeps them' }),
    __metadata("design:type", Object)
], TenantDto.prototype, "retention_days", void 0);
/** Changes only what it names. */
export class UpdateTenantSettingsDto {
}
__decorate([
    ApiPropertyOptional({ example: false, description: 'false: statements link only to clients already in the register (investors of other PANs are flagged NO_CLIENT_WITH_PAN)' }),
    Omittable(),
    IsBoolean(),
    __metadata("design:type", Boolean)
], UpdateTenantSettingsDto.prototype, "client_auto_create", void 0);
__decorate([
    ApiPropertyOptional({ nullable: true, type: Number, minimum: 1, maximum: 36500, example: 2555, description: 'Days an original statement is kept after its upload: older originals (the file, its layout, the page text of its pipeline stages) are purged by the workers every RETENTION_PURGE_INTERVAL_MS, the extraction kept, and their downloads answer 410 ORIGINAL_PURGED; null keeps them' }),
    IsOptional(),
    ValidateIf((_, v) => v !== null),
    IsInt(),
    Min(1),
    Max(36500),
    __metadata("design:type", Object)
], UpdateTenantSettingsDto.prototype, "retention_days", void 0);
const toTenantDto = (tenant) => ({
    tenant_id: tenant.id,
    name: tenant.name,
    created_at: tenant.createdAt.toISOString(),
    client_auto_create: tenant.clientAutoCreate,
    retention_days: tenant.retentionDays,
});
let TenantsController = class TenantsController {
    constructor(tenants) {
        this.tenants = tenants;
    }
    async me(user) {
        return toTenantDto(await this.tenants.get(user.tenantId));
    }
    async updateMe(user, dto, client) {
        return toTenantDto(await this.tenants.updateSettings(user, dto, client.ip));
    }
};
__decorate([
    Get('me'),
    Roles('viewer'),
    ApiOperation({ summary: "The caller's tenant and its settings" }),
    ApiEnvelope(TenantDto),
    __param(0, CurrentUser()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], TenantsController.prototype, "me", null);
__decorate([
    Patch('me'),
    Roles('admin'),
    ApiOperation({ summary: "Change the tenant's settings: client auto-creation, retention of originals" }),
    ApiEnvelope(TenantDto),
    __param(0, CurrentUser()),
    __param(1, Body()),
    __param(2, Client()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, UpdateTenantSettingsDto, Object]),
    __metadata("design:returntype", Promise)
], TenantsController.prototype, "updateMe", null);
TenantsController = __decorate([
    ApiTags('Tenants'),
    Controller('api/v1/tenants'),
    __metadata("design:paramtypes", [TenantsService])
], TenantsController);
export { TenantsController };
//# sourceMappingURL=tenants.controller.js.map