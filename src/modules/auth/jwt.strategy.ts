import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type jwt from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import type { Principal } from '../../common/auth/principal.js';
import { isRole } from '../../common/auth/roles.js';
import { SessionsRepository } from './sessions.repository.js';
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
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly sessions: SessionsRepository,
  ) {
    const key = hmacKey(config.auth.jwtSecret);
    super({
      jwtFromRequest: bearerToken,
      // A KeyObject, not the string (see hmacKey); passport-jwt hands it to jsonwebtoken as is, but its
      // types only name string | Buffer.
      secretOrKey: key as unknown as Buffer,
      ...VERIFY_OPTIONS,
    });
  }

  async validate(claims: Partial<AccessClaims>): Promise<Principal> {
    const { sub, tid, role, sid } = claims;
    if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || !isRole(role)) {
      throw new AppException('TOKEN_INVALID', 'The access token is missing required claims');
    }
    const state = await this.sessions.stateFor(sid, sub);
    if (!state || state.tenantId !== tid) throw new AppException('TOKEN_INVALID');
    if (state.revokedAt || state.absoluteExpiresAt <= new Date()) throw new AppException('SESSION_REVOKED');
    if (state.disabledAt) throw new AppException('ACCOUNT_DISABLED');
    if (state.role !== role) {
      throw new AppException('TOKEN_INVALID', 'Your role has changed; refresh the token to continue');
    }
    return { userId: sub, tenantId: tid, role, sessionId: sid, email: state.email };
  }
}
