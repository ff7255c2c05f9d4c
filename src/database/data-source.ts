import { DataSource, type DataSourceOptions } from 'typeorm';
import { DropOnTimeoutClient } from './drop-on-timeout-client.js';
import { MIGRATIONS } from '../../migrations/index.js';
import { ENTITIES } from './entities.js';

/**
 * `queryTimeoutMs` (the service's pool; migrations go without): a statement unanswered for that long
 * fails with pg's "Query read timeout", which callers treat as PostgreSQL being away (503, a stage
 * retried later) instead of waiting on a server that accepts connections but does not answer; the
 * connection is then ended (DropOnTimeoutClient), never reused.
 */
export function dataSourceOptions(url: string, queryTimeoutMs?: number): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    uuidExtension: 'pgcrypto',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: 20, connectionTimeoutMillis: 5000, application_name: 'foliodesk', ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs, Client: DropOnTimeoutClient } : {}) },
  };
}

export const createDataSource = (url: string) => new DataSource(dataSourceOptions(url));
