import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { CurrentUser, Public } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppException } from '../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client } from '../../common/http/client-info.js';
import { WithMessage } from '../../common/http/envelope.js';
import { AuthService, type ClientInfo } from './auth.service.js';
import { LoginDto, RefreshDto, RegisterDto } from './dto/auth-requests.dto.js';
import { TokenPairDto } from './dto/token-pair.dto.js';

@ApiTags('Authentication')
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @Public()
  @ApiOperation({ summary: 'Create a new tenant and its first user (an admin); answers like login' })
  @ApiEnvelope(TokenPairDto, { status: 201 })
  @ApiTooManyRequestsResponse({ description: 'Too many registrations from this address' })
  async register(@Body() dto: RegisterDto, @Client() client: ClientInfo) {
    return new WithMessage(await this.auth.register(dto, client), 'Registered');
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with e-mail and password' })
  @ApiEnvelope(TokenPairDto)
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts (see Retry-After)' })
  async login(@Body() dto: LoginDto, @Client() client: ClientInfo) {
    return new WithMessage(await this.auth.login(dto, client), 'Logged in');
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Exchange a refresh token for a new token pair (the used one is invalidated)',
    description: 'Send the refresh token as JSON `{refresh_token}` or as `Authorization: Bearer <refresh_token>`.',
  })
  @ApiEnvelope(TokenPairDto)
  async refresh(@Body() dto: RefreshDto, @Headers('authorization') authorization: string | undefined, @Client() client: ClientInfo) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const token = dto.refresh_token ?? bearer;
    if (!token) throw new AppException('VALIDATION_ERROR', 'refresh_token is required (JSON body or Bearer header)');
    return new WithMessage(await this.auth.refresh(token, client), 'Token refreshed');
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "End the caller's session: its access and refresh tokens stop working at once" })
  @ApiEnvelope(null)
  async logout(@CurrentUser() user: Principal) {
    await this.auth.logout(user.sessionId);
    return new WithMessage(null, 'Logged out');
  }
}
