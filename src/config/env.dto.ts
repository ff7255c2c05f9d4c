import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, MaxLength, Min, MinLength } from 'class-validator';

/** true/false/1/0 (any case) become booleans; anything else stays a string, which @IsBoolean reports. */
const toBool = ({ value }: { value: unknown }) => {
  if (value === undefined || value === '' || typeof value === 'boolean') return value === '' ? undefined : value;
  const text = String(value).trim().toLowerCase();
  return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : value;
};

/** Every environment variable Foliodesk reads, validated once at boot. */
export class EnvDto {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV?: string;
  @IsOptional() @IsIn(['all', 'api', 'worker']) ROLE?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(65535) PORT?: number;
  @IsOptional() @IsString() HOST?: string;
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) PUBLIC_BASE_URL?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(65535) SANDBOX_PORT?: number;

  @IsOptional() @IsString() DATABASE_URL?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(500) DATABASE_QUERY_TIMEOUT_MS?: number;
  @IsOptional() @IsBoolean() @Transform(toBool) MIGRATE_ON_START?: boolean;
  @IsOptional() @IsString() REDIS_URL?: string;
  @IsOptional() @IsString() @MaxLength(32) QUEUE_PREFIX?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(500) QUEUE_LOCK_DURATION_MS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(200) QUEUE_STALLED_INTERVAL_MS?: number;

  @IsOptional() @IsString() @MinLength(32) JWT_SECRET?: string;
  @IsOptional() @IsString() @MinLength(32) APP_ENCRYPTION_KEY?: string;
  /** Comma-separated keys that sealed secrets before APP_ENCRYPTION_KEY: they still open until `npm run keys:rotate`. */
  @IsOptional() @IsString() APP_ENCRYPTION_KEYS_PREVIOUS?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(60) ACCESS_TOKEN_TTL_SECONDS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) REFRESH_TOKEN_IDLE_DAYS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) REFRESH_TOKEN_ABSOLUTE_DAYS?: number;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(64) ARGON2_CONCURRENCY?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) LOGIN_MAX_FAILURES_PER_ACCOUNT?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) LOGIN_MAX_FAILURES_PER_IP?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) LOGIN_FAILURE_WINDOW_SECONDS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) REGISTRATIONS_PER_IP_PER_HOUR?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) SSO_LOGINS_PER_IP_PER_MINUTE?: number;
  /** `false` (default), a number of proxies in front, or a list of proxy addresses/CIDRs; `true` is refused (see AppConfig). */
  @IsOptional() @IsString() TRUST_PROXY?: string;

  @IsOptional() @IsString() BOOTSTRAP_ADMIN_EMAIL?: string;
  @IsOptional() @IsString() BOOTSTRAP_ADMIN_PASSWORD?: string;

  @IsOptional() @IsString() STORAGE_DIR?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1000) STORE_SWEEP_INTERVAL_MS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(600_000) STORE_SWEEP_GRACE_MS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) MAX_UPLOAD_BYTES?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) LAYOUT_MAX_BYTES?: number;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) QUOTA_UPLOADS_PER_USER_PER_HOUR?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) QUOTA_UPLOADS_PER_TENANT_PER_HOUR?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) QUOTA_STORED_BYTES_PER_USER?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) QUOTA_STORED_BYTES_PER_TENANT?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) QUOTA_CHAT_INVOCATIONS_PER_USER_PER_DAY?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) QUOTA_CHAT_TOKENS_PER_USER_PER_DAY?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) QUOTA_CHAT_TOKENS_PER_TENANT_PER_DAY?: number;

  @IsOptional() @Type(() => Number) @IsInt() @Min(100) PIPELINE_STAGE_TIMEOUT_MS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(100) PIPELINE_TIMEOUT_MS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(100) PIPELINE_RECONCILE_INTERVAL_MS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(100) PIPELINE_STALE_AFTER_MS?: number;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(64) PDF_ENGINE_POOL_SIZE?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) PDF_ENGINE_QUEUE_LIMIT?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) PDF_ENGINE_QUEUE_PER_TENANT?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(128) PDF_ENGINE_MEMORY_LIMIT_MB?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(100) PDF_ENGINE_TIMEOUT_MS?: number;

  @IsOptional() @IsBoolean() @Transform(toBool) WEBHOOK_ALLOW_PRIVATE_TARGETS?: boolean;
  @IsOptional() @Type(() => Number) @Min(0.00001) @Max(1) WEBHOOK_RETRY_DELAY_SCALE?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(20) WEBHOOK_DISPATCH_INTERVAL_MS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(500) WEBHOOK_RECOVERY_AFTER_MS?: number;

  @IsOptional() @IsIn(['local', 'openai']) LLM_PROVIDER?: string;
  @IsOptional() @IsString() OPENAI_BASE_URL?: string;
  @IsOptional() @IsString() OPENAI_API_KEY?: string;
  @IsOptional() @IsString() LLM_MODEL?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(100) LLM_TIMEOUT_MS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(10) LLM_MAX_RETRIES?: number;
  @IsOptional() @IsString() LLM_PRICE_TABLE?: string;
  @IsOptional() @IsIn(['none', 'searxng']) WEB_SEARCH_PROVIDER?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1000) CHAT_IDLE_TIMEOUT_MS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(100) CHAT_IDLE_SWEEP_MS?: number;
  @IsOptional() @IsString() SEARXNG_URL?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(100) WEB_SEARCH_TIMEOUT_MS?: number;

  @IsOptional() @IsString() MARKET_DATA_NAV_SOURCE?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1000) MARKET_DATA_REFRESH_MS?: number;

  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) SSO_REDIRECT_URL?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(60) @Max(3600) SSO_LOGIN_TTL_SECONDS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(600) SSO_CLOCK_SKEW_SECONDS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(60) SSO_METADATA_REFRESH_SECONDS?: number;
  @IsOptional() @IsString() SSO_SAML_SP_PRIVATE_KEY?: string;
  @IsOptional() @IsString() SSO_SAML_SP_CERT?: string;

  @IsOptional() @IsString() SMTP_URL?: string;
  @IsOptional() @IsString() @MaxLength(320) MAIL_FROM?: string;
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) INVITATION_URL?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(720) INVITATION_TTL_HOURS?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) USER_INVITES_PER_ADMIN_PER_HOUR?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) USER_INVITES_PER_TENANT_PER_HOUR?: number;

  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL?: string;
}
