import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';

/** Bull's connection to Redis; queue names are prefixed so instances can share one Redis. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        url: config.redis.url,
        prefix: `${config.redis.prefix}:bull`,
        // A job whose worker died (SIGKILL) is handed to another worker once its lock lapses.
        settings: { lockDuration: config.redis.lockDurationMs, stalledInterval: config.redis.stalledIntervalMs, maxStalledCount: 3 },
      }),
    }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
