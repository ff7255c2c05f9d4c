import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { REDIS } from '../redis/redis.module.js';

export type CheckState = 'up' | 'down';
export interface HealthReport {
  healthy: boolean;
  checks: { database: CheckState; redis: CheckState };
}

const TIMEOUT_MS = 1500;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Asks PostgreSQL and Redis for real, each with a short time limit. */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async check(): Promise<HealthReport> {
    const [database, redis] = await Promise.all([
      this.probe(() => this.dataSource.query('SELECT 1')),
      this.probe(() => this.redis.ping()),
    ]);
    return { healthy: database === 'up' && redis === 'up', checks: { database, redis } };
  }

  private async probe(op: () => Promise<unknown>): Promise<CheckState> {
    try {
      await within(op(), TIMEOUT_MS);
      return 'up';
    } catch {
      return 'down';
    }
  }
}
