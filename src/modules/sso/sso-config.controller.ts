import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client } from '../../common/http/client-info.js';
import { WithMessage } from '../../common/http/envelope.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { SsoConfigurationDto } from './dto/sso-configuration.dto.js';
import { ConfigureSsoDto } from './dto/sso-requests.dto.js';
import { SsoConfigService } from './sso-config.service.js';

@ApiTags('Single sign-on')
@Controller('api/v1/auth/sso')
export class SsoConfigController {
  constructor(private readonly configs: SsoConfigService) {}

  @Get('configure')
  @Roles('admin')
  @ApiOperation({
    summary: "The tenant's SSO configuration (never the client secret) and the service-provider URLs to give the IdP",
    description: '`status` is `not_configured`, `enabled` or `disabled`; `service_provider` is always present.',
  })
  @ApiEnvelope(SsoConfigurationDto)
  get(@CurrentUser() admin: Principal) {
    return this.configs.get(admin);
  }

  @Post('configure')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Configure (or replace) SAML 2.0 or OIDC single sign-on for the tenant',
    description:
      'The metadata is fetched and checked at once (400 SSO_METADATA_INVALID when it cannot be fetched or read; ' +
      'loopback and private addresses are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true). Answers the configuration ' +
      'with the service-provider details (entity id, ACS URL, callback URL, SP metadata URL, login URL). See docs/sso.md.',
  })
  @ApiEnvelope(SsoConfigurationDto)
  async configure(@CurrentUser() admin: Principal, @Body() dto: ConfigureSsoDto, @Client() client: ClientInfo) {
    return new WithMessage(await this.configs.configure(admin, dto, client), 'Single sign-on configured');
  }

  @Delete('configure')
  @Roles('admin')
  @ApiOperation({ summary: 'Disable single sign-on for the tenant (configure again to turn it back on)' })
  @ApiEnvelope(SsoConfigurationDto)
  async disable(@CurrentUser() admin: Principal, @Client() client: ClientInfo) {
    return new WithMessage(await this.configs.disable(admin, client), 'Single sign-on disabled');
  }
}
