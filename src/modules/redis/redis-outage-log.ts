import type { Logger } from 'pino';

/** Error codes and messages of ioredis and Bull that mean "Redis is not answering", not a faulty command. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const UNREACHABLE_MESSAGES = /Connection is closed|connect ETIMEDOUT|Stream isn't writeable|enableOfflineQueue|MaxRetriesPerRequest|Reached the max retries|ECONNREFUSED|ENOTFOUND/;
const REFUSED_CREDENTIALS = /WRONGPASS|NOAUTH|invalid password|invalid username-password/i;

export const REDIS_OUTAGE_LOG_INTERVAL_MS = 60_000;

/** The address a Redis URL names, without its user or password: `127.0.0.1:6379/0`. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    const db = parsed.pathname.replace(/^\//, '') || '0';
    return `${parsed.hostname || '127.0.0.1'}:${parsed.port || '6379'}/${db}`;
  } catch {
    return 'an unreadable address';
  }
}

function outageKind(error: unknown): 'unreachable' | 'credentials' | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (REFUSED_CREDENTIALS.test(error.message)) return 'credentials';
  if ((typeof code === 'string' && UNREACHABLE_CODES.has(code)) || UNREACHABLE_MESSAGES.test(error.message)) return 'unreachable';
  return null;
}

/**
 * One place for the errors every Redis connection (the shared client, each queue's three) reports while
 * Redis is away. They retry every second or two, each with a stack trace; an operator needs one line
 * naming REDIS_URL, the address tried and what to do, then a reminder at a slow interval, and a line
 * when Redis answers again. Errors that are not about the connection are logged as they come.
 */
export class RedisOutageLog {
  private readonly address: string;
  private lastLoggedAt: number | null = null;
  private repeated = 0;

  constructor(
    private readonly logger: Logger,
    redisUrl: string,
    private readonly intervalMs = REDIS_OUTAGE_LOG_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.address = redisAddress(redisUrl);
  }

  /** `source` names the connection (`redis`, `queue pipeline-classify`, …) for errors that are not an outage. */
  report(error: unknown, source: string): void {
    const kind = outageKind(error);
    if (kind === null) {
      this.logger.warn({ err: error, source }, `${source} error`);
      return;
    }
    const at = this.now();
    if (this.lastLoggedAt !== null && at - this.lastLoggedAt < this.intervalMs) {
      this.repeated += 1;
      return;
    }
    const reason = error instanceof Error ? error.message : String(error);
    const fix =
      kind === 'credentials'
        ? 'Redis refused the credentials: correct the user and password in REDIS_URL'
        : 'Start Redis (README, "A fresh machine") or point REDIS_URL at a running one, in the environment or in .env';
    const since = this.repeated > 0 ? `; ${this.repeated} more connection errors since the last line` : '';
    this.logger.warn(
      { redis: this.address, reason, repeated: this.repeated },
      `Redis is not answering at ${this.address} (REDIS_URL): ${reason}. ${fix}. Queues wait and /health reports redis down until it answers; this line repeats at most once a minute${since}`,
    );
    this.lastLoggedAt = at;
    this.repeated = 0;
  }

  /** A connection is ready: after an outage was logged, says so once. */
  recovered(): void {
    if (this.lastLoggedAt === null) return;
    this.logger.info({ redis: this.address }, `Redis answering again at ${this.address}`);
    this.lastLoggedAt = null;
    this.repeated = 0;
  }
}
