import { Global, Inject, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logging.module.js';
import { AppConfig } from '../../config/app-config.js';
import { RedisOutageLog } from './redis-outage-log.js';
import { REDIS } from './redis.tokens.js';
import { WindowCounters } from './window-counters.js';

export { REDIS, RedisOutageLog };

/** Builds an ioredis client that fails fast instead of queueing commands while Redis is away. */
export function createRedisClient(url: string, connectionName: string, outages?: RedisOutageLog): Redis {
  const client = new Redis(url, {
    connectionName,
    maxRetriesPerRequest: 1,
    // While Redis is away, commands fail at once instead of piling up (health says "down",
    // the login limiter lets requests through); the client keeps reconnecting in the background.
    enableOfflineQueue: false,
    commandTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Connection errors surface through health checks and one line of the outage log, not crashes.
  client.on('error', (error) => outages?.report(error, 'redis'));
  client.on('ready', () => outages?.recovered());
  return client;
}

/** Waits briefly for the first connection so the first requests find Redis ready. */
async function waitForReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

@Injectable()
class RedisLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onModuleInit() {
    await waitForReady(this.redis, 2000);
  }
  async onApplicationShutdown() {
    this.redis.disconnect();
  }
}

@Global()
@Module({
  providers: [
    { provide: RedisOutageLog, inject: [LOGGER, AppConfig], useFactory: (logger: Logger, config: AppConfig) => new RedisOutageLog(logger, config.redis.url) },
    { provide: REDIS, inject: [AppConfig, RedisOutageLog], useFactory: (config: AppConfig, outages: RedisOutageLog) => createRedisClient(config.redis.url, 'foliodesk', outages) },
    RedisLifecycle,
    WindowCounters,
  ],
  exports: [REDIS, WindowCounters, RedisOutageLog],
})
export class RedisModule {}
