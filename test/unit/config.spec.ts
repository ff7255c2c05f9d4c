import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config/app-config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.role).toBe('all');
    expect(c.http).toMatchObject({ port: 3000, host: '0.0.0.0', publicBaseUrl: 'http://localhost:3000' });
    expect(c.db.url).toBe('postgres://postgres@127.0.0.1:5432/foliodesk');
    expect(c.redis.url).toBe('redis://127.0.0.1:6379/0');
    expect(c.storage).toEqual({ dir: './var/storage', maxUploadBytes: 26214400 });
    expect(c.auth.argon2).toEqual({ memoryCost: 65536, timeCost: 3, parallelism: 4 });
    expect(c.auth.accessTokenTtlSeconds).toBe(3600);
    expect(c.webhooks.allowPrivateTargets).toBe(false);
    expect(c.llm.provider).toBe('local');
    expect(c.bootstrapAdmin).toBeNull();
  });

  it('warns loudly about development secrets outside production', () => {
    const c = loadConfig({ NODE_ENV: 'development' });
    expect(c.warnings.join(' ')).toMatch(/JWT_SECRET.*development-only/);
    expect(c.warnings.join(' ')).toMatch(/APP_ENCRYPTION_KEY/);
  });

  it('refuses to start in production without secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required when NODE_ENV=production/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ ROLE: 'scheduler' }, 'ROLE'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ MAX_UPLOAD_BYTES: '-5' }, 'MAX_UPLOAD_BYTES'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ BOOTSTRAP_ADMIN_EMAIL: 'a@b.in' }, 'BOOTSTRAP_ADMIN_PASSWORD'],
    [{ LLM_PROVIDER: 'openai' }, 'OPENAI_BASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('names the bad variable in %p', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('reports every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', ROLE: 'y' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/ROLE/);
    }
  });

  it('parses booleans and numbers', () => {
    const c = loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', PORT: '8080', ROLE: 'worker', PUBLIC_BASE_URL: 'https://api.example.in/' });
    expect(c.webhooks.allowPrivateTargets).toBe(true);
    expect(c.http.port).toBe(8080);
    expect(c.role).toBe('worker');
    expect(c.http.publicBaseUrl).toBe('https://api.example.in');
  });
});
