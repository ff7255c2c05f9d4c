import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client } from '../../common/http/client-info.js';
import { PageQueryDto } from '../../common/http/pagination.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { InvitedUserDto } from './dto/invitation.dto.js';
import { UserDetailDto, UserDto, UserPageDto } from './dto/user.dto.js';
import { CreateUserDto, UpdateMeDto, UpdateUserDto } from './dto/user-requests.dto.js';
import { InvitationsService } from './invitations.service.js';
import { UsersService } from './users.service.js';

@ApiTags('Users')
@Controller('api/v1/users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
  ) {}

  @Get('me')
  @Roles('viewer')
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiEnvelope(UserDto)
  me(@CurrentUser() user: Principal) {
    return this.users.me(user);
  }

  @Patch('me')
  @Roles('viewer')
  @ApiOperation({ summary: 'Change your name, or your password (with current_password); a password change ends your other sessions' })
  @ApiEnvelope(UserDto)
  updateMe(@CurrentUser() user: Principal, @Body() dto: UpdateMeDto, @Client() client: ClientInfo) {
    return this.users.updateMe(user, dto, client);
  }

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: "The tenant's users" })
  @ApiEnvelope(UserPageDto)
  list(@CurrentUser() user: Principal, @Query() page: PageQueryDto) {
    return this.users.list(user.tenantId, page);
  }

  @Post()
  @Roles('admin')
  @ApiOperation({
    summary: 'Invite a user to the tenant with a role',
    description:
      'Mails the address a one-time link; the account exists once its owner accepts it (POST /api/v1/invitations/accept). ' +
      'Answers the user record with `status: invited`, the same whether or not the address has an account elsewhere. ' +
      'Rate-limited per admin and per tenant (429 RATE_LIMITED with Retry-After).',
  })
  @ApiEnvelope(InvitedUserDto, { status: 201 })
  @ApiTooManyRequestsResponse({ description: 'Too many invitations from this admin or tenant (see Retry-After)' })
  create(@CurrentUser() user: Principal, @Body() dto: CreateUserDto, @Client() client: ClientInfo) {
    return this.invitations.invite(user, dto, client);
  }

  @Get(':user_id')
  @Roles('admin')
  @ApiOperation({ summary: 'One user of the tenant' })
  @ApiEnvelope(UserDetailDto)
  get(@CurrentUser() user: Principal, @Param('user_id') userId: string) {
    return this.users.get(user.tenantId, userId);
  }

  @Patch(':user_id')
  @Roles('admin')
  @ApiOperation({ summary: "Change a user's role (takes effect on their next request)" })
  @ApiEnvelope(UserDetailDto)
  changeRole(@CurrentUser() user: Principal, @Param('user_id') userId: string, @Body() dto: UpdateUserDto, @Client() client: ClientInfo) {
    return this.users.changeRole(user, userId, dto.role, client);
  }

  @Post(':user_id/disable')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Disable a user: their sessions end at once and they can no longer sign in' })
  @ApiEnvelope(UserDetailDto)
  disable(@CurrentUser() user: Principal, @Param('user_id') userId: string, @Client() client: ClientInfo) {
    return this.users.setDisabled(user, userId, true, client);
  }

  @Post(':user_id/enable')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Re-enable a disabled user' })
  @ApiEnvelope(UserDetailDto)
  enable(@CurrentUser() user: Principal, @Param('user_id') userId: string, @Client() client: ClientInfo) {
    return this.users.setDisabled(user, userId, false, client);
  }
}
