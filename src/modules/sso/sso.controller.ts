import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiConsumes, ApiForbiddenResponse, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../common/auth/decorators.js';
import { AppException } from '../../common/errors/app.exception.js';
import { RawResponse } from '../../common/decorators/raw-response.decorator.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client } from '../../common/http/client-info.js';
import { WithMessage } from '../../common/http/envelope.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { TokenPairDto } from '../auth/dto/token-pair.dto.js';
import { SsoCodeDto } from './dto/sso-configuration.dto.js';
import { AppConfig } from '../../config/app-config.js';
import { SamlAcsDto, SsoCompleteQueryDto, SsoConfirmStartDto, SsoExchangeDto, SsoLoginQueryDto, SsoStartQueryDto } from './dto/sso-requests.dto.js';
import { CONFIRM_COOKIE, confirmationCsp, confirmationHtml, confirmCookieOf, confirms, isCrossSite, newConfirmToken } from './cross-site-start.js';
import { BINDING_COOKIE, bindingCookieOf } from './sign-in-binding.js';
import { SsoLoginRateLimitGuard } from './sso-login-rate-limit.guard.js';
import { SsoLoginService } from './sso-login.service.js';

const TO_REDIRECT_URL = 'Redirect to SSO_REDIRECT_URL with `?code=<one-time code>`, or `?error=<code>&error_description=…` when the login was refused';

/** The browser side of single sign-on: all public, as the user has no token yet. */
@ApiTags('Single sign-on')
@Controller('api/v1/auth/sso')
export class SsoController {
  constructor(
    private readonly sso: SsoLoginService,
    private readonly config: AppConfig,
  ) {}

  @Get('login')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: "Start a sign-in: redirects (302) to the tenant's identity provider (SAML AuthnRequest or OIDC authorization request)",
    description:
      'The one-time code the sign-in ends with is bound to whoever started it: with `code_challenge` (S256) the exchange must send ' +
      'the matching `code_verifier`; without, an HttpOnly Secure cookie is set here and required at the ACS or callback and at the exchange. ' +
      'A start without `code_challenge` that another site began (`Sec-Fetch-Site: cross-site`; without it, an Origin or Referer of another ' +
      'host) answers 200 with an HTML page naming the tenant and the IdP\'s host, whose "Continue to sign in" button POSTs here.',
  })
  @ApiFoundResponse({ description: 'Redirect to the identity provider' })
  @ApiOkResponse({ description: 'A start from another site without code_challenge: the confirmation page (text/html)' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED: too many sign-in starts from this address (SSO_LOGINS_PER_IP_PER_MINUTE); see Retry-After' })
  @UseGuards(SsoLoginRateLimitGuard)
  async login(@Query() query: SsoStartQueryDto, @Req() req: Request, @Res() res: Response) {
    if (!query.code_challenge && isCrossSite(req.headers, this.ownHosts(req))) {
      const { tenantName, signInUrl } = await this.sso.describeStart(query.tenant);
      const token = newConfirmToken();
      res.cookie(CONFIRM_COOKIE, token, { httpOnly: true, secure: true, sameSite: 'strict', path: '/', maxAge: this.config.sso.loginTtlSeconds * 1000 });
      noStore(res)
        .status(200)
        .setHeader('Content-Security-Policy', confirmationCsp(signInUrl.origin))
        .setHeader('X-Frame-Options', 'DENY')
        .type('html')
        .send(confirmationHtml({ action: '/api/v1/auth/sso/login', tenantId: query.tenant, tenantName, idpHost: signInUrl.host, token }));
      return;
    }
    await this.redirectToIdp(query.tenant, query.code_challenge, req, res, 302);
  }

  @Post('login')
  @Public()
  @RawResponse()
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({
    summary: 'Continue a sign-in from its confirmation page: redirects (303) to the identity provider',
    description: "Needs the page's `confirm` token and the same value in this browser's SameSite=Strict confirmation cookie, which a browser does not send with a request another site began.",
  })
  @ApiResponse({ status: 303, description: 'Redirect to the identity provider' })
  @ApiForbiddenResponse({ description: 'SSO_START_UNCONFIRMED: no confirmation cookie, or another token than the form\'s' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED: too many sign-in starts from this address (SSO_LOGINS_PER_IP_PER_MINUTE); see Retry-After' })
  @UseGuards(SsoLoginRateLimitGuard)
  async confirmLogin(@Body() body: SsoConfirmStartDto, @Req() req: Request, @Res() res: Response) {
    if (isCrossSite(req.headers, this.ownHosts(req)) || !confirms(confirmCookieOf(req.headers.cookie), body.confirm)) {
      throw new AppException('SSO_START_UNCONFIRMED', 'Continue the sign-in with the button of its confirmation page, in the browser that opened it');
    }
    res.clearCookie(CONFIRM_COOKIE, { httpOnly: true, secure: true, sameSite: 'strict', path: '/' });
    await this.redirectToIdp(body.tenant, undefined, req, res, 303);
  }

  private async redirectToIdp(tenantId: string, codeChallenge: string | undefined, req: Request, res: Response, status: 302 | 303) {
    const { url, cookie } = await this.sso.start(tenantId, codeChallenge, bindingCookieOf(req.headers.cookie));
    if (cookie) {
      res.cookie(BINDING_COOKIE, cookie.value, { httpOnly: true, secure: true, sameSite: cookie.sameSite, path: '/', maxAge: this.config.sso.loginTtlSeconds * 1000 });
    }
    noStore(res).redirect(status, url);
  }

  /** The hosts a request from our own pages names in Origin or Referer: this service's and the front end's (SSO_REDIRECT_URL). */
  private ownHosts(req: Request): string[] {
    return [new URL(this.config.http.publicBaseUrl).host, new URL(this.config.sso.redirectUrl).host, req.headers.host ?? ''].map((h) => h.toLowerCase());
  }

  @Get('saml/metadata')
  @Public()
  @RawResponse()
  @ApiProduces('application/samlmetadata+xml')
  @ApiOperation({ summary: "The tenant's SAML service-provider metadata (XML), to upload to the IdP" })
  @ApiOkResponse({ description: 'SAML 2.0 SP metadata' })
  async samlMetadata(@Query() query: SsoLoginQueryDto, @Res() res: Response) {
    const metadata = await this.sso.samlMetadata(query.tenant);
    res.type('application/samlmetadata+xml').send(metadata);
  }

  @Post('saml/acs')
  @Public()
  @RawResponse()
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: 'SAML Assertion Consumer Service (HTTP-POST binding)' })
  @ApiFoundResponse({ description: TO_REDIRECT_URL })
  async samlAcs(@Body() body: SamlAcsDto, @Req() req: Request, @Client() client: ClientInfo, @Res() res: Response) {
    noStore(res).redirect(302, await this.sso.completeSaml(body, bindingCookieOf(req.headers.cookie), client));
  }

  @Get('oidc/callback')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'OpenID Connect redirect URI (authorization code + PKCE, state and nonce checked)' })
  @ApiFoundResponse({ description: TO_REDIRECT_URL })
  async oidcCallback(@Req() req: Request, @Client() client: ClientInfo, @Res() res: Response) {
    // The whole query goes to the OIDC client: providers add parameters of their own (iss, session_state, hd…).
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    noStore(res).redirect(302, await this.sso.completeOidc(query, bindingCookieOf(req.headers.cookie), client));
  }

  @Get('complete')
  @Public()
  @ApiOperation({
    summary: 'Default SSO_REDIRECT_URL: shows the one-time code (or the login error) in the envelope',
    description: 'Exchange the code at `POST /api/v1/auth/sso/exchange` within 60 seconds.',
  })
  @ApiEnvelope(SsoCodeDto)
  complete(@Query() query: SsoCompleteQueryDto, @Res({ passthrough: true }) res: Response) {
    noStore(res);
    return new WithMessage(this.sso.complete(query), 'Signed in: exchange the code at POST /api/v1/auth/sso/exchange');
  }

  @Post('exchange')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange the one-time code of an SSO login for the token pair (answers like login)',
    description:
      'Send `code_verifier` when the sign-in was started with a `code_challenge`; otherwise the browser must send the sign-in cookie ' +
      'set by GET /login. A code from another party\'s sign-in answers 400 SSO_CODE_INVALID.',
  })
  @ApiEnvelope(TokenPairDto)
  async exchange(@Body() dto: SsoExchangeDto, @Req() req: Request, @Client() client: ClientInfo) {
    const proof = { cookie: bindingCookieOf(req.headers.cookie), codeVerifier: dto.code_verifier ?? null };
    return new WithMessage(await this.sso.exchange(dto.code, proof, client), 'Logged in');
  }
}

function noStore(res: Response): Response {
  return res.setHeader('Cache-Control', 'no-store');
}
