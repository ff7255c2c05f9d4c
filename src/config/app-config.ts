import { createPrivateKey, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { parsePriceTable, type PriceTableEntries } from '../modules/llm/pricing.js';
import { isAllowedNavUrl } from '../modules/nexus/market-data/nav-source.js';
import { EnvDto } from './env.dto.js';

export type ProcessRole = 'all' | 'api' | 'worker';
/** One usage limit, for each user and for the tenant as a whole. */
export interface QuotaLimits {
  perUser: number;
  perTenant: number;
}
export type NavSourceLocation = { kind: 'url'; url: string } | { kind: 'file'; path: string };
/** Express's `trust proxy`: none, a number of proxies in front, or the proxies' addresses/CIDRs (see trustProxySetting). */
export type TrustProxy = false | number | string[];

const GIB = 1024 ** 3;
const DEV_JWT_SECRET = 'foliodesk-development-only-jwt-secret-change-me';
const DEV_ENCRYPTION_KEY = 'foliodesk-development-only-encryption-key-change-me';

/**
 * The one validated configuration, read from the environment once at boot and grouped by concern.
 * Nothing else in the code reads process.env.
 */
export class AppConfig {
  readonly nodeEnv!: 'development' | 'production' | 'test';
  readonly role!: ProcessRole;
  readonly http!: { port: number; host: string; publicBaseUrl: string; sandboxPort: number | null; trustProxy: TrustProxy };
  /**
   * `queryTimeoutMs`: how long a statement may go without an answer before its caller is told that
   * PostgreSQL is not answering (a hung server, not a slow query: no request-path statement comes near it).
   * `migrateOnStart` (MIGRATE_ON_START, default true): create the database and apply migrations at start;
   * false for a role without DDL rights, whose migrations a migrator role runs (`npm run migrate`): the
   * service then only checks that none is pending.
   */
  readonly db!: { url: string; queryTimeoutMs: number; migrateOnStart: boolean };
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
    /** Anonymous `GET /auth/sso/login` per client IP in a one-minute window. */
    ssoLoginsPerIpPerMinute: number;
  };
  /** `previousEncryptionKeys`: APP_ENCRYPTION_KEYS_PREVIOUS, keys that still open what they sealed (see docs/security.md). */
  readonly crypto!: { encryptionKey: string; previousEncryptionKeys: string[] };
  readonly bootstrapAdmin!: { email: string; password: string } | null;
  /**
   * `sweepIntervalMs`, `sweepGraceMs`: how often the store is swept for what a dying upload can leave
   * behind (StoreSweeper), and how old such a file must be before it is removed.
   */
  readonly storage!: { dir: string; maxUploadBytes: number; maxLayoutBytes: number; sweepIntervalMs: number; sweepGraceMs: number };
  /**
   * Usage limits, the same for every tenant (docs/security.md, "Quotas"): each per user and per tenant.
   * Uploads count per clock hour and chat per UTC day; stored bytes are the sizes of the documents kept.
   */
  readonly quotas!: {
    uploadsPerHour: QuotaLimits;
    storedBytes: QuotaLimits;
    chatInvocationsPerDay: QuotaLimits;
    chatTokensPerDay: QuotaLimits;
  };
  readonly pipeline!: { stageTimeoutMs: number; totalTimeoutMs: number; reconcileIntervalMs: number; staleAfterMs: number };
  /**
   * The PDF engine (src/modules/pdf): children reading at once, jobs that may wait (in total and per
   * tenant), the resident memory of one child and the time of one job on it.
   */
  readonly pdfEngine!: { poolSize: number; queueLimit: number; queuePerTenant: number; memoryLimitBytes: number; timeoutMs: number };
  readonly webhooks!: {
    allowPrivateTargets: boolean;
    /** Multiplies every retry delay (1 in production; tests shrink the long steps). */
    retryDelayScale: number;
    dispatchIntervalMs: number;
    /** A delivery overdue, or claimed without an outcome, for this long has lost its job and is queued again. */
    recoveryAfterMs: number;
  };
  readonly llm!: {
    provider: 'local' | 'openai';
    openaiBaseUrl: string | null;
    openaiApiKey: string | null;
    model: string;
    timeoutMs: number;
    maxRetries: number;
    /** Overrides and additions to the default price table (INR per million tokens). */
    priceTable: PriceTableEntries;
  };
  readonly webSearch!: { provider: 'none' | 'searxng'; searxngUrl: string | null; timeoutMs: number };
  /** Latest NAVs from an AMFI NAVAll.txt file or URL; `navSource` null = off. */
  readonly marketData!: { navSource: NavSourceLocation | null; refreshMs: number };
  readonly chat!: { idleTimeoutMs: number; idleSweepMs: number };
  /** Outgoing e-mail: SMTP when `smtpUrl` is set, otherwise nothing is sent (development). */
  readonly mail!: { smtpUrl: string | null; from: string };
  /**
   * Users an admin adds are invited (docs/security.md, "E-mail squatting"): `url` is the page the
   * mailed link opens (the token follows in the fragment), `ttlHours` how long a link stays valid,
   * and `perAdminPerHour` / `perTenantPerHour` limit `POST /api/v1/users`.
   */
  readonly invitations!: { url: string; ttlHours: number; perAdminPerHour: number; perTenantPerHour: number };
  /** Single sign-on (SAML 2.0 and OIDC per tenant); see docs/sso.md. */
  readonly sso!: {
    /** Where a finished SSO login sends the browser with `?code=` (or `?error=`). */
    redirectUrl: string;
    /** How long a started login (SAML request id, OIDC state) may be answered. */
    loginTtlSeconds: number;
    /** Lifetime of the one-time code handed to the browser. */
    codeTtlSeconds: number;
    clockSkewSeconds: number;
    /** IdP metadata older than this is fetched again at the next login. */
    metadataRefreshSeconds: number;
    /** Optional key pair that signs SAML AuthnRequests (and is published in the SP metadata). */
    samlSigning: { privateKey: string; certificate: string } | null;
  };
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
    if (value && value === fallback && nodeEnv === 'production') {
      problems.push(`${name}: the development-only default is refused when NODE_ENV=production; set a secret of your own`);
    }
    if (value) return value;
    if (nodeEnv === 'production') problems.push(`${name}: required when NODE_ENV=production (at least 32 characters)`);
    else warnings.push(`${name} is not set: using a development-only default. Never run like this in production.`);
    return fallback;
  };
  const jwtSecret = secret('JWT_SECRET', DEV_JWT_SECRET);
  const encryptionKey = secret('APP_ENCRYPTION_KEY', DEV_ENCRYPTION_KEY);
  if (nodeEnv === 'production' && dto.JWT_SECRET && dto.JWT_SECRET === dto.APP_ENCRYPTION_KEY) {
    problems.push('APP_ENCRYPTION_KEY: must differ from JWT_SECRET (one leaked secret must not give away both)');
  }
  const previousEncryptionKeys = (dto.APP_ENCRYPTION_KEYS_PREVIOUS ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  if (previousEncryptionKeys.some((k) => k.length < 32)) problems.push('APP_ENCRYPTION_KEYS_PREVIOUS: each key must be at least 32 characters');
  if (previousEncryptionKeys.includes(encryptionKey)) problems.push('APP_ENCRYPTION_KEYS_PREVIOUS: must not list APP_ENCRYPTION_KEY itself');

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
  if (dto.OPENAI_BASE_URL && !isUrlWithProtocol(dto.OPENAI_BASE_URL, ['http:', 'https:'])) problems.push('OPENAI_BASE_URL: must be an http: or https: URL');
  const priceTable = dto.LLM_PRICE_TABLE ? parsePriceTable(dto.LLM_PRICE_TABLE) : { entries: {}, problems: [] };
  problems.push(...priceTable.problems.map((p) => `LLM_PRICE_TABLE: ${p}`));
  const navSource = dto.MARKET_DATA_NAV_SOURCE ? navSourceLocation(dto.MARKET_DATA_NAV_SOURCE) : null;
  if (navSource === 'invalid') problems.push('MARKET_DATA_NAV_SOURCE: must be a file path or an https: URL (http: only to a loopback address)');
  if (dto.WEB_SEARCH_PROVIDER === 'searxng' && !dto.SEARXNG_URL) problems.push('SEARXNG_URL: required when WEB_SEARCH_PROVIDER=searxng');
  if (dto.SEARXNG_URL && !isUrlWithProtocol(dto.SEARXNG_URL, ['http:', 'https:'])) problems.push('SEARXNG_URL: must be an http: or https: URL');
  if (dto.SMTP_URL && !isUrlWithProtocol(dto.SMTP_URL, ['smtp:', 'smtps:'])) problems.push('SMTP_URL: must be an smtp: or smtps: URL');
  if (!dto.SMTP_URL && nodeEnv === 'production') warnings.push('SMTP_URL is not set: invitation e-mails are not sent, so invited users cannot join.');

  const trustProxy = trustProxySetting(dto.TRUST_PROXY, problems);

  const spKey = dto.SSO_SAML_SP_PRIVATE_KEY ? pemFromEnv(dto.SSO_SAML_SP_PRIVATE_KEY) : undefined;
  const spCert = dto.SSO_SAML_SP_CERT ? pemFromEnv(dto.SSO_SAML_SP_CERT) : undefined;
  if (Boolean(spKey) !== Boolean(spCert)) problems.push('SSO_SAML_SP_PRIVATE_KEY and SSO_SAML_SP_CERT must be set together');
  if (spKey && !isPem(() => createPrivateKey(spKey))) problems.push('SSO_SAML_SP_PRIVATE_KEY: must be a PEM private key');
  if (spCert && !isPem(() => new X509Certificate(spCert))) problems.push('SSO_SAML_SP_CERT: must be a PEM X.509 certificate');

  const llmWorstCaseMs = (dto.LLM_TIMEOUT_MS ?? 30_000) * ((dto.LLM_MAX_RETRIES ?? 1) + 1);
  const stageTimeoutMs = dto.PIPELINE_STAGE_TIMEOUT_MS ?? 60_000;
  if (dto.LLM_PROVIDER === 'openai' && llmWorstCaseMs > stageTimeoutMs) {
    warnings.push(
      `LLM_TIMEOUT_MS × (LLM_MAX_RETRIES + 1) = ${llmWorstCaseMs} ms is more than PIPELINE_STAGE_TIMEOUT_MS (${stageTimeoutMs} ms): a model that hangs fails the summary stage (or the extraction of an unknown layout) with EXTRACTION_TIMEOUT instead of LLM_UNAVAILABLE.`,
    );
  }

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  const port = dto.PORT ?? 3000;
  const publicBaseUrl = (dto.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const config: AppConfig = {
    nodeEnv,
    role: (dto.ROLE ?? 'all') as ProcessRole,
    http: {
      port,
      host: dto.HOST ?? '0.0.0.0',
      publicBaseUrl,
      sandboxPort: dto.SANDBOX_PORT ?? null,
      trustProxy,
    },
    db: { url: dto.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk', queryTimeoutMs: dto.DATABASE_QUERY_TIMEOUT_MS ?? 30_000, migrateOnStart: dto.MIGRATE_ON_START ?? true },
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
      ssoLoginsPerIpPerMinute: dto.SSO_LOGINS_PER_IP_PER_MINUTE ?? 60,
    },
    crypto: { encryptionKey, previousEncryptionKeys },
    bootstrapAdmin: bootstrapEmail && bootstrapPassword ? { email: bootstrapEmail, password: bootstrapPassword } : null,
    storage: {
      dir: dto.STORAGE_DIR ?? './var/storage',
      maxUploadBytes: dto.MAX_UPLOAD_BYTES ?? 26214400,
      maxLayoutBytes: dto.LAYOUT_MAX_BYTES ?? 67_108_864,
      sweepIntervalMs: dto.STORE_SWEEP_INTERVAL_MS ?? 3_600_000,
      sweepGraceMs: dto.STORE_SWEEP_GRACE_MS ?? 3_600_000,
    },
    quotas: {
      uploadsPerHour: { perUser: dto.QUOTA_UPLOADS_PER_USER_PER_HOUR ?? 200, perTenant: dto.QUOTA_UPLOADS_PER_TENANT_PER_HOUR ?? 2000 },
      storedBytes: { perUser: dto.QUOTA_STORED_BYTES_PER_USER ?? 10 * GIB, perTenant: dto.QUOTA_STORED_BYTES_PER_TENANT ?? 100 * GIB },
      chatInvocationsPerDay: { perUser: dto.QUOTA_CHAT_INVOCATIONS_PER_USER_PER_DAY ?? 1000, perTenant: dto.QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY ?? 10_000 },
      chatTokensPerDay: { perUser: dto.QUOTA_CHAT_TOKENS_PER_USER_PER_DAY ?? 5_000_000, perTenant: dto.QUOTA_CHAT_TOKENS_PER_TENANT_PER_DAY ?? 50_000_000 },
    },
    pipeline: {
      stageTimeoutMs,
      totalTimeoutMs: dto.PIPELINE_TIMEOUT_MS ?? 300_000,
      reconcileIntervalMs: dto.PIPELINE_RECONCILE_INTERVAL_MS ?? 5_000,
      staleAfterMs: dto.PIPELINE_STALE_AFTER_MS ?? 15_000,
    },
    pdfEngine: {
      poolSize: dto.PDF_ENGINE_POOL_SIZE ?? 2,
      queueLimit: dto.PDF_ENGINE_QUEUE_LIMIT ?? 64,
      queuePerTenant: dto.PDF_ENGINE_QUEUE_PER_TENANT ?? 16,
      memoryLimitBytes: (dto.PDF_ENGINE_MEMORY_LIMIT_MB ?? 256) * 1024 * 1024,
      timeoutMs: dto.PDF_ENGINE_TIMEOUT_MS ?? 60_000,
    },
    webhooks: {
      allowPrivateTargets: dto.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
      retryDelayScale: dto.WEBHOOK_RETRY_DELAY_SCALE ?? 1,
      dispatchIntervalMs: dto.WEBHOOK_DISPATCH_INTERVAL_MS ?? 250,
      recoveryAfterMs: dto.WEBHOOK_RECOVERY_AFTER_MS ?? 30_000,
    },
    llm: {
      provider: (dto.LLM_PROVIDER ?? 'local') as 'local' | 'openai',
      openaiBaseUrl: dto.OPENAI_BASE_URL ?? null,
      openaiApiKey: dto.OPENAI_API_KEY ?? null,
      model: dto.LLM_MODEL ?? 'gpt-4o-mini',
      timeoutMs: dto.LLM_TIMEOUT_MS ?? 30_000,
      maxRetries: dto.LLM_MAX_RETRIES ?? 1,
      priceTable: priceTable.entries,
    },
    webSearch: {
      provider: (dto.WEB_SEARCH_PROVIDER ?? 'none') as 'none' | 'searxng',
      searxngUrl: dto.SEARXNG_URL ?? null,
      timeoutMs: dto.WEB_SEARCH_TIMEOUT_MS ?? 5_000,
    },
    marketData: { navSource: navSource === 'invalid' ? null : navSource, refreshMs: dto.MARKET_DATA_REFRESH_MS ?? 21_600_000 },
    chat: { idleTimeoutMs: dto.CHAT_IDLE_TIMEOUT_MS ?? 30 * 60_000, idleSweepMs: dto.CHAT_IDLE_SWEEP_MS ?? 60_000 },
    mail: { smtpUrl: dto.SMTP_URL ?? null, from: dto.MAIL_FROM ?? 'Foliodesk <no-reply@localhost>' },
    invitations: {
      url: dto.INVITATION_URL ?? `${publicBaseUrl}/accept-invitation`,
      ttlHours: dto.INVITATION_TTL_HOURS ?? 72,
      perAdminPerHour: dto.USER_INVITES_PER_ADMIN_PER_HOUR ?? 20,
      perTenantPerHour: dto.USER_INVITES_PER_TENANT_PER_HOUR ?? 50,
    },
    sso: {
      redirectUrl: dto.SSO_REDIRECT_URL ?? `${publicBaseUrl}/api/v1/auth/sso/complete`,
      loginTtlSeconds: dto.SSO_LOGIN_TTL_SECONDS ?? 600,
      codeTtlSeconds: 60,
      clockSkewSeconds: dto.SSO_CLOCK_SKEW_SECONDS ?? 60,
      metadataRefreshSeconds: dto.SSO_METADATA_REFRESH_SECONDS ?? 86_400,
      samlSigning: spKey && spCert ? { privateKey: spKey, certificate: spCert } : null,
    },
    log: { level: dto.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info') },
    warnings,
  };
  return Object.freeze(config);
}

/**
 * An https URL (http only to a loopback address: see isAllowedNavUrl), or else a file path (a Windows
 * drive letter is a path, any other scheme is refused).
 */
function navSourceLocation(value: string): NavSourceLocation | 'invalid' {
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(value)?.[1].toLowerCase();
  if (!scheme) return { kind: 'file', path: value };
  if ((scheme === 'http' || scheme === 'https') && isUrlWithProtocol(value, ['http:', 'https:']) && isAllowedNavUrl(new URL(value))) return { kind: 'url', url: value };
  return 'invalid';
}

/** Names Express's `trust proxy` knows for address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: which hops in front of the service may say who the client is (X-Forwarded-For).
 * `false` (default) or `0`: none; the client is the connection's address. A number n: the n proxies in
 * front of the service; the client is the n-th address from the right of X-Forwarded-For (each proxy
 * appends the address it was reached from). A comma-separated list of the proxies' addresses, CIDRs
 * or the names loopback, linklocal, uniquelocal: the client is the right-most address not in the list.
 * `true` is refused: Express would take the left-most address, which the client itself writes, so a
 * client could choose the address that rate limits count and the audit log records.
 */
function trustProxySetting(value: string | undefined, problems: string[]): TrustProxy {
  const text = (value ?? 'false').trim().toLowerCase();
  if (text === 'false') return false;
  if (text === 'true') {
    problems.push(
      'TRUST_PROXY: true is refused: it takes the client address from the left-most X-Forwarded-For entry, which the client writes. ' +
        'Give the number of proxies in front of the service (e.g. 1) or their addresses or CIDRs (e.g. 10.0.0.0/8,loopback)',
    );
    return false;
  }
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrCidr(entry));
  if (bad.length > 0) {
    problems.push(`TRUST_PROXY: must be false, a number of proxies, or addresses, CIDRs or ${PROXY_RANGE_NAMES.join(', ')}; not ${bad.map((b) => `"${b}"`).join(', ')}`);
    return false;
  }
  return entries;
}

function isAddressOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** PEM text from one environment variable: literal `\\n` sequences stand for line breaks. */
function pemFromEnv(value: string): string {
  return value.replace(/\\n/g, '\n').trim();
}

function isPem(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
