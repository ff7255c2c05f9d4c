import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { load } from 'js-yaml';
import { loadConfig } from '../../src/config/app-config.js';
import { VARIABLES } from '../../src/config/variables.js';

// No Docker engine or cluster runs in the test suite: the compose file and the Kubernetes manifests of
// docs/deployment.md are checked as documents against the configuration they feed.

const ROOT = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

/** Variables the services may set that are not Foliodesk settings: the AWS SDK's credential chain reads them. */
const SDK_VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
const DECLARED = new Set<string>([...Object.keys(VARIABLES), ...SDK_VARIABLES]);

/** What an operator exports before `docker compose up` (docs/deployment.md). */
const OPERATOR_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: 'postgres-password',
  FOLIODESK_MIGRATOR_PASSWORD: 'migrator-password',
  FOLIODESK_APP_PASSWORD: 'app-password',
  JWT_SECRET: 'a-compose-jwt-secret-0123456789abcdef0123',
  APP_ENCRYPTION_KEY: 'a-compose-encryption-key-0123456789abcdef',
  FOLIODESK_S3_ACCESS_KEY: '0123456789abcdef0123',
  FOLIODESK_S3_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef',
};

/** Compose's interpolation: `${NAME:?message}` must be set, `${NAME:-default}` falls back, `$$` is a `$`. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Z0-9_]+)(?::([?-])((?:[^{}]|\{[^}]*\})*))?\}/g, (whole, name?: string, op?: string, rest?: string) => {
    if (whole === '$$') return '$';
    const value = env[name!];
    if (op === '?' && !value) throw new Error(`compose requires ${name}: ${rest}`);
    return value || (op === '-' ? interpolate(rest ?? '', env) : '');
  });
}

/** Every string of the parsed file interpolated, as Compose does it (after parsing: an empty value stays a string). */
function interpolated(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((v) => interpolated(v, env));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, interpolated(v, env)]));
}

/** YAML merge keys (`<<: *anchor`), which js-yaml leaves as a `<<` property. */
function merged(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(merged);
  if (!value || typeof value !== 'object') return value;
  const { '<<': base, ...own } = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const from of base === undefined ? [] : [base].flat()) Object.assign(out, merged(from));
  for (const [key, v] of Object.entries(own)) out[key] = merged(v);
  return out;
}

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
  configs?: Array<{ source: string; target: string }>;
}
interface Compose {
  services: Record<string, ComposeService>;
  configs: Record<string, { content: string }>;
  volumes: Record<string, unknown>;
}

const compose = (env = OPERATOR_ENV) => interpolated(merged(load(read('docker/docker-compose.yml'))), env) as Compose;

describe('docker/docker-compose.yml', () => {
  const file = compose();
  const foliodesk = Object.entries(file.services).filter(([, s]) => s.build);

  it('runs the service as one api, two workers and the migration, all from the Dockerfile', () => {
    expect(foliodesk.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'worker']);
    expect(file.services.api.environment!.ROLE).toBe('api');
    expect(file.services.worker.environment!.ROLE).toBe('worker');
    expect(file.services.worker.deploy?.replicas).toBe(2);
  });

  it('sets only variables the configuration declares (or the AWS SDK reads), and every value passes its validation', () => {
    for (const [name, service] of foliodesk) {
      const env = service.environment!;
      expect({ name, undeclared: Object.keys(env).filter((key) => !DECLARED.has(key)) }).toEqual({ name, undeclared: [] });
      const config = loadConfig(env);
      expect(config.nodeEnv).toBe('production');
      expect(config.db.migrateOnStart).toBe(false);
    }
  });

  it('puts the api and the workers on the s3 driver, against the compose network S3 store, sharing no volume', () => {
    for (const name of ['api', 'worker']) {
      const service = file.services[name];
      const config = loadConfig(service.environment!);
      expect(config.storage.driver).toBe('s3');
      expect(config.storage.s3).toMatchObject({ bucket: 'foliodesk', endpoint: 'http://seaweedfs:8333', forcePathStyle: true });
      expect(service.volumes ?? []).toEqual([]);
      expect(service.depends_on?.['s3-bucket']).toEqual({ condition: 'service_completed_successfully' });
      expect(service.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('pins every image to a tag, the S3 store to a SeaweedFS release, and uses no MinIO', () => {
    const images = Object.values(file.services).flatMap((s) => (s.image ? [s.image] : []));
    for (const image of images) expect(image).toMatch(/^[a-z0-9./-]+:(?!latest$)[0-9A-Za-z._-]+$/);
    expect(file.services.seaweedfs.image).toMatch(/^chrislusf\/seaweedfs:\d+\.\d+$/);
    expect(file.services['s3-bucket'].image).toBe(file.services.seaweedfs.image);
    expect(read('docker/docker-compose.yml')).not.toMatch(/minio/i);
  });

  it("gives the store one identity, the service's keys, confined to the bucket the service is configured with", () => {
    const bucket = 'statements';
    const custom = compose({ ...OPERATOR_ENV, S3_BUCKET: bucket });
    const { identities } = JSON.parse(custom.configs['seaweedfs-identities'].content) as {
      identities: Array<{ name: string; credentials: Array<{ accessKey: string; secretKey: string }>; actions: string[] }>;
    };
    const env = custom.services.api.environment!;
    expect(identities).toEqual([
      {
        name: 'foliodesk',
        credentials: [{ accessKey: env.AWS_ACCESS_KEY_ID, secretKey: env.AWS_SECRET_ACCESS_KEY }],
        actions: expect.arrayContaining(['Read:statements', 'Write:statements', 'List:statements']),
      },
    ]);
    expect(identities[0].actions.every((a) => a.endsWith(`:${bucket}`))).toBe(true);
    expect(loadConfig(env).storage.s3?.bucket).toBe(bucket);
    expect(custom.services['s3-bucket'].environment!.S3_BUCKET).toBe(bucket);
    expect(custom.services.seaweedfs.configs).toEqual([{ source: 'seaweedfs-identities', target: expect.stringMatching(/^\/etc\//) }]);
    expect((custom.services.seaweedfs.command as string[]).join(' ')).toContain('-s3.config=/etc/');
  });

  it('refuses to start without the store keys', () => {
    const { FOLIODESK_S3_SECRET_KEY: _, ...withoutSecret } = OPERATOR_ENV;
    expect(() => compose(withoutSecret)).toThrow(/compose requires FOLIODESK_S3_SECRET_KEY/);
  });
});

describe('docker/compose.dev.yml: PostgreSQL and Redis for a developer', () => {
  interface DevService {
    image: string;
    ports?: string[];
    environment?: Record<string, string>;
  }
  const file = load(read('docker/compose.dev.yml')) as { services: Record<string, DevService> };
  const defaults = loadConfig({});
  /** `127.0.0.1:5432:5432` → host address, host port, container port. */
  const published = (service: DevService) => (service.ports ?? []).map((p) => p.split(':'));

  it('runs PostgreSQL and Redis only, from pinned images', () => {
    expect(Object.keys(file.services).sort()).toEqual(['postgres', 'redis']);
    for (const service of Object.values(file.services)) expect(service.image).toMatch(/^[a-z0-9./-]+:(?!latest$)[0-9A-Za-z._-]+$/);
  });

  it('publishes every port on 127.0.0.1 only', () => {
    for (const [name, service] of Object.entries(file.services)) {
      expect({ name, ports: published(service).length }).toEqual({ name, ports: 1 });
      for (const [address] of published(service)) expect({ name, address }).toEqual({ name, address: '127.0.0.1' });
    }
  });

  it('answers the default DATABASE_URL and REDIS_URL: the ports, and trust for the password-less postgres user', () => {
    const db = new URL(defaults.db.url);
    expect(db.password).toBe('');
    expect(db.username).toBe('postgres');
    expect(published(file.services.postgres)).toEqual([['127.0.0.1', db.port, '5432']]);
    expect(file.services.postgres.environment).toEqual({ POSTGRES_HOST_AUTH_METHOD: 'trust' });
    expect(published(file.services.redis)).toEqual([['127.0.0.1', new URL(defaults.redis.url).port, '6379']]);
  });
});

describe('docs/deployment.md: the Kubernetes manifests', () => {
  const docs = read('docs/deployment.md');
  const manifests = [...docs.matchAll(/```yaml\n([\s\S]*?)```/g)].flatMap((m) => (m[1].split(/^---$/m) as string[]).map((part) => load(part) as any));
  const byName = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
  const config = byName('ConfigMap', 'foliodesk-config');
  const secrets = byName('Secret', 'foliodesk-secrets');
  const spec = readFileSync(new URL('openapi/openapi.json', ROOT), 'utf8');

  it('parses, and the ConfigMap and Secrets name only declared variables', () => {
    expect(manifests.map((m) => m.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'Deployment', 'Job', 'Secret', 'Secret', 'Service', 'ServiceAccount']);
    for (const source of [config.data, secrets.stringData, byName('Secret', 'foliodesk-migrator').stringData]) {
      expect(Object.keys(source).filter((key) => !DECLARED.has(key))).toEqual([]);
    }
  });

  it('keeps every credential in a Secret, never in the ConfigMap', () => {
    for (const secret of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'APP_ENCRYPTION_KEY', 'APP_ENCRYPTION_KEYS_PREVIOUS', 'SMTP_URL', 'OPENAI_API_KEY', 'SSO_SAML_SP_PRIVATE_KEY', 'BOOTSTRAP_ADMIN_PASSWORD', ...SDK_VARIABLES]) {
      expect(Object.keys(config.data)).not.toContain(secret);
    }
  });

  it('configures the s3 driver with values that pass validation', () => {
    const env = { ...config.data, JWT_SECRET: OPERATOR_ENV.JWT_SECRET, APP_ENCRYPTION_KEY: OPERATOR_ENV.APP_ENCRYPTION_KEY, ROLE: 'api' };
    const c = loadConfig(env);
    expect(c.storage.driver).toBe('s3');
    expect(c.storage.s3).toMatchObject({ bucket: config.data.S3_BUCKET, sse: 'aws:kms', endpoint: null });
  });

  it('runs the api with readiness and liveness probes on the health routes, and the workers as ROLE=worker', () => {
    const api = byName('Deployment', 'foliodesk-api').spec.template.spec.containers[0];
    expect(api.env).toContainEqual({ name: 'ROLE', value: 'api' });
    expect(api.readinessProbe.httpGet.path).toBe('/api/v1/health/ready');
    expect(api.livenessProbe.httpGet.path).toBe('/api/v1/health/live');
    for (const path of [api.readinessProbe.httpGet.path, api.livenessProbe.httpGet.path]) expect(JSON.parse(spec).paths).toHaveProperty([path]);
    const worker = byName('Deployment', 'foliodesk-worker').spec.template.spec;
    expect(worker.containers[0].env).toContainEqual({ name: 'ROLE', value: 'worker' });
    for (const c of [api, worker.containers[0]]) expect(c.resources.limits.memory).toBeDefined();
    expect(worker.terminationGracePeriodSeconds * 1000).toBeGreaterThanOrEqual(VARIABLES.PIPELINE_STAGE_TIMEOUT_MS.default);
    const migrate = byName('Job', 'foliodesk-migrate-v42').spec.template.spec.containers[0];
    expect(migrate.command).toEqual(['node', 'dist/scripts/migrate.js']);
    expect(migrate.env).toContainEqual({ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'foliodesk-migrator', key: 'DATABASE_URL' } } });
  });
});
