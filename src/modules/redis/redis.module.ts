import { Global, Inject, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '../../config/app-config.js';
import { REDIS } from './redis.tokens.js';
import { WindowCounters } from './window-counters.js';

export { REDIS };

/** Builds an ioredis client that fails fast instead of queueing commands while Redis is away. */
export function createRedisClient(url: string, connectionName: string): Redis {
  const client = new Redis(url, {
    connectionName,
    maxRetriesPerRequest: 1,
    // While Redis is away, commands fail at once instead of piling up (health says "down",
    // the login limiter lets requests through); the client keeps reconnecting in the background.
    enableOfflineQueue: false,
    commandTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  client.on('error', () => undefined); // connection errors surface through health checks, not crashes
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
    { provide: REDIS, inject: [AppConfig], useFactory: (config: AppConfig) => createRedisClient(config.redis.url, 'foliodesk') },
    RedisLifecycle,
    WindowCounters,
  ],
  exports: [REDIS, WindowCounters],
})
export class RedisModule {}
