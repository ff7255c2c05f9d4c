import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvDto } from './env.dto.js';

export type ProcessRole = 'all' | 'api' | 'worker';

const DEV_JWT_SECRET = 'foliodesk-development-only-jwt-secret-change-me';
const DEV_ENCRYPTION_KEY = 'foliodesk-development-only-encryption-key-change-me';

/**
 * The one validated configuration, read from the environment once at boot and grouped by concern.
 * Nothing else in the code reads process.env.
 */
export class AppConfig {
  readonly nodeEnv!: 'development' | 'production' | 'test';
  readonly role!: ProcessRole;
  readonly http!: { port: number; host: string; publicBaseUrl: string; sandboxPort: number | null; trustProxy: boolean };
  readonly db!: { url: string };
  readonly redis!: { url: string; prefix: string; lockDurationMs: number; stalledIntervalMs: number };
  readonly auth!: {
    jwtSecret: string;
    accessTokenTtlSeconds: number;
    refreshIdleDays: number;
    refreshAbsoluteDays: number;
    argon2: { memoryCost: number; timeCost: number; parallelism: number };
    argon2Concurrency: number;
    loginMaxFailuresPerAccount: number;
    loginMaxFailuresPerIp: number;
    loginFailureWindowSeconds: number;
    registrationsPerIpPerHour: number;
  };
  readonly crypto!: { encryptionKey: string };
  readonly bootstrapAdmin!: { email: string; password: string } | null;
  readonly storage!: { dir: string; maxUploadBytes: number };
  readonly pipeline!: { stageTimeoutMs: number; totalTimeoutMs: number; reconcileIntervalMs: number; staleAfterMs: number };
  readonly webhooks!: { allowPrivateTargets: boolean };
  readonly llm!: { provider: 'local' | 'openai'; openaiBaseUrl: string | null; openaiApiKey: string | null; model: string };
  readonly webSearch!: { provider: 'none' | 'searxng'; searxngUrl: string | null };
  readonly log!: { level: string };
  /** Human-readable warnings found while loading (printed once at boot). */
  readonly warnings!: string[];
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const dto = plainToInstance(EnvDto, raw, { enableImplicitConversion: false });
  const errors = validateSync(dto, { whitelist: false, forbidUnknownValues: false });
  const problems = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m}`));

  const nodeEnv = (dto.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];
  const warnings: string[] = [];
  const secret = (name: 'JWT_SECRET' | 'APP_ENCRYPTION_KEY', fallback: string) => {
    const value = dto[name];
    if (value) return value;
    if (nodeEnv === 'production') problems.push(`${name}: required when NODE_ENV=production (at least 32 characters)`);
    else warnings.push(`${name} is not set: using a development-only default. Never run like this in production.`);
    return fallback;
  };
  const jwtSecret = secret('JWT_SECRET', DEV_JWT_SECRET);
  const encryptionKey = secret('APP_ENCRYPTION_KEY', DEV_ENCRYPTION_KEY);

  const bootstrapEmail = dto.BOOTSTRAP_ADMIN_EMAIL;
  const bootstrapPassword = dto.BOOTSTRAP_ADMIN_PASSWORD;
  if (Boolean(bootstrapEmail) !== Boolean(bootstrapPassword)) {
    problems.push('BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD must be set together');
  }
  for (const [name, url, protocols] of [
    ['DATABASE_URL', dto.DATABASE_URL, ['postgres:', 'postgresql:']],
    ['REDIS_URL', dto.REDIS_URL, ['redis:', 'rediss:']],
  ] as const) {
    if (url && !isUrlWithProtocol(url, protocols)) problems.push(`${name}: must be a ${protocols.join(' or ')} URL`);
  }
  if (dto.LLM_PROVIDER === 'openai' && !dto.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL: required when LLM_PROVIDER=openai');
  if (dto.WEB_SEARCH_PROVIDER === 'searxng' && !dto.SEARXNG_URL) problems.push('SEARXNG_URL: required when WEB_SEARCH_PROVIDER=searxng');

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  const port = dto.PORT ?? 3000;
  const config: AppConfig = {
    nodeEnv,
    role: (dto.ROLE ?? 'all') as ProcessRole,
    http: {
      port,
      host: dto.HOST ?? '0.0.0.0',
      publicBaseUrl: (dto.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      sandboxPort: dto.SANDBOX_PORT ?? null,
      trustProxy: dto.TRUST_PROXY ?? false,
    },
    db: { url: dto.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk' },
    redis: {
      url: dto.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      prefix: dto.QUEUE_PREFIX ?? 'foliodesk',
      lockDurationMs: dto.QUEUE_LOCK_DURATION_MS ?? 30_000,
      stalledIntervalMs: dto.QUEUE_STALLED_INTERVAL_MS ?? 30_000,
    },
    auth: {
      jwtSecret,
      accessTokenTtlSeconds: dto.ACCESS_TOKEN_TTL_SECONDS ?? 3600,
      refreshIdleDays: dto.REFRESH_TOKEN_IDLE_DAYS ?? 30,
      refreshAbsoluteDays: dto.REFRESH_TOKEN_ABSOLUTE_DAYS ?? 90,
      argon2: { memoryCost: 65536, timeCost: 3, parallelism: 4 },
      argon2Concurrency: dto.ARGON2_CONCURRENCY ?? 2,
      loginMaxFailuresPerAccount: dto.LOGIN_MAX_FAILURES_PER_ACCOUNT ?? 5,
      loginMaxFailuresPerIp: dto.LOGIN_MAX_FAILURES_PER_IP ?? 50,
      loginFailureWindowSeconds: dto.LOGIN_FAILURE_WINDOW_SECONDS ?? 900,
      registrationsPerIpPerHour: dto.REGISTRATIONS_PER_IP_PER_HOUR ?? 50,
    },
    crypto: { encryptionKey },
    bootstrapAdmin: bootstrapEmail && bootstrapPassword ? { email: bootstrapEmail, password: bootstrapPassword } : null,
    storage: { dir: dto.STORAGE_DIR ?? './var/storage', maxUploadBytes: dto.MAX_UPLOAD_BYTES ?? 26214400 },
    pipeline: {
      stageTimeoutMs: dto.PIPELINE_STAGE_TIMEOUT_MS ?? 60_000,
      totalTimeoutMs: dto.PIPELINE_TIMEOUT_MS ?? 300_000,
      reconcileIntervalMs: dto.PIPELINE_RECONCILE_INTERVAL_MS ?? 5_000,
      staleAfterMs: dto.PIPELINE_STALE_AFTER_MS ?? 15_000,
    },
    webhooks: { allowPrivateTargets: dto.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false },
    llm: {
      provider: (dto.LLM_PROVIDER ?? 'local') as 'local' | 'openai',
      openaiBaseUrl: dto.OPENAI_BASE_URL ?? null,
      openaiApiKey: dto.OPENAI_API_KEY ?? null,
      model: dto.LLM_MODEL ?? 'gpt-4o-mini',
    },
    webSearch: { provider: (dto.WEB_SEARCH_PROVIDER ?? 'none') as 'none' | 'searxng', searxngUrl: dto.SEARXNG_URL ?? null },
    log: { level: dto.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info') },
    warnings,
  };
  return Object.freeze(config);
}

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
