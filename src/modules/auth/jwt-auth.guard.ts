import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import jwt from 'jsonwebtoken';
import type { KeyObject } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { IS_PUBLIC } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { isRole } from '../../common/auth/roles.js';
import { AppException } from '../../common/errors/app.exception.js';
import { isDependencyUnavailable } from '../../common/errors/dependency-errors.js';
import { isPrefixedId, isUuid } from '../../common/ids.js';
import { AppConfig } from '../../config/app-config.js';
import { checkSessionOf } from './session-check.js';
import { ACCESS_AUDIENCE, hmacKey, JWT_ALGORITHM, TOKEN_ISSUER, type AccessClaims } from './token.service.js';

/** The token of an `Authorization: Bearer <token>` header (the scheme in any case), or null. */
export function bearerToken(req: Request): string | null {
  const match = /(\S+)\s+(\S+)/.exec(req.headers.authorization ?? '');
  return match && match[1].toLowerCase() === 'bearer' ? match[2] : null;
}

/**
 * Global guard: every route needs a valid access token unless it is marked `@Public()`. The token is
 * verified (HS256 only, this service's issuer and access audience: `alg:none`, key-confusion and
 * refresh tokens fail here), then its session and user are checked in PostgreSQL with one indexed
 * statement (see checkSessionOf), so logout, disabling and role changes apply from the next request.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  private readonly key: KeyObject;

  constructor(
    config: AppConfig,
    private readonly reflector: Reflector,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.key = hmacKey(config.auth.jwtSecret);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const req = context.switchToHttp().getRequest<Request & { user?: Principal }>();
    const token = bearerToken(req);
    if (!token) throw new AppException('UNAUTHORIZED', 'A Bearer access token is required');
    req.user = await this.authenticate(token);
    return true;
  }

  /** The caller an access token names, once the token verifies and its session and user check out. */
  async authenticate(token: string): Promise<Principal> {
    let claims: string | jwt.JwtPayload;
    try {
      claims = jwt.verify(token, this.key, { algorithms: [JWT_ALGORITHM], issuer: TOKEN_ISSUER, audience: ACCESS_AUDIENCE });
    } catch (error) {
      throw new AppException(error instanceof jwt.TokenExpiredError ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID');
    }
    const principal = principalOf(typeof claims === 'string' ? {} : (claims as Partial<AccessClaims>));
    try {
      principal.email = await checkSessionOf(this.dataSource, principal);
    } catch (error) {
      // PostgreSQL away while the session is checked is the service's trouble (503), not the token's.
      throw error instanceof AppException || isDependencyUnavailable(error) ? error : new AppException('TOKEN_INVALID');
    }
    return principal;
  }
}

function principalOf({ sub, tid, role, sid }: Partial<AccessClaims>): Principal {
  if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || !isRole(role)) {
    throw new AppException('TOKEN_INVALID', 'The access token is missing required claims');
  }
  // Ids of the shapes this service issues, and nothing else: a claim of another shape names no one and
  // could only make the statement that looks it up fail.
  if (!isPrefixedId(sub, 'usr') || !isPrefixedId(tid, 'ten') || !isUuid(sid)) throw new AppException('TOKEN_INVALID');
  return { userId: sub, tenantId: tid, role, sessionId: sid, email: '' };
}
