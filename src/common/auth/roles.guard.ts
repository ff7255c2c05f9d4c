import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppException } from '../errors/app.exception.js';
import { IS_PUBLIC, MIN_ROLE } from './decorators.js';
import type { Principal } from './principal.js';
import { roleAtLeast, type Role } from './roles.js';

/** Checks the JWT `role` claim against the route's `@Roles()` minimum. Runs after the JWT guard. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const minimum = this.reflector.getAllAndOverride<Role | undefined>(MIN_ROLE, targets);
    if (!minimum) return true;
    const user = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    if (!user || !roleAtLeast(user.role, minimum)) {
      throw new AppException('FORBIDDEN', `This operation requires the ${minimum} role`);
    }
    return true;
  }
}
