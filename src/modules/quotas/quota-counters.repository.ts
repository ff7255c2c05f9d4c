import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { WindowCounters } from '../redis/window-counters.js';
import type { QuotaWindow } from './quota-window.js';

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
 * Usage counted per window in Redis (WindowCounters), shared by every API process. The only place
 * that names the quota counters. If Redis is unreachable the counters let requests through (logged),
 * like the login limiter: quotas bound usage, they are not what keeps data safe.
 */
@Injectable()
export class QuotaCountersRepository {
  constructor(
    private readonly config: AppConfig,
    private readonly counters: WindowCounters,
  ) {}

  /** Counts every check's `add`, or none: answers the first check that refused with the counter's value, or null. */
  async reserve(checks: CounterCheck[]): Promise<{ refused: CounterCheck; used: number } | null> {
    const refusal = await this.counters.reserve(
      checks.map((c) => ({ key: this.key(c.counter), limit: c.limit, need: c.need, add: c.add })),
      this.ttl(checks.map((c) => c.counter)),
    );
    return refusal && { refused: checks[refusal.refused], used: refusal.used };
  }

  /** Adds `amount` (negative to give back) to every counter. */
  async add(counters: CounterRef[], amount: number): Promise<void> {
    if (counters.length === 0) return;
    await this.counters.add(counters.map((c) => this.key(c)), amount, this.ttl(counters));
  }

  /** The counters' values (0 for a counter never written, or when Redis cannot be asked). */
  read(counters: CounterRef[]): Promise<number[]> {
    return this.counters.read(counters.map((c) => this.key(c)));
  }

  private key({ quantity, window, scope, id }: CounterRef): string {
    return `${this.config.redis.prefix}:quota:${quantity}:${window.period}:${window.index}:${scope}:${id}`;
  }

  /** Seconds the counters live: to the end of the longest window, and a little more. */
  private ttl(counters: CounterRef[]): number {
    return Math.max(...counters.map((c) => c.window.secondsLeft)) + KEY_SLACK_SECONDS;
  }
}
