import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source.js';

/** The TypeORM connection. Migrations are applied before the app starts (see main.ts), never synchronize. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config.db.url, config.db.queryTimeoutMs), retryAttempts: 3, retryDelay: 1000 }),
    }),
  ],
})
export class DatabaseModule {}
