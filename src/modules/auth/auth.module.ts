import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RolesGuard } from '../../common/auth/roles.guard.js';
import { AuditModule } from '../audit/audit.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersCoreModule } from '../users/users-core.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { SessionEntity } from './entities/session.entity.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { PasswordService } from './password.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { TokenService } from './token.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity]), UsersCoreModule, TenantsModule, AuditModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    PasswordService,
    TokenService,
    SessionsRepository,
    LoginRateLimiter,
    JwtAuthGuard,
    { provide: APP_GUARD, useExisting: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [AuthService, PasswordService, SessionsRepository, JwtAuthGuard, LoginRateLimiter],
})
export class AuthModule {}
