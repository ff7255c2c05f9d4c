import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { REDIS } from '../redis/redis.module.js';

/**
 * Brute-force protection kept in Redis so every API process shares it: failed logins are counted per
 * account and per client IP in a fixed window; past the limit, logins answer 429 with Retry-After.
 * If Redis is unreachable the limiter lets requests through (logged): Argon2 still bounds guessing.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private keys(email: string, ip: string) {
    const prefix = `${this.config.redis.prefix}:rl:login`;
    return { account: `${prefix}:acct:${email.toLowerCase()}`, ip: `${prefix}:ip:${ip}` };
  }

  async assertLoginAllowed(email: string, ip: string): Promise<void> {
    const { account, ip: ipKey } = this.keys(email, ip);
    const { loginMaxFailuresPerAccount, loginMaxFailuresPerIp } = this.config.auth;
    const result = await this.safely(() =>
      this.redis.multi().get(account).ttl(account).get(ipKey).ttl(ipKey).exec(),
    );
    if (!result) return;
    const [accountCount, accountTtl, ipCount, ipTtl] = result.map(([, value]) => Number(value ?? 0));
    if (accountCount >= loginMaxFailuresPerAccount) this.refuse(accountTtl, 'this account');
    if (ipCount >= loginMaxFailuresPerIp) this.refuse(ipTtl, 'this address');
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const { account, ip: ipKey } = this.keys(email, ip);
    const window = this.config.auth.loginFailureWindowSeconds;
    await this.safely(() =>
      this.redis.multi().incr(account).expire(account, window, 'NX').incr(ipKey).expire(ipKey, window, 'NX').exec(),
    );
  }

  async recordSuccess(email: string): Promise<void> {
    await this.safely(() => this.redis.del(this.keys(email, '').account));
  }

  /** Counts registrations per IP in an hourly window; throws 429 past the limit. */
  async assertRegistrationAllowed(ip: string): Promise<void> {
    const key = `${this.config.redis.prefix}:rl:register:${ip}`;
    const result = await this.safely(() => this.redis.multi().incr(key).expire(key, 3600, 'NX').ttl(key).exec());
    if (!result) return;
    const count = Number(result[0][1]);
    if (count > this.config.auth.registrationsPerIpPerHour) this.refuse(Number(result[2][1]), 'this address');
  }

  private refuse(ttlSeconds: number, subject: string): never {
    const retryAfter = String(Math.max(1, ttlSeconds));
    throw new AppException('RATE_LIMITED', `Too many attempts from ${subject}; retry in ${retryAfter} s`, {
      headers: { 'Retry-After': retryAfter },
    });
  }

  private async safely<T>(op: () => Promise<T>): Promise<T | null> {
    try {
      return await op();
    } catch (error) {
      this.logger.warn({ err: error }, 'rate limiter unavailable; allowing the request');
      return null;
    }
  }
}
