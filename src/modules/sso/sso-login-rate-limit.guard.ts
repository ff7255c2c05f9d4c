import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { LoginRateLimiter } from '../auth/login-rate-limiter.js';

/**
 * Anonymous sign-in starts per client address (docs/security.md, "Quotas"): past
 * SSO_LOGINS_PER_IP_PER_MINUTE, 429 RATE_LIMITED with Retry-After. Every start counts, before the
 * tenant is looked up, whatever the answer would be.
 */
@Injectable()
export class SsoLoginRateLimitGuard implements CanActivate {
  constructor(private readonly limiter: LoginRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limiter.assertSsoLoginAllowed(context.switchToHttp().getRequest<Request>().ip ?? '');
    return true;
  }
}
