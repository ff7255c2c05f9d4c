import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { createHttpApp } from './app.factory.js';
import { loadConfigOrExit } from './config/app-config.js';
import { createLogger, PinoNestLogger } from './common/logging/logger.js';
import { assertMigrated, ensureDatabase, runMigrations } from './database/migrate.js';
import { startSandboxListener } from './sandbox-listener.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import { startMetricsListener } from './modules/metrics/metrics-listener.js';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.log.level);
  for (const warning of config.warnings) logger.warn(warning);

  if (config.db.migrateOnStart) {
    await ensureDatabase(config.db.url, logger);
    await runMigrations(config.db.url, logger);
  } else {
    await assertMigrated(config.db.url);
  }

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
  logger.info({ role: config.role, url: `http://${config.http.host}:${config.http.port}`, docs: `${config.http.publicBaseUrl}/docs` }, 'Foliodesk API listening');
}

main().catch((error) => {
  console.error('Foliodesk failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
