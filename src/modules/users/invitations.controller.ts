import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client } from '../../common/http/client-info.js';
import { PageQueryDto } from '../../common/http/pagination.js';
import { WithMessage } from '../../common/http/envelope.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { AcceptedInvitationDto, AcceptInvitationDto, InvitationDto, InvitationPageDto } from './dto/invitation.dto.js';
import { InvitationsService } from './invitations.service.js';

/** Invitations are created by `POST /api/v1/users`; here they are accepted, listed and revoked. */
@ApiTags('Users')
@Controller('api/v1/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('accept')
  @Public()
  @ApiOperation({
    summary: 'Accept an invitation with the token from its link: creates the account in the inviting tenant',
    description: 'Sets the password (required unless the tenant signs in with SSO; then `sso_login_url` says where to sign in). The token works once and expires.',
  })
  @ApiEnvelope(AcceptedInvitationDto, { status: 201 })
  async accept(@Body() dto: AcceptInvitationDto, @Client() client: ClientInfo) {
    return new WithMessage(await this.invitations.accept(dto, client), 'Invitation accepted');
  }

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: "The tenant's pending invitations" })
  @ApiEnvelope(InvitationPageDto)
  list(@CurrentUser() user: Principal, @Query() page: PageQueryDto) {
    return this.invitations.list(user.tenantId, page);
  }

  @Delete(':invitation_id')
  @Roles('admin')
  @ApiOperation({ summary: 'Revoke a pending invitation: its link stops working' })
  @ApiEnvelope(InvitationDto)
  revoke(@CurrentUser() user: Principal, @Param('invitation_id') id: string, @Client() client: ClientInfo) {
    return this.invitations.revoke(user, id, client);
  }
}
