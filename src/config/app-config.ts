import { readEnvironment } from './env.dto.js';
import type { EnvValues } from './variables.js';

export type { NavSourceLocation, TrustProxy } from './parsers.js';
export type ProcessRole = AppConfig['role'];
/** One usage limit, for each user and for the tenant as a whole. */
export interface QuotaLimits {
  perUser: number;
  perTenant: number;
}

const DEV_JWT_SECRET = 'foliodesk-development-only-jwt-secret-change-me';
const DEV_ENCRYPTION_KEY = 'foliodesk-development-only-encryption-key-change-me';

/**
 * The one validated configuration, read from the environment once at boot and grouped by concern.
 * Nothing else in the code reads process.env. Its shape is what `sections` builds from the declared
 * variables (src/config/variables.ts: kind, default, validation and description of each); the class is
 * the injection token.
 */
export interface AppConfig extends Readonly<ReturnType<typeof sections>> {}
export class AppConfig {}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { values, problems } = readEnvironment(env);
  const warnings: string[] = [];
  const secrets = productionSecrets(values, problems, warnings);

  if (values.APP_ENCRYPTION_KEYS_PREVIOUS?.includes(secrets.encryptionKey)) problems.push('APP_ENCRYPTION_KEYS_PREVIOUS: must not list APP_ENCRYPTION_KEY itself');
  if (Boolean(values.BOOTSTRAP_ADMIN_EMAIL) !== Boolean(values.BOOTSTRAP_ADMIN_PASSWORD)) {
    problems.push('BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD must be set together');
  }
  if (values.LLM_PROVIDER === 'openai' && !env.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL: required when LLM_PROVIDER=openai');
  if (values.WEB_SEARCH_PROVIDER === 'searxng' && !env.SEARXNG_URL) problems.push('SEARXNG_URL: required when WEB_SEARCH_PROVIDER=searxng');
  if (!env.SMTP_URL && values.NODE_ENV === 'production') warnings.push('SMTP_URL is not set: invitation e-mails are not sent, so invited users cannot join.');
  if (Boolean(env.SSO_SAML_SP_PRIVATE_KEY) !== Boolean(env.SSO_SAML_SP_CERT)) problems.push('SSO_SAML_SP_PRIVATE_KEY and SSO_SAML_SP_CERT must be set together');

  if (values.STORAGE_DRIVER === 's3' && !values.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (values.S3_SSE_KMS_KEY_ID && values.S3_SSE !== 'aws:kms') problems.push('S3_SSE_KMS_KEY_ID: only with S3_SSE=aws:kms');

  const llmWorstCaseMs = values.LLM_TIMEOUT_MS * (values.LLM_MAX_RETRIES + 1);
  if (values.LLM_PROVIDER === 'openai' && llmWorstCaseMs > values.PIPELINE_STAGE_TIMEOUT_MS) {
    warnings.push(
      `LLM_TIMEOUT_MS × (LLM_MAX_RETRIES + 1) = ${llmWorstCaseMs} ms is more than PIPELINE_STAGE_TIMEOUT_MS (${values.PIPELINE_STAGE_TIMEOUT_MS} ms): a model that hangs fails the summary stage (or the extraction of an unknown layout) with EXTRACTION_TIMEOUT instead of LLM_UNAVAILABLE.`,
    );
  }

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return Object.freeze(sections(values, secrets, warnings));
}

/** `loadConfig` for a process's entry point: a configuration error is printed and the process exits 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * JWT_SECRET and APP_ENCRYPTION_KEY: development-only defaults (with a warning) outside production;
 * in production each must be given, must not be the development default, and they must differ.
 */
function productionSecrets(values: EnvValues, problems: string[], warnings: string[]): { jwtSecret: string; encryptionKey: string } {
  const production = values.NODE_ENV === 'production';
  const secret = (name: 'JWT_SECRET' | 'APP_ENCRYPTION_KEY', fallback: string) => {
    const value = values[name];
    if (value && value === fallback && production) {
      problems.push(`${name}: the development-only default is refused when NODE_ENV=production; set a secret of your own`);
    }
    if (value) return value;
    if (production) problems.push(`${name}: required when NODE_ENV=production (at least 32 characters)`);
    else warnings.push(`${name} is not set: using a development-only default. Never run like this in production.`);
    return fallback;
  };
  const jwtSecret = secret('JWT_SECRET', DEV_JWT_SECRET);
  const encryptionKey = secret('APP_ENCRYPTION_KEY', DEV_ENCRYPTION_KEY);
  if (production && values.JWT_SECRET && values.JWT_SECRET === values.APP_ENCRYPTION_KEY) {
    problems.push('APP_ENCRYPTION_KEY: must differ from JWT_SECRET (one leaked secret must not give away both)');
  }
  return { jwtSecret, encryptionKey };
}

const quota = (perUser: number, perTenant: number): QuotaLimits => ({ perUser, perTenant });

/** The configuration, grouped by concern, from the validated variables. */
function sections(env: EnvValues, secrets: { jwtSecret: string; encryptionKey: string }, warnings: string[]) {
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    role: env.ROLE,
    http: { port: env.PORT, host: env.HOST, publicBaseUrl, sandboxPort: env.SANDBOX_PORT ?? null, metricsPort: env.METRICS_PORT ?? null, trustProxy: env.TRUST_PROXY },
    /**
     * `queryTimeoutMs`: how long a statement may go without an answer before its caller is told that
     * PostgreSQL is not answering (a hung server, not a slow query: no request-path statement comes near it).
     * `migrateOnStart`: false for a role without DDL rights, whose migrations a migrator role runs
     * (`npm run migrate`): the service then only checks that none is pending.
     */
    db: { url: env.DATABASE_URL, queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS, migrateOnStart: env.MIGRATE_ON_START },
    redis: { url: env.REDIS_URL, prefix: env.QUEUE_PREFIX, lockDurationMs: env.QUEUE_LOCK_DURATION_MS, stalledIntervalMs: env.QUEUE_STALLED_INTERVAL_MS },
    auth: {
      jwtSecret: secrets.jwtSecret,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshIdleDays: env.REFRESH_TOKEN_IDLE_DAYS,
      refreshAbsoluteDays: env.REFRESH_TOKEN_ABSOLUTE_DAYS,
      /** Argon2id m=64 MiB, t=3, p=4 (DESIGN.md): not configurable. */
      argon2: { memoryCost: 65536, timeCost: 3, parallelism: 4 },
      argon2Concurrency: env.ARGON2_CONCURRENCY,
      loginMaxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      loginMaxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
      loginFailureWindowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
      registrationsPerIpPerHour: env.REGISTRATIONS_PER_IP_PER_HOUR,
      /** Anonymous `GET /auth/sso/login` per client IP in a one-minute window. */
      ssoLoginsPerIpPerMinute: env.SSO_LOGINS_PER_IP_PER_MINUTE,
    },
    /** `previousEncryptionKeys`: keys that still open what they sealed (see docs/security.md); `acceptLegacy`: first-format (`v1.`) values still open (SECRETS_ACCEPT_LEGACY). */
    crypto: { encryptionKey: secrets.encryptionKey, previousEncryptionKeys: env.APP_ENCRYPTION_KEYS_PREVIOUS ?? [], acceptLegacy: env.SECRETS_ACCEPT_LEGACY },
    bootstrapAdmin: env.BOOTSTRAP_ADMIN_EMAIL && env.BOOTSTRAP_ADMIN_PASSWORD ? { email: env.BOOTSTRAP_ADMIN_EMAIL, password: env.BOOTSTRAP_ADMIN_PASSWORD } : null,
    /**
     * `sweepIntervalMs`, `sweepGraceMs`: how often the store is swept for what a dying upload can leave
     * behind (StoreSweeper), and how old such a file must be before it is removed.
     * `retentionPurgeIntervalMs`: how often originals past their tenant's `retention_days` are purged (RetentionPurge).
     * `driver`: where originals, layouts and reports are kept (DocumentStorage); `dir` is the store with
     * `fs`, and with either driver where uploads are received.
     */
    storage: {
      driver: env.STORAGE_DRIVER,
      /** The `s3` driver's store (null with `fs`); credentials come from the AWS SDK's default chain. */
      s3:
        env.STORAGE_DRIVER === 's3' && env.S3_BUCKET
          ? {
              bucket: env.S3_BUCKET,
              prefix: env.S3_PREFIX,
              region: env.S3_REGION,
              endpoint: env.S3_ENDPOINT ?? null,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
              sse: env.S3_SSE === 'none' ? null : env.S3_SSE,
              kmsKeyId: env.S3_SSE_KMS_KEY_ID ?? null,
              partSizeBytes: env.S3_PART_SIZE_BYTES,
              timeoutMs: env.S3_TIMEOUT_MS,
            }
          : null,
      dir: env.STORAGE_DIR,
      maxUploadBytes: env.MAX_UPLOAD_BYTES,
      maxLayoutBytes: env.LAYOUT_MAX_BYTES,
      sweepIntervalMs: env.STORE_SWEEP_INTERVAL_MS,
      sweepGraceMs: env.STORE_SWEEP_GRACE_MS,
      retentionPurgeIntervalMs: env.RETENTION_PURGE_INTERVAL_MS,
    },
    /**
     * Usage limits, the same for every tenant (docs/security.md, "Quotas"): each per user and per tenant.
     * Uploads count per clock hour and chat per UTC day; stored bytes are the sizes of the documents kept.
     */
    quotas: {
      uploadsPerHour: quota(env.QUOTA_UPLOADS_PER_USER_PER_HOUR, env.QUOTA_UPLOADS_PER_TENANT_PER_HOUR),
      storedBytes: quota(env.QUOTA_STORED_BYTES_PER_USER, env.QUOTA_STORED_BYTES_PER_TENANT),
      chatInvocationsPerDay: quota(env.QUOTA_CHAT_INVOCATIONS_PER_USER_PER_DAY, env.QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY),
      chatTokensPerDay: quota(env.QUOTA_CHAT_TOKENS_PER_USER_PER_DAY, env.QUOTA_CHAT_TOKENS_PER_TENANT_PER_DAY),
    },
    /**
     * Batch uploads (docs/pipeline.md, "Batch uploads"): files per batch, the ZIP's compressed and
     * uncompressed limits, the register's clients tried on an encrypted file, and how many of a
     * tenant's batch documents are in the pipeline at once.
     */
    batch: {
      maxFiles: env.BATCH_MAX_FILES,
      zipMaxBytes: env.BATCH_ZIP_MAX_BYTES,
      zipMaxEntryBytes: env.BATCH_ZIP_MAX_ENTRY_BYTES,
      zipMaxTotalBytes: env.BATCH_ZIP_MAX_TOTAL_BYTES,
      passwordClientsMax: env.BATCH_PASSWORD_CLIENTS_MAX,
      admissionPerTenant: env.BATCH_ADMISSION_PER_TENANT,
      relaunchAfterMs: env.BATCH_RELAUNCH_AFTER_MS,
    },
    pipeline: {
      stageTimeoutMs: env.PIPELINE_STAGE_TIMEOUT_MS,
      totalTimeoutMs: env.PIPELINE_TIMEOUT_MS,
      reconcileIntervalMs: env.PIPELINE_RECONCILE_INTERVAL_MS,
      staleAfterMs: env.PIPELINE_STALE_AFTER_MS,
    },
    /**
     * The PDF engine (src/modules/pdf): children reading at once, jobs that may wait (in total and per
     * tenant), the resident memory of one child and the time of one job on it.
     */
    pdfEngine: {
      poolSize: env.PDF_ENGINE_POOL_SIZE,
      queueLimit: env.PDF_ENGINE_QUEUE_LIMIT,
      queuePerTenant: env.PDF_ENGINE_QUEUE_PER_TENANT,
      memoryLimitBytes: env.PDF_ENGINE_MEMORY_LIMIT_MB * 1024 * 1024,
      timeoutMs: env.PDF_ENGINE_TIMEOUT_MS,
    },
    webhooks: {
      allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      /** Multiplies every retry delay (1 in production; tests shrink the long steps). */
      retryDelayScale: env.WEBHOOK_RETRY_DELAY_SCALE,
      dispatchIntervalMs: env.WEBHOOK_DISPATCH_INTERVAL_MS,
      /** A delivery overdue, or claimed without an outcome, for this long has lost its job and is queued again. */
      recoveryAfterMs: env.WEBHOOK_RECOVERY_AFTER_MS,
    },
    llm: {
      provider: env.LLM_PROVIDER,
      openaiBaseUrl: env.OPENAI_BASE_URL ?? null,
      openaiApiKey: env.OPENAI_API_KEY ?? null,
      model: env.LLM_MODEL,
      timeoutMs: env.LLM_TIMEOUT_MS,
      maxRetries: env.LLM_MAX_RETRIES,
      /** Overrides and additions to the default price table (INR per million tokens, src/modules/llm/pricing.ts). */
      priceTable: env.LLM_PRICE_TABLE,
    },
    webSearch: { provider: env.WEB_SEARCH_PROVIDER, searxngUrl: env.SEARXNG_URL ?? null, timeoutMs: env.WEB_SEARCH_TIMEOUT_MS },
    /** Latest NAVs from an AMFI NAVAll.txt file or URL; `navSource` null = off. */
    marketData: { navSource: env.MARKET_DATA_NAV_SOURCE ?? null, refreshMs: env.MARKET_DATA_REFRESH_MS },
    chat: { idleTimeoutMs: env.CHAT_IDLE_TIMEOUT_MS, idleSweepMs: env.CHAT_IDLE_SWEEP_MS },
    /** Outgoing e-mail: SMTP when `smtpUrl` is set, otherwise nothing is sent (development). */
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM },
    /**
     * Users an admin adds are invited (docs/security.md, "E-mail squatting"): `url` is the page the
     * mailed link opens (the token follows in the fragment), `ttlHours` how long a link stays valid,
     * and `perAdminPerHour` / `perTenantPerHour` limit `POST /api/v1/users`.
     */
    invitations: {
      url: env.INVITATION_URL ?? `${publicBaseUrl}/accept-invitation`,
      ttlHours: env.INVITATION_TTL_HOURS,
      perAdminPerHour: env.USER_INVITES_PER_ADMIN_PER_HOUR,
      perTenantPerHour: env.USER_INVITES_PER_TENANT_PER_HOUR,
    },
    /** Single sign-on (SAML 2.0 and OIDC per tenant); see docs/sso.md. */
    sso: {
      /** Where a finished SSO login sends the browser with `?code=` (or `?error=`). */
      redirectUrl: env.SSO_REDIRECT_URL ?? `${publicBaseUrl}/api/v1/auth/sso/complete`,
      /** How long a started login (SAML request id, OIDC state) may be answered. */
      loginTtlSeconds: env.SSO_LOGIN_TTL_SECONDS,
      /** Lifetime of the one-time code handed to the browser (not configurable). */
      codeTtlSeconds: 60,
      clockSkewSeconds: env.SSO_CLOCK_SKEW_SECONDS,
      /** IdP metadata older than this is fetched again at the next login. */
      metadataRefreshSeconds: env.SSO_METADATA_REFRESH_SECONDS,
      /** Optional key pair that signs SAML AuthnRequests (and is published in the SP metadata). */
      samlSigning: env.SSO_SAML_SP_PRIVATE_KEY && env.SSO_SAML_SP_CERT ? { privateKey: env.SSO_SAML_SP_PRIVATE_KEY, certificate: env.SSO_SAML_SP_CERT } : null,
    },
    log: { level: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info') },
    /** Human-readable warnings found while loading (printed once at boot). */
    warnings,
  };
}
