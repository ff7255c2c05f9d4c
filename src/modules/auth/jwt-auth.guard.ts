import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppException } from '../../common/errors/app.exception.js';
import { isDependencyUnavailable } from '../../common/errors/dependency-errors.js';
import { JwtStrategy } from './jwt.strategy.js';
import { markSessionCheckDeferred, SESSION_CHECKED_BY_READ } from './session-check.js';

/** What passport's Strategy interface calls back with while it authenticates one request. */
interface StrategyAttempt {
  authenticate(req: Request, options: object): void;
  success(user: Principal | false, info?: unknown): void;
  fail(info?: unknown): void;
  error(err: unknown): void;
  redirect(): void;
  pass(): void;
}

/**
 * Global guard: every route needs a valid access token unless it is marked `@Public()`. It runs this
 * application's own passport-jwt strategy instance (not the process-wide registry entry), so several
 * applications in one process (tests, the sandbox) never verify with one another's.
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
    if (this.reflector.getAllAndOverride<boolean>(SESSION_CHECKED_BY_READ, [context.getHandler(), context.getClass()])) markSessionCheckDeferred(req);
    req.user = await new Promise<Principal>((resolve, reject) => {
      const settle = (err: unknown, user: Principal | false, info?: unknown) => {
        try {
          resolve(this.handleRequest(err, user, info));
        } catch (error) {
          reject(error);
        }
      };
      // Passport's strategy interface: the strategy reports through success, fail and error, which
      // the caller binds for this request on an object that inherits from this app's strategy
      // (as passport.authenticate does, without the session and redirect machinery it adds).
      const attempt = Object.create(this.strategy) as StrategyAttempt;
      attempt.success = (user, info) => settle(null, user, info);
      attempt.fail = (info) => settle(null, false, info);
      attempt.error = (err) => settle(err, false);
      attempt.redirect = attempt.pass = () => settle(null, false);
      try {
        attempt.authenticate(req, {});
      } catch (error) {
        settle(error, false);
      }
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
