/**
 * Creates the database if needed and applies pending migrations, then exits: `npm run migrate`, or
 * `node dist/scripts/migrate.js` in the container. Run it with DATABASE_URL naming the migrator role
 * when the service itself runs as a role without DDL rights (MIGRATE_ON_START=false); see
 * docs/security.md, "Database roles".
 */
import 'reflect-metadata';
import { loadConfigOrExit } from '../src/config/app-config.js';
import { loadEnvFile } from '../src/config/env-file.js';
import { createLogger } from '../src/common/logging/logger.js';
import { describeDatabaseFailure } from '../src/database/connection-failure.js';
import { ensureDatabase, runMigrations } from '../src/database/migrate.js';

loadEnvFile();
const config = loadConfigOrExit();

async function main() {
  const logger = createLogger(config.log.level);
  await ensureDatabase(config.db.url, logger);
  const applied = await runMigrations(config.db.url, logger);
  logger.info({ applied: applied.length }, 'migrations up to date');
}

main().catch((error) => {
  const described = describeDatabaseFailure(error, config.db.url);
  console.error('Migrating failed:', described ?? (error instanceof Error ? error.message : error));
  process.exit(1);
});
