import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import passport from 'passport';
import { IS_PUBLIC } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppException } from '../../common/errors/app.exception.js';
import { isDependencyUnavailable } from '../../common/errors/dependency-errors.js';
import { JwtStrategy } from './jwt.strategy.js';
import { markSessionCheckDeferred, SESSION_CHECKED_BY_READ } from './session-check.js';

/**
 * Global guard: every route needs a valid access token unless it is marked `@Public()`. It runs
 * passport with this application's own strategy instance (not the process-wide registry entry), so
 * several applications in one process (tests, the sandbox) never verify with one another's.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { user?: Principal }>();
    const res = http.getResponse<Response>();
    if (this.reflector.getAllAndOverride<boolean>(SESSION_CHECKED_BY_READ, [context.getHandler(), context.getClass()])) markSessionCheckDeferred(req);
    req.user = await new Promise<Principal>((resolve, reject) => {
      // Passport decorates the strategy object it is given with per-request callbacks: give it a
      // per-request object that inherits from this app's strategy.
      const perRequest = Object.create(this.strategy) as passport.Strategy;
      const authenticate = passport.authenticate(perRequest, { session: false }, (err: unknown, user: Principal | false, info: unknown) => {
        try {
          resolve(this.handleRequest(err, user, info));
        } catch (error) {
          reject(error);
        }
      });
      authenticate(req, res, (err: unknown) => reject(err ?? new AppException('TOKEN_INVALID')));
    });
    return true;
  }

  handleRequest(err: unknown, user: Principal | false, info: unknown): Principal {
    // PostgreSQL away while the session is checked is the service's trouble (503), not the token's.
    if (err) throw err instanceof AppException || isDependencyUnavailable(err) ? err : new AppException('TOKEN_INVALID');
    if (user) return user;
    const name = (info as { name?: string } | undefined)?.name;
    if (name === 'TokenExpiredError') throw new AppException('TOKEN_EXPIRED');
    if (info instanceof Error && info.message === 'No auth token') {
      throw new AppException('UNAUTHORIZED', 'A Bearer access token is required');
    }
    throw new AppException('TOKEN_INVALID');
  }
}
