import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { REDIS } from '../redis/redis.module.js';

/**
 * Reserves a login attempt against both counters in one step: INCR first, refuse past the limit
 * (the refused attempt is taken back, so it does not extend the lock). Checking first and counting
 * only after Argon2 had answered let a burst of parallel guesses all pass the check. A key without a
 * time to live (a window that never ends) gets one, so the script also works on Redis 6.
 * Answers {0, 0} when allowed, else {1 (account) or 2 (address), seconds left in the window}.
 */
const RESERVE = `
local limits = { tonumber(ARGV[2]), tonumber(ARGV[3]) }
local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('INCR', key)
  if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[1]) end
end
for i, key in ipairs(KEYS) do
  if counts[i] > limits[i] then
    for _, k in ipairs(KEYS) do redis.call('DECR', k) end
    return { i, redis.call('TTL', key) }
  end
end
return { 0, 0 }`;

/**
 * Settles a reserved attempt that was not a failure: ARGV[1] = 'success' clears the account's
 * failures and takes back the address's reservation; 'abandon' (the attempt ended for another reason,
 * e.g. PostgreSQL away) takes back both. Never below zero, never on a key whose window has ended.
 */
const SETTLE = `
for i, key in ipairs(KEYS) do
  if ARGV[1] == 'success' and i == 1 then
    redis.call('DEL', key)
  elseif tonumber(redis.call('GET', key) or '0') > 0 then
    redis.call('DECR', key)
  end
end
return 0`;

/** One login attempt holding its place in the counters until it is settled. */
export interface LoginAttempt {
  /** Wrong password, unknown or disabled account: the reservation stays as a counted failure. */
  failed(): void;
  /** The password was right: the account's failures are cleared. */
  succeeded(): Promise<void>;
  /** Ended without a verdict on the password (an error): the reservation is taken back. */
  abandon(): Promise<void>;
}

/**
 * Brute-force protection kept in Redis so every API process shares it: failed logins are counted per
 * account and per client IP in a fixed window; past the limit, logins answer 429 with Retry-After.
 * Every attempt is counted before its password is checked, so parallel guesses cannot overtake the
 * limit. If Redis is unreachable the limiter lets requests through (logged): Argon2 still bounds guessing.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private keys(email: string, ip: string): [account: string, ip: string] {
    const prefix = `${this.config.redis.prefix}:rl:login`;
    return [`${prefix}:acct:${email.toLowerCase()}`, `${prefix}:ip:${ip}`];
  }

  /** Reserves an attempt for this account and address, or throws 429 RATE_LIMITED with Retry-After. */
  async begin(email: string, ip: string): Promise<LoginAttempt> {
    const keys = this.keys(email, ip);
    const { loginMaxFailuresPerAccount, loginMaxFailuresPerIp, loginFailureWindowSeconds } = this.config.auth;
    const result = (await this.safely(() =>
      this.redis.eval(RESERVE, 2, ...keys, loginFailureWindowSeconds, loginMaxFailuresPerAccount, loginMaxFailuresPerIp),
    )) as [number, number] | null;
    if (result && result[0] !== 0) this.refuse(Number(result[1]), result[0] === 1 ? 'this account' : 'this address');
    const reserved = result !== null;
    const settle = async (outcome: 'success' | 'abandon') => {
      if (reserved) await this.safely(() => this.redis.eval(SETTLE, 2, ...keys, outcome));
    };
    return { failed: () => undefined, succeeded: () => settle('success'), abandon: () => settle('abandon') };
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
