import { DataSource, type DataSourceOptions } from 'typeorm';
import { DropOnTimeoutClient } from './drop-on-timeout-client.js';
import { MIGRATIONS } from '../../migrations/index.js';
import { ENTITIES } from './entities.js';

/**
 * `queryTimeoutMs` (the service's pool; migrations go without): a statement unanswered for that long
 * fails with pg's "Query read timeout", which callers treat as PostgreSQL being away (503, a stage
 * retried later) instead of waiting on a server that accepts connections but does not answer; the
 * connection is then ended (DropOnTimeoutClient), never reused. A server that does answer cancels a
 * statement a little before that itself (`statement_timeout`, see serverLimit): the connection stays
 * usable, and a statement cannot run on (stuck on a lock, say) and commit long after its caller gave up.
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
    extra: { max: 20, connectionTimeoutMillis: 5000, application_name: 'foliodesk', ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs, statement_timeout: serverLimit(queryTimeoutMs), Client: DropOnTimeoutClient } : {}) },
  };
}

/** PostgreSQL's own limit: a little below the client's, so that a live server is the one that cancels. */
export const serverLimit = (queryTimeoutMs: number) => Math.max(queryTimeoutMs - 1000, Math.floor(queryTimeoutMs * 0.9));

export const createDataSource = (url: string) => new DataSource(dataSourceOptions(url));
