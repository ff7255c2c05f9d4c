import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SsoModule } from '../sso/sso.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { InvitationEntity } from './entities/invitation.entity.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsRepository } from './invitations.repository.js';
import { InvitationsService } from './invitations.service.js';
import { UsersController } from './users.controller.js';
import { UsersCoreModule } from './users-core.module.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([InvitationEntity]), UsersCoreModule, AuthModule, AuditModule, TenantsModule, SsoModule, MailModule],
  controllers: [UsersController, InvitationsController],
  providers: [UsersService, InvitationsRepository, InvitationsService],
})
export class UsersModule {}
