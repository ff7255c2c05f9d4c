import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logging.module.js';
import { AppConfig } from '../../config/app-config.js';
import { REDIS } from '../redis/redis.module.js';
import type { QuotaWindow } from './quota-window.js';

/**
 * Checks every counter, then counts in all of them or in none, atomically (one script, so parallel
 * requests cannot all pass a check that only one of them fits). KEYS: the counters. ARGV[1]: seconds
 * the counters live (past their window's end); then per counter its limit, what must still fit under
 * it, and what to add. Answers {0, 0} when counted, else {index of the first counter that refused,
 * its value}.
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

/** Counters outlive their window by this much, so a late give-back still finds its own window's key. */
const KEY_SLACK_SECONDS = 300;

/** What a counted quantity is called in its keys. */
export type CountedQuantity = 'uploads' | 'chat_invocations' | 'chat_tokens';

/** One counter of one window, for a tenant (`t`) or a user (`u`). */
export interface CounterRef {
  quantity: CountedQuantity;
  window: QuotaWindow;
  scope: 't' | 'u';
  id: string;
}

/** A check against one counter: refuse when `used + need > limit`; otherwise `add` is counted. */
export interface CounterCheck {
  counter: CounterRef;
  limit: number;
  need: number;
  add: number;
}

/**
 * Usage counted per window in Redis, shared by every API process. The only place that touches the
 * quota counters. If Redis is unreachable the counters let requests through (logged), like the login
 * limiter: quotas bound usage, they are not what keeps data safe.
 */
@Injectable()
export class QuotaCountersRepository {
  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Counts every check's `add`, or none: answers the first check that refused with the counter's value, or null. */
  async reserve(checks: CounterCheck[]): Promise<{ refused: CounterCheck; used: number } | null> {
    const counters = checks.map((c) => c.counter);
    const args = checks.flatMap((c) => [c.limit, c.need, c.add]);
    const result = (await this.safely(() => this.redis.eval(RESERVE, checks.length, ...counters.map((c) => this.key(c)), this.ttl(counters), ...args))) as
      | [number, number]
      | null;
    if (!result || result[0] === 0) return null;
    return { refused: checks[result[0] - 1], used: Number(result[1]) };
  }

  /** Adds `amount` (negative to give back) to every counter. */
  async add(counters: CounterRef[], amount: number): Promise<void> {
    if (counters.length === 0 || amount === 0) return;
    await this.safely(() => this.redis.eval(ADD, counters.length, ...counters.map((c) => this.key(c)), amount, this.ttl(counters)));
  }

  /** The counters' values (0 for a counter never written, or when Redis cannot be asked). */
  async read(counters: CounterRef[]): Promise<number[]> {
    if (counters.length === 0) return [];
    const values = await this.safely(() => this.redis.mget(...counters.map((c) => this.key(c))));
    return counters.map((_, i) => Math.max(0, Number(values?.[i] ?? 0) || 0));
  }

  private key({ quantity, window, scope, id }: CounterRef): string {
    return `${this.config.redis.prefix}:quota:${quantity}:${window.period}:${window.index}:${scope}:${id}`;
  }

  /** Seconds the counters live: to the end of the longest window, and a little more. */
  private ttl(counters: CounterRef[]): number {
    return Math.max(...counters.map((c) => c.window.secondsLeft)) + KEY_SLACK_SECONDS;
  }

  private async safely<T>(op: () => Promise<T>): Promise<T | null> {
    try {
      return await op();
    } catch (error) {
      this.logger.warn({ err: error }, 'quota counters unavailable; allowing the request');
      return null;
    }
  }
}
