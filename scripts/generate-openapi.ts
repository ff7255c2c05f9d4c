/** Writes openapi/openapi.json from the code (`npm run openapi`); needs no database. */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument, createHttpApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/app-config.js';
import { createLogger } from '../src/common/logging/logger.js';

export function serializeOpenApi(document: object): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const app = await createHttpApp(config, createLogger('silent'), { preview: true });
  const document = buildOpenApiDocument(app);
  const dir = join(import.meta.dirname, '..', '..', 'openapi');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.json'), serializeOpenApi(document));
  console.log(`wrote openapi/openapi.json (${Object.keys(document.paths).length} paths)`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
