import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersCoreModule } from '../users/users-core.module.js';
import { SsoConfigurationEntity } from './entities/sso-configuration.entity.js';
import { SsoLoginCodeEntity } from './entities/sso-login-code.entity.js';
import { SsoLoginRequestEntity } from './entities/sso-login-request.entity.js';
import { IdpHttpClient } from './idp-http.client.js';
import { OidcLoginService } from './oidc/oidc-login.service.js';
import { SamlLoginService } from './saml/saml-login.service.js';
import { SsoConfigController } from './sso-config.controller.js';
import { SsoConfigService } from './sso-config.service.js';
import { SsoLoginService } from './sso-login.service.js';
import { SsoProvisioningService } from './sso-provisioning.service.js';
import { SsoController } from './sso.controller.js';
import { SsoRepository } from './sso.repository.js';

/** Single sign-on per tenant: SAML 2.0 (node-saml) and OpenID Connect (openid-client). */
@Module({
  imports: [
    TypeOrmModule.forFeature([SsoConfigurationEntity, SsoLoginRequestEntity, SsoLoginCodeEntity]),
    AuthModule,
    UsersCoreModule,
    TenantsModule,
    AuditModule,
  ],
  controllers: [SsoConfigController, SsoController],
  providers: [SsoRepository, IdpHttpClient, SsoConfigService, SamlLoginService, OidcLoginService, SsoProvisioningService, SsoLoginService],
  // Invitations ask whether a tenant signs in with SSO, and where.
  exports: [SsoConfigService],
})
export class SsoModule {}
