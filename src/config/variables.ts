import { keyList, navSourceLocation, s3Prefix, parsePriceTable, pemCertificate, pemPrivateKey, trustProxySetting } from './parsers.js';
import { bool, decimal, httpUrl, int, oneOf, parsed, str, url, type ValueOf } from './variable.js';

const GIB = 1024 ** 3;
const priceTable = (value: string) => {
  const { entries, problems } = parsePriceTable(value);
  return problems.length > 0 ? { problems } : { value: entries };
};

/**
 * Every environment variable Foliodesk reads, declared once: its kind and validation, default, section
 * and description. The boot-time validation (env.dto.ts), the typed values AppConfig is built from,
 * README.md's configuration table and .env.example (`npm run config:docs`) all come from here.
 * Rules between variables (a pair set together, production secrets) live in loadConfig.
 */
export const VARIABLES = {
  NODE_ENV: oneOf(['development', 'production', 'test'], {
    group: 'Service',
    default: 'development',
    description: '`development`, `production` (requires real `JWT_SECRET` and `APP_ENCRYPTION_KEY`), `test` (used by the test suite)',
  }),
  ROLE: oneOf(['all', 'api', 'worker'], {
    group: 'Service',
    default: 'all',
    description: '`all` (HTTP API and queue workers in one process), `api` (HTTP only), `worker` (queue workers only)',
  }),
  PORT: int({ group: 'Service', default: 3000, min: 0, max: 65535, description: 'HTTP port' }),
  HOST: str({ group: 'Service', default: '0.0.0.0', description: 'address the HTTP server listens on' }),
  PUBLIC_BASE_URL: httpUrl({ group: 'Service', defaultText: '`http://localhost:<PORT>`', description: 'the service as clients reach it: used in SSO callback and export URLs' }),
  SANDBOX_PORT: int({ group: 'Service', min: 0, max: 65535, description: 'port of the webhook-test sandbox listener; unset: no sandbox listener' }),
  METRICS_PORT: int({
    group: 'Service',
    min: 1,
    max: 65535,
    description: 'port on which a `ROLE=worker` process, which serves no HTTP API, serves `GET /metrics` (its pipeline, report, webhook and model metrics; docs/operations.md); unset: the worker serves none',
  }),
  TRUST_PROXY: parsed(trustProxySetting, {
    group: 'Service',
    default: false,
    description:
      'who may name the client in `X-Forwarded-For`: the number of proxies in front (e.g. `1` behind one load balancer), or their addresses/CIDRs (`10.0.0.0/8,loopback`); `true` is refused, since it would trust the address the client writes (docs/security.md, "Client address")',
  }),

  DATABASE_URL: url(['postgres:', 'postgresql:'], 'must be a postgres: or postgresql: URL', {
    group: 'Database and queues',
    default: 'postgres://postgres@127.0.0.1:5432/foliodesk',
    description: 'created on start if missing',
  }),
  MIGRATE_ON_START: bool({
    group: 'Database and queues',
    default: true,
    description:
      'create the database and apply migrations at start; `false` when the service runs as a role without DDL rights and a migrator role runs `npm run migrate` (docker-compose does this; docs/security.md, "Database roles"): the service then only checks that none is pending',
  }),
  DATABASE_QUERY_TIMEOUT_MS: int({
    group: 'Database and queues',
    default: 30_000,
    min: 500,
    description:
      'a statement unanswered this long means PostgreSQL is hung: requests answer 503, stages retry later, the connection is dropped; PostgreSQL itself cancels statements a little earlier (at least 500)',
  }),
  REDIS_URL: url(['redis:', 'rediss:'], 'must be a redis: or rediss: URL', { group: 'Database and queues', default: 'redis://127.0.0.1:6379/0', description: 'queues and rate-limit counters' }),
  QUEUE_PREFIX: str({ group: 'Database and queues', default: 'foliodesk', maxLength: 32, description: 'prefix of queue and rate-limit keys, so instances can share a Redis (at most 32 characters)' }),
  QUEUE_LOCK_DURATION_MS: int({ group: 'Database and queues', default: 30_000, min: 500, description: 'how long a worker holds a job without renewing its lock: after it, a dead worker\'s job is handed to another (at least 500)' }),
  QUEUE_STALLED_INTERVAL_MS: int({ group: 'Database and queues', default: 30_000, min: 200, description: 'how often jobs whose lock has expired are looked for (at least 200)' }),

  JWT_SECRET: str({ group: 'Secrets and sessions', minLength: 32, defaultText: 'development default (warns)', description: '≥ 32 characters; signs access tokens; required when `NODE_ENV=production`' }),
  APP_ENCRYPTION_KEY: str({
    group: 'Secrets and sessions',
    minLength: 32,
    defaultText: 'development default (warns)',
    description: '≥ 32 characters; encrypts secrets at rest (a key per purpose is derived from it); required when `NODE_ENV=production`, and different from `JWT_SECRET`',
  }),
  APP_ENCRYPTION_KEYS_PREVIOUS: parsed(keyList, {
    group: 'Secrets and sessions',
    description:
      'comma-separated keys (each ≥ 32 characters) that sealed secrets before the current `APP_ENCRYPTION_KEY`: they still open until `npm run keys:rotate` has re-sealed everything under the current key (docs/security.md, "Secrets at rest")',
  }),
  SECRETS_ACCEPT_LEGACY: bool({
    group: 'Secrets and sessions',
    default: true,
    description:
      'whether secrets sealed in the first format (`v1.`, before row binding) still open; set `false` once `npm run keys:rotate` reports none left, so a first-format value from an old backup opens nowhere (docs/security.md, "Secrets at rest")',
  }),
  ACCESS_TOKEN_TTL_SECONDS: int({ group: 'Secrets and sessions', default: 3600, min: 60, description: 'access-token lifetime (at least 60)' }),
  REFRESH_TOKEN_IDLE_DAYS: int({ group: 'Secrets and sessions', default: 30, min: 1, description: 'sliding session lifetime: a refresh token unused this long expires' }),
  REFRESH_TOKEN_ABSOLUTE_DAYS: int({ group: 'Secrets and sessions', default: 90, min: 1, description: 'absolute session lifetime' }),
  BOOTSTRAP_ADMIN_EMAIL: str({
    group: 'Secrets and sessions',
    description:
      'with `BOOTSTRAP_ADMIN_PASSWORD` (both or neither): tenant `Default` and this admin (the operator, who alone may use `/admin/queues`) are created on start when absent; an existing account with that e-mail that the bootstrap did not create is left alone and logged as an error',
  }),
  BOOTSTRAP_ADMIN_PASSWORD: str({ group: 'Secrets and sessions', description: 'the bootstrap admin\'s password (see `BOOTSTRAP_ADMIN_EMAIL`)' }),

  ARGON2_CONCURRENCY: int({ group: 'Rate limits and quotas', default: 2, min: 1, max: 64, description: 'Argon2id runs at once per process (see docs/benchmarks.md)' }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int({ group: 'Rate limits and quotas', default: 5, min: 1, description: 'failed logins per account per window before 429' }),
  LOGIN_MAX_FAILURES_PER_IP: int({ group: 'Rate limits and quotas', default: 50, min: 1, description: 'failed logins per client IP per window before 429' }),
  LOGIN_FAILURE_WINDOW_SECONDS: int({ group: 'Rate limits and quotas', default: 900, min: 1, description: 'the window of the two limits above' }),
  REGISTRATIONS_PER_IP_PER_HOUR: int({ group: 'Rate limits and quotas', default: 50, min: 1, description: 'registrations per client IP per hour before 429' }),
  SSO_LOGINS_PER_IP_PER_MINUTE: int({ group: 'Rate limits and quotas', default: 60, min: 1, description: 'anonymous `GET /api/v1/auth/sso/login` per client IP per minute before 429 `RATE_LIMITED`' }),
  USER_INVITES_PER_ADMIN_PER_HOUR: int({ group: 'Rate limits and quotas', default: 20, min: 1, description: '`POST /api/v1/users` (invitations) per admin per hour before 429 `RATE_LIMITED`' }),
  USER_INVITES_PER_TENANT_PER_HOUR: int({ group: 'Rate limits and quotas', default: 50, min: 1, description: '`POST /api/v1/users` (invitations) per tenant per hour before 429 `RATE_LIMITED`' }),
  QUOTA_UPLOADS_PER_USER_PER_HOUR: int({
    group: 'Rate limits and quotas',
    default: 200,
    min: 1,
    description: 'uploads (nexus and chat) a user stores per UTC hour before 429 `QUOTA_EXCEEDED`; see [docs/security.md](docs/security.md#quotas-no-single-user-can-use-up-the-service)',
  }),
  QUOTA_UPLOADS_PER_TENANT_PER_HOUR: int({ group: 'Rate limits and quotas', default: 2000, min: 1, description: 'the same for the whole tenant' }),
  QUOTA_STORED_BYTES_PER_USER: int({ group: 'Rate limits and quotas', default: 10 * GIB, defaultText: '`10737418240` (10 GiB)', min: 1, description: 'bytes of the documents a user keeps (originals and stored layouts)' }),
  QUOTA_STORED_BYTES_PER_TENANT: int({ group: 'Rate limits and quotas', default: 100 * GIB, defaultText: '`107374182400` (100 GiB)', min: 1, description: 'bytes of the documents a tenant keeps (originals and stored layouts)' }),
  QUOTA_CHAT_INVOCATIONS_PER_USER_PER_DAY: int({ group: 'Rate limits and quotas', default: 1000, min: 1, description: 'chat questions per user per UTC day' }),
  QUOTA_CHAT_INVOCATIONS_PER_TENANT_PER_DAY: int({ group: 'Rate limits and quotas', default: 10_000, min: 1, description: 'chat questions per tenant per UTC day' }),
  QUOTA_CHAT_TOKENS_PER_USER_PER_DAY: int({ group: 'Rate limits and quotas', default: 5_000_000, min: 1, description: 'language-model tokens (input + output) spent by chat per user per UTC day' }),
  QUOTA_CHAT_TOKENS_PER_TENANT_PER_DAY: int({ group: 'Rate limits and quotas', default: 50_000_000, min: 1, description: 'the same per tenant' }),

  INVITATION_TTL_HOURS: int({ group: 'Invitations and mail', default: 72, min: 1, max: 720, description: 'how long an invitation link stays valid (1–720)' }),
  INVITATION_URL: httpUrl({
    group: 'Invitations and mail',
    defaultText: '`<PUBLIC_BASE_URL>/accept-invitation`',
    description:
      'the page the invitation link opens, normally your front end: the token follows in the fragment (`#token=…`, never sent to a server by the browser) and the page posts it to `POST /api/v1/invitations/accept`',
  }),
  SMTP_URL: url(['smtp:', 'smtps:'], 'must be an smtp: or smtps: URL', {
    group: 'Invitations and mail',
    description:
      '`smtp://` or `smtps://` URL of the server that sends invitations, e.g. `smtps://user:password@smtp.example.in:465` (`smtp://` upgrades with STARTTLS when offered); unset: in development and tests nothing is sent and only "mail dropped" is logged, never the address or the link; in production an invitation answers 503 `MAIL_UNAVAILABLE` (and a warning at boot)',
  }),
  MAIL_FROM: str({ group: 'Invitations and mail', default: 'Foliodesk <no-reply@localhost>', maxLength: 320, description: 'sender of the mail' }),

  SSO_REDIRECT_URL: httpUrl({
    group: 'Single sign-on',
    defaultText: '`<PUBLIC_BASE_URL>/api/v1/auth/sso/complete`',
    description: 'where a finished SSO sign-in sends the browser with `?code=<one-time code>` (or `?error=<code>`); normally your front end',
  }),
  SSO_LOGIN_TTL_SECONDS: int({ group: 'Single sign-on', default: 600, min: 60, max: 3600, description: 'how long a started SSO sign-in may be answered (60–3600)' }),
  SSO_CLOCK_SKEW_SECONDS: int({ group: 'Single sign-on', default: 60, min: 0, max: 600, description: 'clock skew tolerated with IdPs (0–600)' }),
  SSO_METADATA_REFRESH_SECONDS: int({ group: 'Single sign-on', default: 86_400, min: 60, description: 'IdP metadata older than this is fetched again at the next sign-in (certificate rollover)' }),
  SSO_SAML_SP_PRIVATE_KEY: parsed(pemPrivateKey, {
    group: 'Single sign-on',
    description: 'PEM private key (`\\n` may stand for line breaks), with `SSO_SAML_SP_CERT` (both or neither): SAML AuthnRequests are signed',
  }),
  SSO_SAML_SP_CERT: parsed(pemCertificate, { group: 'Single sign-on', description: 'PEM X.509 certificate of that key, published in the SP metadata' }),

  STORAGE_DRIVER: oneOf(['fs', 's3'], {
    group: 'Document store',
    default: 'fs',
    description:
      'where originals, layouts and reports are kept: `fs` (files under `STORAGE_DIR`: one host, or a disk every process shares) or `s3` (an S3-compatible object store: AWS S3, Ceph RGW, SeaweedFS, Cloudflare R2; API and workers need no shared disk) ([docs/deployment.md](docs/deployment.md))',
  }),
  STORAGE_DIR: str({
    group: 'Document store',
    default: './var/storage',
    description:
      '`fs`: the document store itself; `s3`: only uploads being received and other scratch files of this process (need not be shared, may be empty at start)',
  }),
  S3_BUCKET: str({ group: 'Document store', description: '`s3`: the bucket (required with `STORAGE_DRIVER=s3`; it must exist)' }),
  S3_PREFIX: parsed(s3Prefix, {
    group: 'Document store',
    default: '',
    description: '`s3`: the key prefix of every object (e.g. `foliodesk/prod`, no leading or trailing `/`), so instances can share a bucket; keys below it are `<tenant id>/<document id>.pdf`, `….layout.zip` and `<tenant id>/reports/<report id>.<ext>`',
  }),
  S3_REGION: str({ group: 'Document store', default: 'us-east-1', description: '`s3`: the region (most S3-compatible stores accept any)' }),
  S3_ENDPOINT: httpUrl({ group: 'Document store', description: '`s3`: the endpoint of an S3-compatible store (`https://s3.example.internal:8333`); unset: AWS S3 of `S3_REGION`' }),
  S3_FORCE_PATH_STYLE: bool({ group: 'Document store', default: false, description: '`s3`: path-style requests (`<endpoint>/<bucket>/<key>`) instead of virtual-hosted ones; most self-hosted stores need `true`' }),
  S3_SSE: oneOf(['none', 'AES256', 'aws:kms'], {
    group: 'Document store',
    default: 'none',
    description: '`s3`: server-side encryption asked for on every object written: `AES256` (SSE-S3), `aws:kms` (SSE-KMS, with `S3_SSE_KMS_KEY_ID` or the account\'s default key) or `none` (the bucket\'s default applies)',
  }),
  S3_SSE_KMS_KEY_ID: str({ group: 'Document store', description: '`s3`: the KMS key (id, ARN or alias) with `S3_SSE=aws:kms`' }),
  S3_PART_SIZE_BYTES: int({
    group: 'Document store',
    default: 8_388_608,
    defaultText: '`8388608` (8 MiB)',
    min: 5_242_880,
    max: 5_368_709_120,
    description: '`s3`: objects larger than this are uploaded in parts of this size (multipart upload; at least 5 MiB, as S3 requires)',
  }),
  S3_TIMEOUT_MS: int({
    group: 'Document store',
    default: 30_000,
    min: 1000,
    description: '`s3`: a connection not made, or a request silent, for this long fails (the SDK retries it up to 3 times); uploads then answer 503 `STORAGE_UNAVAILABLE`',
  }),
  STORE_SWEEP_INTERVAL_MS: int({
    group: 'Document store',
    default: 3_600_000,
    min: 1000,
    description: 'how often worker processes sweep the document store (either driver) for originals, layouts and reports without a row, and `STORAGE_DIR` for stale partial uploads',
  }),
  STORE_SWEEP_GRACE_MS: int({ group: 'Document store', default: 3_600_000, min: 600_000, description: 'how old such an object or file must be before it is removed (at least 10 min)' }),
  MAX_UPLOAD_BYTES: int({ group: 'Documents and pipeline', default: 26_214_400, defaultText: '`26214400` (25 MiB)', min: 1, description: 'larger uploads answer 413' }),
  LAYOUT_MAX_BYTES: int({
    group: 'Documents and pipeline',
    default: 67_108_864,
    defaultText: '`67108864` (64 MiB)',
    min: 1,
    description: 'largest stored layout (the LAYOUT fetch\'s zip, counted in the stored-bytes quotas); a larger one answers 422 `LAYOUT_TOO_LARGE` and is not stored',
  }),
  RETENTION_PURGE_INTERVAL_MS: int({
    group: 'Documents and pipeline',
    default: 3_600_000,
    min: 1000,
    description: "how often worker processes purge originals older than their tenant's `retention_days` (the original, its stored layout and the stage outputs; the extraction is kept)",
  }),
  BATCH_MAX_FILES: int({ group: 'Documents and pipeline', default: 200, min: 1, max: 1000, description: 'files one batch upload (`POST /api/v1/nexus/upload/batch`) may carry, as multipart parts or ZIP entries; more answer 413 `BATCH_TOO_MANY_FILES` / `ZIP_TOO_MANY_ENTRIES`' }),
  BATCH_ZIP_MAX_BYTES: int({ group: 'Documents and pipeline', default: 104_857_600, defaultText: '`104857600` (100 MiB)', min: 1, description: 'largest ZIP a batch upload may send (compressed); larger answers 413 `PAYLOAD_TOO_LARGE`' }),
  BATCH_ZIP_MAX_ENTRY_BYTES: int({ group: 'Documents and pipeline', default: 26_214_400, defaultText: '`26214400` (25 MiB)', min: 1, description: 'largest uncompressed ZIP entry; inflating stops at the first byte past it and the batch answers 413 `ZIP_ENTRY_TOO_LARGE` (an entry that fits but is over `MAX_UPLOAD_BYTES` is refused on its own, 413 `PAYLOAD_TOO_LARGE`)' }),
  BATCH_ZIP_MAX_TOTAL_BYTES: int({ group: 'Documents and pipeline', default: 524_288_000, defaultText: '`524288000` (500 MiB)', min: 1, description: 'uncompressed bytes of all a ZIP\'s entries together; inflating stops at the first byte past it and the batch answers 413 `ZIP_TOO_LARGE`' }),
  BATCH_PASSWORD_CLIENTS_MAX: int({ group: 'Documents and pipeline', default: 100, min: 1, max: 10_000, description: 'clients of the register whose passwords are tried on an encrypted batch file that names no client (the newest first); a file no candidate opens is `password_required`' }),
  BATCH_ADMISSION_PER_TENANT: int({ group: 'Documents and pipeline', default: 8, min: 1, description: "batch documents of one tenant in the pipeline at once; the rest wait in PostgreSQL and are admitted as those finish (docs/pipeline.md, \"Batch uploads\")" }),
  BATCH_RELAUNCH_AFTER_MS: int({ group: 'Documents and pipeline', default: 120_000, min: 1000, description: 'an admitted batch document that has not started for this long (its process died while opening it) is opened and started again by the workers\' sweep' }),
  PIPELINE_STAGE_TIMEOUT_MS: int({ group: 'Documents and pipeline', default: 60_000, min: 100, description: 'time limit of one pipeline stage (EXTRACTION_TIMEOUT)' }),
  PIPELINE_TIMEOUT_MS: int({ group: 'Documents and pipeline', default: 300_000, min: 100, description: 'time limit of a whole pipeline run (EXTRACTION_TIMEOUT)' }),
  PIPELINE_RECONCILE_INTERVAL_MS: int({ group: 'Documents and pipeline', default: 5000, min: 100, description: 'how often lost pipeline jobs are looked for and re-enqueued' }),
  PIPELINE_STALE_AFTER_MS: int({ group: 'Documents and pipeline', default: 15_000, min: 100, description: 'how long a pipeline job may go without progress before it counts as lost' }),
  PDF_ENGINE_POOL_SIZE: int({ group: 'Documents and pipeline', default: 2, min: 2, max: 64, description: 'PDF reader child processes working at once, per process; at least 2, so that one tenant never holds them all (docs/reliability.md, "The PDF engine")' }),
  PDF_ENGINE_QUEUE_LIMIT: int({ group: 'Documents and pipeline', default: 64, min: 1, description: 'PDF jobs that may wait in total; past it, 503 `PDF_ENGINE_BUSY`' }),
  PDF_ENGINE_QUEUE_PER_TENANT: int({ group: 'Documents and pipeline', default: 16, min: 1, description: 'PDF jobs of one tenant that may wait; past it, 503 `PDF_ENGINE_BUSY`' }),
  PDF_ENGINE_MEMORY_LIMIT_MB: int({ group: 'Documents and pipeline', default: 256, min: 128, description: 'resident memory of one reader child, in MiB; past it the child is killed' }),
  PDF_ENGINE_TIMEOUT_MS: int({ group: 'Documents and pipeline', default: 60_000, min: 100, description: 'processor time of one job on a reader child; past it the child is killed and the file is unreadable (wall-clock time is a backstop at 3×, not charged to the file)' }),

  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool({ group: 'Webhooks', default: false, description: 'allow loopback/private webhook and SSO metadata URLs (local dev, tests)' }),
  WEBHOOK_RETRY_DELAY_SCALE: decimal({ group: 'Webhooks', default: 1, min: 0.00001, max: 1, description: 'multiplies every retry delay (1 in production; tests shrink the long steps)' }),
  WEBHOOK_DISPATCH_INTERVAL_MS: int({ group: 'Webhooks', default: 250, min: 20, description: 'how often due deliveries are looked for' }),
  WEBHOOK_RECOVERY_AFTER_MS: int({ group: 'Webhooks', default: 30_000, min: 500, description: 'a delivery overdue, or claimed without an outcome, for this long has lost its job and is queued again' }),

  LLM_PROVIDER: oneOf(['local', 'openai'], {
    group: 'Language model, web search, market data and chat',
    default: 'local',
    description: '`local` (deterministic, no network) or `openai` (`OPENAI_BASE_URL`, `OPENAI_API_KEY`, `LLM_MODEL`)',
  }),
  OPENAI_BASE_URL: url(['http:', 'https:'], 'must be an http: or https: URL', {
    group: 'Language model, web search, market data and chat',
    description:
      'any OpenAI-compatible chat-completions endpoint (required with `LLM_PROVIDER=openai`). PANs (however written), Aadhaar and bank account numbers, dates of birth, PIN codes, investors\' names, e-mails, phone numbers, folio numbers and demat account ids are masked before a prompt leaves the service (docs/security.md)',
  }),
  OPENAI_API_KEY: str({ group: 'Language model, web search, market data and chat', description: 'the endpoint\'s key; no key = no `Authorization` header' }),
  LLM_MODEL: str({ group: 'Language model, web search, market data and chat', default: 'gpt-4o-mini', description: 'model asked for by the `openai` provider' }),
  LLM_TIMEOUT_MS: int({
    group: 'Language model, web search, market data and chat',
    default: 30_000,
    min: 100,
    description: 'per attempt (keep timeout × (retries + 1) within `PIPELINE_STAGE_TIMEOUT_MS`; a warning at boot says when not)',
  }),
  LLM_MAX_RETRIES: int({
    group: 'Language model, web search, market data and chat',
    default: 1,
    min: 0,
    max: 10,
    description:
      'transient failures (connection, timeout, 408/409/429/5xx) are retried, then the stage fails with `LLM_UNAVAILABLE` (`retryable: true`); other 4xx fail with `LLM_REQUEST_REJECTED`',
  }),
  LLM_PRICE_TABLE: parsed(priceTable, {
    group: 'Language model, web search, market data and chat',
    default: {},
    defaultText: 'built-in (`src/modules/llm/pricing.ts`)',
    description:
      'JSON, INR per million tokens, merged over the defaults: `{"gpt-4o-mini":{"input":12.75,"output":51}}`; a dated snapshot (`gpt-4o-mini-2024-07-18`) takes its model\'s price; unknown models cost 0 (logged)',
  }),
  WEB_SEARCH_PROVIDER: oneOf(['none', 'searxng'], { group: 'Language model, web search, market data and chat', default: 'none', description: '`searxng` with `SEARXNG_URL`' }),
  SEARXNG_URL: url(['http:', 'https:'], 'must be an http: or https: URL', {
    group: 'Language model, web search, market data and chat',
    description: 'a self-hosted SearxNG (JSON API); required with `WEB_SEARCH_PROVIDER=searxng`',
  }),
  WEB_SEARCH_TIMEOUT_MS: int({ group: 'Language model, web search, market data and chat', default: 5000, min: 100, description: 'SearxNG request time limit' }),
  MARKET_DATA_NAV_SOURCE: parsed(navSourceLocation, {
    group: 'Language model, web search, market data and chat',
    defaultText: 'unset (off)',
    description:
      'path or https URL (http only to a loopback address) of an AMFI `NAVAll.txt` (e.g. `https://www.amfiindia.com/spages/NAVAll.txt`); enrichment then adds `latest_nav`, `latest_nav_date`, `latest_market_value` to holdings whose ISIN it prices, and capital gains take scheme categories (tax class) and newer NAVs (unrealised gains) from it (docs/gains.md). A file that cannot be read or parsed is logged and holdings go without',
  }),
  MARKET_DATA_REFRESH_MS: int({
    group: 'Language model, web search, market data and chat',
    default: 21_600_000,
    defaultText: '`21600000` (6 h)',
    min: 1000,
    description: 'how long the parsed NAV file is used before it is read again',
  }),
  CHAT_IDLE_TIMEOUT_MS: int({ group: 'Language model, web search, market data and chat', default: 1_800_000, min: 1000, description: 'chat sessions idle this long are closed (chat.session.closed)' }),
  CHAT_IDLE_SWEEP_MS: int({ group: 'Language model, web search, market data and chat', default: 60_000, min: 100, description: 'how often idle chat sessions are looked for' }),

  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    group: 'Logging',
    defaultText: '`info` (`silent` when `NODE_ENV=test`)',
    description: 'structured JSON logs (pino) with the request id; secrets and tokens are redacted',
  }),
};

export type VariableName = keyof typeof VARIABLES;
/** The validated value of every variable, its default applied. */
export type EnvValues = { readonly [N in VariableName]: ValueOf<(typeof VARIABLES)[N]> };
