import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from '../../src/app.factory.js';
import { createDataSource } from '../../src/database/data-source.js';
import { startTestApp, type TestApp } from '../support/app.js';

describe('OpenAPI document and database schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('openapi/openapi.json matches the code (run `npm run openapi` after changing routes or DTOs)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
    const generated = JSON.parse(JSON.stringify(buildOpenApiDocument(t.app)));
    expect(generated).toEqual(committed);
  });

  it('serves Swagger UI at /docs and the JSON at /docs-json', async () => {
    const ui = await t.http.get('/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger-ui');
    const json = await t.http.get('/docs-json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/users/me', '/api/v1/health']));
  });

  it('describes the error answers of every operation with the error envelope', async () => {
    const document = buildOpenApiDocument(t.app);
    const envelope = document.components?.schemas?.ErrorEnvelopeDto as { properties: Record<string, unknown> };
    expect(Object.keys(envelope.properties).sort()).toEqual(['error', 'message', 'result', 'success']);
    const gaps: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; parameters?: unknown[] }>)) {
        const at = `${method.toUpperCase()} ${path}`;
        for (const status of ['500', '503', ...(path.includes('{') ? ['404'] : []), ...(op.parameters?.length ? ['400'] : [])]) {
          if (!op.responses[status]) gaps.push(`${at}: no ${status}`);
        }
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) >= 400 && !JSON.stringify(response.content?.['application/json']?.schema ?? null).includes('#/components/schemas/ErrorEnvelopeDto')) {
            gaps.push(`${at}: ${status} without the error envelope`);
          }
        }
      }
    }
    expect(gaps).toEqual([]);
    // And the real answers have that shape.
    const missing = await t.http.get('/api/v1/documents/me');
    expect(Object.keys(missing.body).sort()).toEqual(['error', 'message', 'result', 'success']);
    expect(missing.body).toMatchObject({ success: false, result: null, error: { code: expect.any(String), details: expect.any(String) } });
  });

  it('documents every request DTO field with an example', () => {
    const schemas = buildOpenApiDocument(t.app).components?.schemas ?? {};
    const missing: string[] = [];
    for (const name of ['RegisterDto', 'LoginDto', 'RefreshDto', 'UpdateMeDto', 'CreateUserDto', 'UpdateUserDto', 'TokenPairDto', 'UserDto']) {
      const schema = schemas[name] as { properties?: Record<string, { example?: unknown; $ref?: string; allOf?: unknown }> } | undefined;
      expect(schema).toBeDefined();
      for (const [field, prop] of Object.entries(schema?.properties ?? {})) {
        if (prop.example === undefined && !prop.$ref && !prop.allOf) missing.push(`${name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the entities and the migrations agree (generating a migration would yield nothing)', async () => {
    const dataSource = createDataSource(process.env.DATABASE_URL!);
    await dataSource.initialize();
    try {
      const sql = await dataSource.driver.createSchemaBuilder().log();
      expect(sql.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });
});
