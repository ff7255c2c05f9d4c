import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { ENTITIES } from './entities.js';

export function dataSourceOptions(url: string): DataSourceOptions {
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
    extra: { max: 20, connectionTimeoutMillis: 5000, application_name: 'foliodesk' },
  };
}

export const createDataSource = (url: string) => new DataSource(dataSourceOptions(url));
