import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { DocumentStorage, MarketDataService } from '../nexus/index.js';
import { REDIS } from '../redis/redis.module.js';

export type CheckState = 'up' | 'down';
/** Market data is optional: while it is degraded the service still serves, so health says so but stays 200. */
export type OptionalCheckState = 'up' | 'loading' | 'degraded';
export interface HealthReport {
  /** PostgreSQL, Redis and the document store answer: the process is ready. */
  healthy: boolean;
  /** An optional part (market data) is not working. */
  degraded: boolean;
  /** `market_data` only where a NAV source is configured and this process runs the pipeline's workers. */
  /** `storage`: the document store, either driver's (`fs`: STORAGE_DIR is writable; `s3`: HeadBucket answers). */
  checks: { database: CheckState; redis: CheckState; storage: CheckState; market_data?: OptionalCheckState };
}

const TIMEOUT_MS = 1500;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Asks PostgreSQL, Redis and the document store for real, each with a short time limit; reports the market data's last read. */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly storage: DocumentStorage,
    @Optional() private readonly marketData?: MarketDataService,
  ) {}

  async check(): Promise<HealthReport> {
    const [database, redis, storage] = await Promise.all([
      this.probe(() => this.dataSource.query('SELECT 1')),
      this.probe(() => this.redis.ping()),
      this.probe(() => this.storage.check()),
    ]);
    const market = this.marketData?.status().state;
    const marketData = market === undefined || market === 'off' ? undefined : market;
    return {
      healthy: database === 'up' && redis === 'up' && storage === 'up',
      degraded: marketData === 'degraded',
      checks: { database, redis, storage, ...(marketData ? { market_data: marketData } : {}) },
    };
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
