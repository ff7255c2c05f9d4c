import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config/app-config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.role).toBe('all');
    expect(c.http).toMatchObject({ port: 3000, host: '0.0.0.0', publicBaseUrl: 'http://localhost:3000' });
    expect(c.db).toEqual({ url: 'postgres://postgres@127.0.0.1:5432/foliodesk', queryTimeoutMs: 30_000, migrateOnStart: true });
    expect(c.redis.url).toBe('redis://127.0.0.1:6379/0');
    expect(c.storage).toEqual({ driver: 'fs', s3: null, dir: './var/storage', maxUploadBytes: 26214400, maxLayoutBytes: 67_108_864, sweepIntervalMs: 3_600_000, sweepGraceMs: 3_600_000, retentionPurgeIntervalMs: 3_600_000 });
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

  it('refuses the development-only secrets, given explicitly, in production, and one secret for both', () => {
    const dev = loadConfig({ NODE_ENV: 'development' });
    const prod = { NODE_ENV: 'production', JWT_SECRET: dev.auth.jwtSecret, APP_ENCRYPTION_KEY: dev.crypto.encryptionKey };
    expect(() => loadConfig(prod)).toThrow(/JWT_SECRET: the development-only default is refused/);
    expect(() => loadConfig(prod)).toThrow(/APP_ENCRYPTION_KEY: the development-only default is refused/);
    const same = 'a-production-secret-0123456789abcdef0123';
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: same, APP_ENCRYPTION_KEY: same })).toThrow(/must differ from JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: same, APP_ENCRYPTION_KEY: `${same}-2` }).nodeEnv).toBe('production');
  });

  it('reads the previous encryption keys (comma-separated, each at least 32 characters, not the current one)', () => {
    const current = 'the-current-encryption-key-0123456789abcdef';
    const [a, b] = ['a-previous-encryption-key-0123456789abcdef-a', 'a-previous-encryption-key-0123456789abcdef-b'];
    expect(loadConfig({ APP_ENCRYPTION_KEY: current }).crypto).toEqual({ encryptionKey: current, previousEncryptionKeys: [], acceptLegacy: true });
    expect(loadConfig({ APP_ENCRYPTION_KEY: current, APP_ENCRYPTION_KEYS_PREVIOUS: ` ${a}, ${b} ,` }).crypto.previousEncryptionKeys).toEqual([a, b]);
    expect(() => loadConfig({ APP_ENCRYPTION_KEY: current, APP_ENCRYPTION_KEYS_PREVIOUS: `${a},short` })).toThrow(/APP_ENCRYPTION_KEYS_PREVIOUS: each key must be at least 32 characters/);
    expect(() => loadConfig({ APP_ENCRYPTION_KEY: current, APP_ENCRYPTION_KEYS_PREVIOUS: `${a},${current}` })).toThrow(/APP_ENCRYPTION_KEYS_PREVIOUS: must not list APP_ENCRYPTION_KEY itself/);
  });

  it('opens first-format secrets unless SECRETS_ACCEPT_LEGACY=false', () => {
    expect(loadConfig({}).crypto.acceptLegacy).toBe(true);
    expect(loadConfig({ SECRETS_ACCEPT_LEGACY: 'false' }).crypto.acceptLegacy).toBe(false);
    expect(loadConfig({ SECRETS_ACCEPT_LEGACY: 'true' }).crypto.acceptLegacy).toBe(true);
    expect(() => loadConfig({ SECRETS_ACCEPT_LEGACY: 'maybe' })).toThrow(/SECRETS_ACCEPT_LEGACY/);
  });

  it.each([
    { env: { PORT: 'eighty' }, name: 'PORT' },
    { env: { PORT: '70000' }, name: 'PORT' },
    { env: { ROLE: 'scheduler' }, name: 'ROLE' },
    { env: { DATABASE_URL: 'mysql://x@y/z' }, name: 'DATABASE_URL' },
    { env: { DATABASE_QUERY_TIMEOUT_MS: '100' }, name: 'DATABASE_QUERY_TIMEOUT_MS' },
    { env: { REDIS_URL: 'not a url' }, name: 'REDIS_URL' },
    { env: { MAX_UPLOAD_BYTES: '-5' }, name: 'MAX_UPLOAD_BYTES' },
    { env: { STORE_SWEEP_GRACE_MS: '60000' }, name: 'STORE_SWEEP_GRACE_MS' },
    { env: { JWT_SECRET: 'short' }, name: 'JWT_SECRET' },
    { env: { BOOTSTRAP_ADMIN_EMAIL: 'a@b.in' }, name: 'BOOTSTRAP_ADMIN_PASSWORD' },
    { env: { LLM_PROVIDER: 'openai' }, name: 'OPENAI_BASE_URL' },
    { env: { OPENAI_BASE_URL: 'ftp://models.example.in' }, name: 'OPENAI_BASE_URL' },
    { env: { LLM_TIMEOUT_MS: '0' }, name: 'LLM_TIMEOUT_MS' },
    { env: { LLM_MAX_RETRIES: '11' }, name: 'LLM_MAX_RETRIES' },
    { env: { LLM_PRICE_TABLE: 'not json' }, name: 'LLM_PRICE_TABLE' },
    { env: { LLM_PRICE_TABLE: '{"gpt-4o-mini":{"input":-1,"output":51}}' }, name: 'LLM_PRICE_TABLE' },
    { env: { MARKET_DATA_NAV_SOURCE: 'ftp://amfiindia.com/NAVAll.txt' }, name: 'MARKET_DATA_NAV_SOURCE' },
    { env: { MARKET_DATA_REFRESH_MS: '10' }, name: 'MARKET_DATA_REFRESH_MS' },
    { env: { LOG_LEVEL: 'loud' }, name: 'LOG_LEVEL' },
  ])('names the bad variable in $env', ({ env, name }) => {
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

  it.each(['yes', 'on', 'TRUE-ish', 'enabled'])('names a boolean variable given %p instead of reading it as false', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: value })).toThrow(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);
  });

  it.each([{ value: 'TRUE', expected: true }, { value: '1', expected: true }, { value: 'False', expected: false }, { value: '0', expected: false }])('reads the boolean $value as $expected', ({ value, expected }) => {
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: value }).webhooks.allowPrivateTargets).toBe(expected);
    expect(loadConfig({ MIGRATE_ON_START: value }).db.migrateOnStart).toBe(expected);
  });

  it.each([
    { value: undefined, expected: false },
    { value: 'false', expected: false },
    { value: '0', expected: false },
    { value: '1', expected: 1 },
    { value: '2', expected: 2 },
    { value: '10.0.0.0/8', expected: ['10.0.0.0/8'] },
    { value: ' 10.1.2.3, fd00::/8 ,loopback', expected: ['10.1.2.3', 'fd00::/8', 'loopback'] },
    { value: 'Loopback,UniqueLocal', expected: ['loopback', 'uniquelocal'] },
  ])('reads TRUST_PROXY $value as $expected (a number of proxies, or their addresses)', ({ value, expected }) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).http.trustProxy).toEqual(expected);
  });

  it('refuses TRUST_PROXY=true, which would let the client name its own address, saying what to give instead', () => {
    for (const value of ['true', 'TRUE']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: true is refused: .*left-most X-Forwarded-For.*number of proxies/);
    }
  });

  it.each(['10.0.0.0/33', '10.0.0/8', 'fd00::/129', '127.1', 'proxy.internal', '1.5', '-1', '10.0.0.1,', '10.0.0.0/8/8'])('refuses TRUST_PROXY=%p', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be false, a number of proxies, or addresses/);
  });

  it.each([
    { url: 'http://www.amfiindia.com/spages/NAVAll.txt', accepted: false },
    { url: 'http://localhost:8080/NAVAll.txt', accepted: false },
    { url: 'http://127.0.0.1.nip.io/NAVAll.txt', accepted: false },
    { url: 'http://10.0.0.5/NAVAll.txt', accepted: false },
    { url: 'https://www.amfiindia.com/spages/NAVAll.txt', accepted: true },
    { url: 'http://127.0.0.1:8080/NAVAll.txt', accepted: true },
    { url: 'http://[::1]:8080/NAVAll.txt', accepted: true },
  ])('takes MARKET_DATA_NAV_SOURCE $url: $accepted (https only; http only to a loopback address)', ({ url, accepted }) => {
    if (accepted) expect(loadConfig({ MARKET_DATA_NAV_SOURCE: url }).marketData.navSource).toEqual({ kind: 'url', url });
    else expect(() => loadConfig({ MARKET_DATA_NAV_SOURCE: url })).toThrow(/MARKET_DATA_NAV_SOURCE: must be a file path or an https: URL/);
  });

  it('reads the s3 driver\'s settings, with the documented defaults, and refuses an s3 store without a bucket or a KMS key without SSE-KMS', () => {
    const c = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'docs' });
    expect(c.storage.driver).toBe('s3');
    expect(c.storage.s3).toEqual({ bucket: 'docs', prefix: '', region: 'us-east-1', endpoint: null, forcePathStyle: false, sse: null, kmsKeyId: null, partSizeBytes: 8_388_608, timeoutMs: 30_000 });
    const kms = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'docs', S3_PREFIX: 'foliodesk/prod', S3_ENDPOINT: 'http://127.0.0.1:8333', S3_FORCE_PATH_STYLE: 'true', S3_SSE: 'aws:kms', S3_SSE_KMS_KEY_ID: 'alias/foliodesk' });
    expect(kms.storage.s3).toMatchObject({ prefix: 'foliodesk/prod', endpoint: 'http://127.0.0.1:8333', forcePathStyle: true, sse: 'aws:kms', kmsKeyId: 'alias/foliodesk' });
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'docs', S3_SSE: 'AES256', S3_SSE_KMS_KEY_ID: 'k' })).toThrow(/S3_SSE_KMS_KEY_ID: only with S3_SSE=aws:kms/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'gcs' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ S3_PREFIX: '/leading' })).toThrow(/S3_PREFIX: must be path segments/);
    expect(() => loadConfig({ S3_PREFIX: 'a/../b' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_PART_SIZE_BYTES: '1048576' })).toThrow(/S3_PART_SIZE_BYTES/);
  });

  it('parses booleans and numbers', () => {
    const c = loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', PORT: '8080', ROLE: 'worker', PUBLIC_BASE_URL: 'https://api.example.in/' });
    expect(c.webhooks.allowPrivateTargets).toBe(true);
    expect(c.http.port).toBe(8080);
    expect(c.role).toBe('worker');
    expect(c.http.publicBaseUrl).toBe('https://api.example.in');
  });

  it('reads the LLM and market-data settings', () => {
    const defaults = loadConfig({});
    expect(defaults.llm).toMatchObject({ timeoutMs: 30000, maxRetries: 1, priceTable: {} });
    expect(defaults.marketData).toEqual({ navSource: null, refreshMs: 21600000 });

    const c = loadConfig({
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_TIMEOUT_MS: '5000',
      LLM_MAX_RETRIES: '0',
      LLM_PRICE_TABLE: '{"llama3.1":{"input":1.5,"output":3}}',
      MARKET_DATA_NAV_SOURCE: 'https://www.amfiindia.com/spages/NAVAll.txt',
      MARKET_DATA_REFRESH_MS: '3600000',
    });
    expect(c.llm).toMatchObject({ provider: 'openai', openaiBaseUrl: 'http://127.0.0.1:11434/v1', timeoutMs: 5000, maxRetries: 0, priceTable: { 'llama3.1': { input: 1.5, output: 3 } } });
    expect(c.marketData).toEqual({ navSource: { kind: 'url', url: 'https://www.amfiindia.com/spages/NAVAll.txt' }, refreshMs: 3600000 });
    expect(loadConfig({ MARKET_DATA_NAV_SOURCE: './var/NAVAll.txt' }).marketData.navSource).toEqual({ kind: 'file', path: './var/NAVAll.txt' });
  });

  it('warns when the model may take longer than a pipeline stage may', () => {
    const openai = { LLM_PROVIDER: 'openai', OPENAI_BASE_URL: 'https://api.openai.com/v1' };
    expect(loadConfig(openai).warnings.join(' ')).not.toMatch(/LLM_TIMEOUT_MS/);
    expect(loadConfig({ ...openai, LLM_MAX_RETRIES: '3' }).warnings.join(' ')).toMatch(/LLM_TIMEOUT_MS × \(LLM_MAX_RETRIES \+ 1\) = 120000 ms is more than PIPELINE_STAGE_TIMEOUT_MS \(60000 ms\)/);
  });

  it('reads the quotas, with the documented defaults, and refuses a limit below 1', () => {
    const GIB = 1024 ** 3;
    expect(loadConfig({}).quotas).toEqual({
      uploadsPerHour: { perUser: 200, perTenant: 2000 },
      storedBytes: { perUser: 10 * GIB, perTenant: 100 * GIB },
      chatInvocationsPerDay: { perUser: 1000, perTenant: 10_000 },
      chatTokensPerDay: { perUser: 5_000_000, perTenant: 50_000_000 },
    });
    expect(loadConfig({}).auth.ssoLoginsPerIpPerMinute).toBe(60);
    const c = loadConfig({ QUOTA_UPLOADS_PER_USER_PER_HOUR: '3', QUOTA_STORED_BYTES_PER_TENANT: '1048576', SSO_LOGINS_PER_IP_PER_MINUTE: '5' });
    expect(c.quotas.uploadsPerHour.perUser).toBe(3);
    expect(c.quotas.storedBytes.perTenant).toBe(1_048_576);
    expect(c.auth.ssoLoginsPerIpPerMinute).toBe(5);
    expect(() => loadConfig({ QUOTA_CHAT_TOKENS_PER_USER_PER_DAY: '0', QUOTA_UPLOADS_PER_TENANT_PER_HOUR: 'many' })).toThrow(
      /QUOTA_CHAT_TOKENS_PER_USER_PER_DAY[\s\S]*QUOTA_UPLOADS_PER_TENANT_PER_HOUR|QUOTA_UPLOADS_PER_TENANT_PER_HOUR[\s\S]*QUOTA_CHAT_TOKENS_PER_USER_PER_DAY/,
    );
  });
});
