import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC } from '../../common/auth/decorators.js';
import { AppException } from '../../common/errors/app.exception.js';

/** Global guard: every route needs a valid access token unless it is marked `@Public()`. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(err: unknown, user: T, info: unknown): T {
    if (err) throw err instanceof AppException ? err : new AppException('TOKEN_INVALID');
    if (user) return user;
    const name = (info as { name?: string } | undefined)?.name;
    if (name === 'TokenExpiredError') throw new AppException('TOKEN_EXPIRED');
    if (info instanceof Error && info.message === 'No auth token') {
      throw new AppException('UNAUTHORIZED', 'A Bearer access token is required');
    }
    throw new AppException('TOKEN_INVALID');
  }
}
