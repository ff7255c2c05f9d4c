import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logging.module.js';
import { REDIS } from './redis.tokens.js';

/**
 * Checks every counter, then counts in all of them or in none, atomically (one script, so parallel
 * requests cannot all pass a check that only one of them fits). KEYS: the counters. ARGV[1]: seconds
 * the counters live; then per counter its limit, what must still fit under it, and what to add.
 * Answers {0, 0} when counted, else {index of the first counter that refused, its value}.
 */
const RESERVE = `
for i = 1, #KEYS do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used + tonumber(ARGV[i * 3]) > tonumber(ARGV[i * 3 - 1]) then return { i, used } end
end
for i = 1, #KEYS do
  local add = tonumber(ARGV[i * 3 + 1])
  if add ~= 0 then
    redis.call('INCRBY', KEYS[i], add)
    redis.call('EXPIRE', KEYS[i], ARGV[1])
  end
end
return { 0, 0 }`;

/** Adds ARGV[1] (negative to give back; never below zero) to every counter; ARGV[2]: seconds they live. */
const ADD = `
for i = 1, #KEYS do
  if redis.call('INCRBY', KEYS[i], ARGV[1]) < 0 then redis.call('SET', KEYS[i], 0) end
  redis.call('EXPIRE', KEYS[i], ARGV[2])
end
return 0`;

/** A check against one counter: refuse when `used + need > limit`; otherwise `add` is counted. */
export interface WindowCheck {
  key: string;
  limit: number;
  need: number;
  add: number;
}

/**
 * Counters of events in fixed windows, kept in Redis so that every process shares them: the one
 * place that counts requests against limits (the usage quotas, and the login, registration,
 * invitation and SSO sign-in limits). If Redis cannot be asked, nothing is counted and the request
 * is let through (logged): these limits bound usage and guessing, they are not what keeps data safe.
 */
@Injectable()
export class WindowCounters {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * One more event in a window of `seconds` started by the key's first event: the count so far
   * (this one included) and the seconds the window has left; null when Redis cannot be asked.
   */
  async increment(key: string, seconds: number): Promise<{ count: number; secondsLeft: number } | null> {
    const result = await this.attempt((redis) => redis.multi().incr(key).expire(key, seconds, 'NX').ttl(key).exec());
    if (!result) return null;
    return { count: Number(result[0][1]), secondsLeft: Number(result[2][1]) };
  }

  /**
   * Counts every check's `add` (each key living `ttlSeconds`), or none: answers the index of the first
   * check that refused and its counter's value, or null (counted, or Redis cannot be asked).
   */
  async reserve(checks: WindowCheck[], ttlSeconds: number): Promise<{ refused: number; used: number } | null> {
    const args = checks.flatMap((c) => [c.limit, c.need, c.add]);
    const result = (await this.attempt((redis) => redis.eval(RESERVE, checks.length, ...checks.map((c) => c.key), ttlSeconds, ...args))) as [number, number] | null;
    if (!result || result[0] === 0) return null;
    return { refused: result[0] - 1, used: Number(result[1]) };
  }

  /** Adds `amount` (negative to give back, never below zero) to every counter, each living `ttlSeconds`. */
  async add(keys: string[], amount: number, ttlSeconds: number): Promise<void> {
    if (keys.length === 0 || amount === 0) return;
    await this.attempt((redis) => redis.eval(ADD, keys.length, ...keys, amount, ttlSeconds));
  }

  /** The counters' values (0 for a counter never written, or when Redis cannot be asked). */
  async read(keys: string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const values = await this.attempt((redis) => redis.mget(...keys));
    return keys.map((_, i) => Math.max(0, Number(values?.[i] ?? 0) || 0));
  }

  /** A counting operation of the caller's own (a script of its own on these counters); null when Redis cannot be asked. */
  async attempt<T>(op: (redis: Redis) => Promise<T>): Promise<T | null> {
    try {
      return await op(this.redis);
    } catch (error) {
      this.logger.warn({ err: error }, 'rate and quota counters unavailable (Redis); allowing the request');
      return null;
    }
  }
}
