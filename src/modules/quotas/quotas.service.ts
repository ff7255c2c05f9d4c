import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { AppException } from '../../common/errors/app.exception.js';
import { AppConfig, type QuotaLimits } from '../../config/app-config.js';
import { QuotaCountersRepository, type CounterCheck, type CounterRef, type CountedQuantity } from './quota-counters.repository.js';
import { quotaWindow, type QuotaPeriod, type QuotaWindow } from './quota-window.js';

/** The quotas, by the names the usage report and the refusals use. */
export type QuotaName = 'uploads_per_hour' | 'stored_bytes' | 'chat_invocations_per_day' | 'chat_tokens_per_day';

/** The quotas counted per window, and what each counts. */
export const WINDOWED_QUOTAS = {
  uploads_per_hour: { quantity: 'uploads', period: 'hour', limits: (c: AppConfig) => c.quotas.uploadsPerHour },
  chat_invocations_per_day: { quantity: 'chat_invocations', period: 'day', limits: (c: AppConfig) => c.quotas.chatInvocationsPerDay },
  chat_tokens_per_day: { quantity: 'chat_tokens', period: 'day', limits: (c: AppConfig) => c.quotas.chatTokensPerDay },
} as const satisfies Record<string, { quantity: CountedQuantity; period: QuotaPeriod; limits: (c: AppConfig) => QuotaLimits }>;
export type WindowedQuotaName = keyof typeof WINDOWED_QUOTAS;

/**
 * Stored bytes are not freed by waiting, only by removing documents; a refusal still says when to
 * look again, as every 429 does.
 */
const STORED_BYTES_RETRY_AFTER_SECONDS = 3600;

/** First key of the advisory locks that serialise a tenant's stored-bytes checks (the second is the tenant's hash). */
export const STORED_BYTES_LOCK_CLASS = 740_611_202;

/** The bytes a tenant and one of its users keep: summed by nexus from its documents, which it passes in. */
export interface StoredBytes {
  tenant: number;
  user: number;
}

/** An upload counted against the hour's quotas; given back when the upload ends without a document. */
export interface UploadAdmission {
  release(): Promise<void>;
}

/** A chat invocation counted against the day's quotas. */
export interface ChatAdmission {
  /** The tokens its answer spent on the model (input and output), counted against the day's token quotas. */
  spent(tokens: number): Promise<void>;
  /** No answer was produced (the model failed): the invocation is given back. */
  release(): Promise<void>;
}

/**
 * The usage limits of docs/security.md ("Quotas"), the same for every tenant: every limit binds each
 * user and, summed over its users, the tenant. A request that would go over one is refused with 429
 * QUOTA_EXCEEDED and `Retry-After`, before it does the work the quota bounds.
 */
@Injectable()
export class QuotasService {
  constructor(
    private readonly config: AppConfig,
    private readonly counters: QuotaCountersRepository,
  ) {}

  /**
   * Counts an upload of `sizeBytes` in the caller's and the tenant's hour, or refuses it. It is also
   * refused when the document would not fit under the stored-bytes quotas with what is `stored` now
   * (checked again, under the tenant's lock, when the document is recorded: see `holdStorage`).
   */
  async admitUpload(user: Principal, sizeBytes: number, stored: StoredBytes): Promise<UploadAdmission> {
    this.assertStorageFits(stored, sizeBytes);
    const uploads = this.checks('uploads_per_hour', user, quotaWindow('hour'), 1);
    await this.reserve(uploads);
    return { release: once(() => this.counters.add(counterRefs(uploads), -1)) };
  }

  /**
   * Inside the transaction that records a document, before its INSERT: takes the tenant's
   * stored-bytes lock (held until the transaction ends), then reads what is `stored` in that
   * transaction and refuses a document that does not fit. Uploads of one tenant are recorded one
   * after another, so parallel uploads cannot overshoot.
   */
  async holdStorage(manager: EntityManager, tenantId: string, sizeBytes: number, stored: (manager: EntityManager) => Promise<StoredBytes>): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1::int4, hashtext($2))', [STORED_BYTES_LOCK_CLASS, tenantId]);
    this.assertStorageFits(await stored(manager), sizeBytes);
  }

  /**
   * Counts a chat invocation in the caller's and the tenant's day, or refuses it; refused too once
   * the day's tokens have reached their limit. An invocation's tokens are known only once it is
   * answered, so the last one admitted may take the day's tokens past the limit by its own size.
   */
  async admitChat(user: Principal): Promise<ChatAdmission> {
    const day = quotaWindow('day');
    const invocations = this.checks('chat_invocations_per_day', user, day, 1);
    const tokens = this.checks('chat_tokens_per_day', user, day, 0);
    await this.reserve(invocations, tokens);
    return {
      spent: (count) => this.counters.add(counterRefs(tokens), Math.max(0, Math.round(count))),
      release: once(() => this.counters.add(counterRefs(invocations), -1)),
    };
  }

  /** Refuses (429 QUOTA_EXCEEDED) `sizeBytes` more when the user's or the tenant's stored bytes would pass their limit. */
  assertStorageFits(used: StoredBytes, sizeBytes: number): void {
    const { perUser, perTenant } = this.config.quotas.storedBytes;
    if (used.user + sizeBytes > perUser) this.refuse('stored_bytes', 'user', used.user, perUser, null);
    if (used.tenant + sizeBytes > perTenant) this.refuse('stored_bytes', 'tenant', used.tenant, perTenant, null);
  }

  /** Counts every quota's checks at once, or none; throws the refusal of the first check that does not fit. */
  private async reserve(...quotas: QuotaChecks[]): Promise<void> {
    const refusal = await this.counters.reserve(quotas.flatMap((q) => q.checks));
    if (!refusal) return;
    const { name } = quotas.find((q) => q.checks.includes(refusal.refused))!;
    const { counter, limit } = refusal.refused;
    this.refuse(name, counter.scope === 'u' ? 'user' : 'tenant', refusal.used, limit, counter.window);
  }

  /** The user's and the tenant's counter of a windowed quota: each must still have room for one, and counts `add`. */
  private checks(name: WindowedQuotaName, user: Principal, window: QuotaWindow, add: number): QuotaChecks {
    const { quantity, limits } = WINDOWED_QUOTAS[name];
    const { perUser, perTenant } = limits(this.config);
    return {
      name,
      checks: [
        { counter: { quantity, window, scope: 'u', id: user.userId }, limit: perUser, need: 1, add },
        { counter: { quantity, window, scope: 't', id: user.tenantId }, limit: perTenant, need: 1, add },
      ],
    };
  }

  private refuse(name: QuotaName, scope: 'user' | 'tenant', used: number, limit: number, window: QuotaWindow | null): never {
    const who = scope === 'user' ? 'your own' : "your tenant's";
    const when = window ? `it starts again at ${window.resetsAt.toISOString()}` : 'space is freed only when documents, exports or reports are removed';
    const retryAfter = String(window ? window.secondsLeft : STORED_BYTES_RETRY_AFTER_SECONDS);
    throw new AppException('QUOTA_EXCEEDED', `Quota ${name} (${scope}) used up: ${used} of ${who} ${limit}; ${when}`, {
      message: `The ${name.replace(/_/g, ' ')} quota of ${scope === 'user' ? 'this user' : 'this tenant'} is used up`,
      headers: { 'Retry-After': retryAfter },
    });
  }
}

interface QuotaChecks {
  name: WindowedQuotaName;
  checks: CounterCheck[];
}

const counterRefs = ({ checks }: QuotaChecks): CounterRef[] => checks.map((c) => c.counter);

/** `op` at most once, however often it is called (an admission is given back once). */
function once(op: () => Promise<void>): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await op();
  };
}
