import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { PassportStrategy } from '@nestjs/passport';
import type jwt from 'jsonwebtoken';
import type { DataSource } from 'typeorm';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import type { Principal } from '../../common/auth/principal.js';
import { isRole } from '../../common/auth/roles.js';
import { isPrefixedId, isUuid } from '../../common/ids.js';
import { checkSessionOf, sessionCheckDeferred } from './session-check.js';
import { ACCESS_AUDIENCE, hmacKey, JWT_ALGORITHM, TOKEN_ISSUER, type AccessClaims } from './token.service.js';
import { rememberVerified, type JwtVerifier } from './verified-tokens.js';

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();
/** What passport-jwt passes to jsonwebtoken for this strategy's options. */
const VERIFY_OPTIONS = { algorithms: [JWT_ALGORITHM], issuer: TOKEN_ISSUER, audience: ACCESS_AUDIENCE, ignoreExpiration: false } satisfies jwt.VerifyOptions;

// passport-jwt verifies through this replaceable static (its own tests stub it): an access token is
// verified once and then remembered until it expires (see rememberVerified).
const verifiers = Strategy as unknown as { JwtVerifier: JwtVerifier & { remembers?: true } };
if (!verifiers.JwtVerifier.remembers) verifiers.JwtVerifier = Object.assign(rememberVerified(verifiers.JwtVerifier), { remembers: true as const });

/**
 * Verifies the access token (HS256 only: `alg:none` and key-confusion tokens fail here) and then its
 * session and user in PostgreSQL, so logout, disabling and role changes apply from the next request.
 * On a route marked `@SessionCheckedByRead()` the session check is left to the route's own statement.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    const key = hmacKey(config.auth.jwtSecret);
    super({
      jwtFromRequest: bearerToken,
      // A KeyObject, not the string (see hmacKey); passport-jwt hands it to jsonwebtoken as is, but its
      // types only name string | Buffer.
      secretOrKey: key as unknown as Buffer,
      passReqToCallback: true,
      ...VERIFY_OPTIONS,
    });
  }

  validate(req: Request, claims: Partial<AccessClaims>): Promise<Principal> {
    const principal = principalOf(claims);
    if (sessionCheckDeferred(req)) return Promise.resolve({ ...principal, deferredSessionCheck: 'pending' });
    return this.checked(principal);
  }

  /** The principal of verified claims, once its session and user check out. */
  check(claims: Partial<AccessClaims>): Promise<Principal> {
    return this.checked(principalOf(claims));
  }

  private async checked(principal: Principal): Promise<Principal> {
    principal.email = await checkSessionOf(this.dataSource, principal);
    return principal;
  }
}

function principalOf({ sub, tid, role, sid }: Partial<AccessClaims>): Principal {
  if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || !isRole(role)) {
    throw new AppException('TOKEN_INVALID', 'The access token is missing required claims');
  }
  // Ids of the shapes this service issues, and nothing else: a claim of another shape names no one and
  // could only make the statements that look it up fail.
  if (!isPrefixedId(sub, 'usr') || !isPrefixedId(tid, 'ten') || !isUuid(sid)) throw new AppException('TOKEN_INVALID');
  return { userId: sub, tenantId: tid, role, sessionId: sid, email: '' };
}
