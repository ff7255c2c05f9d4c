import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { createHttpApp } from './app.factory.js';
import { loadConfigOrExit, type AppConfig } from './config/app-config.js';
import { loadEnvFile } from './config/env-file.js';
import { createLogger, PinoNestLogger } from './common/logging/logger.js';
import { describeDatabaseFailure, redactedDatabaseUrl } from './database/connection-failure.js';
import { assertMigrated, ensureDatabase, runMigrations } from './database/migrate.js';
import { startSandboxListener } from './sandbox-listener.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import { startMetricsListener } from './modules/metrics/metrics-listener.js';

async function prepareDatabase(config: AppConfig, logger: Logger): Promise<void> {
  const database = redactedDatabaseUrl(config.db.url);
  try {
    if (config.db.migrateOnStart) {
      await ensureDatabase(config.db.url, logger);
      const applied = await runMigrations(config.db.url, logger);
      logger.info({ database, applied: applied.length }, applied.length ? `database migrated (${applied.length} migrations applied)` : 'database up to date');
    } else {
      await assertMigrated(config.db.url);
      logger.info({ database }, 'database up to date (MIGRATE_ON_START=false)');
    }
  } catch (error) {
    // PostgreSQL away or refusing us: one line naming DATABASE_URL, the address and the fix.
    const described = describeDatabaseFailure(error, config.db.url);
    throw described === null ? error : new Error(described);
  }
}

async function main() {
  const fromFile = loadEnvFile();
  const config = loadConfigOrExit();
  const logger = createLogger(config.log.level);
  if (fromFile !== null) logger.info({ variables: fromFile.length }, `read .env (${fromFile.length} variables not set in the environment)`);
  for (const warning of config.warnings) logger.warn(warning);

  await prepareDatabase(config, logger);

  if (config.role === 'worker') {
    const context = await NestFactory.createApplicationContext(AppModule.forRoot(config, logger), {
      logger: new PinoNestLogger(logger),
    });
    context.enableShutdownHooks();
    if (config.http.metricsPort !== null) {
      const metrics = await startMetricsListener(context.get(MetricsService).registry, config.http.metricsPort, config.http.host);
      process.once('SIGTERM', () => metrics.close());
      process.once('SIGINT', () => metrics.close());
    }
    logger.info({ role: config.role, metrics: config.http.metricsPort === null ? null : `http://${config.http.host}:${config.http.metricsPort}/metrics` }, 'Foliodesk worker started');
    return;
  }
  const app = await createHttpApp(config, logger);
  await app.listen(config.http.port, config.http.host);
  if (config.http.sandboxPort !== null) {
    const sandbox = await startSandboxListener(app, config.http.sandboxPort, config.http.host);
    app.getHttpServer().on('close', () => sandbox.close());
    logger.info({ port: config.http.sandboxPort }, 'webhook sandbox listening');
  }
  const docs = `${config.http.publicBaseUrl}/docs`;
  logger.info(
    { role: config.role, url: `http://${config.http.host}:${config.http.port}`, docs },
    `Foliodesk API listening on ${config.http.publicBaseUrl} (${config.http.host}:${config.http.port}), Swagger UI at ${docs}`,
  );
}

main().catch((error) => {
  console.error('Foliodesk failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
