var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app.exception.js';
import { AppConfig } from '../../config/app-config.js';
import { QuotaCountersRepository } from './quota-counters.repository.js';
import { quotaWindow } from './quota-window.js';
/** The quotas counted per window, and what each counts. */
export const WINDOWED_QUOTAS = {
    uploads_per_hour: { quantity: 'uploads', period: 'hour', limits: (c) => c.quotas.uploadsPerHour },
    chat_invocations_per_day: { quantity: 'chat_invocations', period: 'day', limits: (c) => c.quotas.chatInvocationsPerDay },
    chat_tokens_per_day: { quantity: 'chat_tokens', period: 'day', limits: (c) => c.quotas.chatTokensPerDay },
};
/**
 * Stored bytes are not freed by waiting, only by removing documents; a refusal still says when to
 * look again, as every 429 does.
 */
const STORED_BYTES_RETRY_AFTER_SECONDS = 3600;
/** First key of the advisory locks that serialise a tenant's stored-bytes checks (the second is the tenant's hash). */
export const STORED_BYTES_LOCK_CLASS = 740_611_202;
/**
 * The usage limits of docs/security.md ("Quotas"), the same for every tenant: every limit binds each
 * user and, summed over its users, the tenant. A request that would go over one is refused with 429
 * QUOTA_EXCEEDED and `Retry-After`, before it does the work the quota bounds.
 */
let QuotasService = class QuotasService {
    constructor(config, counters) {
        this.config = config;
        this.counters = counters;
    }
    /**
     * Counts an upload of `sizeBytes` in the caller's and the tenant's hour, or refuses it. It is also
     * refused when the document would not fit under the stored-bytes quotas with what is `stored` now
     * (checked again, under the tenant's lock, when the document is recorded: see `holdStorage`).
     */
    async admitUpload(user, sizeBytes, stored) {
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
    async holdStorage(manager, tenantId, sizeBytes, stored) {
        await manager.query('SELECT pg_advisory_xact_lock($1::int4, hashtext($2))', [STORED_BYTES_LOCK_CLASS, tenantId]);
        this.assertStorageFits(await stored(manager), sizeBytes);
    }
    /**
     * Counts a chat invocation in the caller's and the tenant's day, or refuses it; refused too once
     * the day's tokens have reached their limit. An invocation's tokens are known only once it is
     * answered, so the last one admitted may take the day's tokens past the limit by its own size.
     */
    async admitChat(user) {
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
    assertStorageFits(used, sizeBytes) {
        const { perUser, perTenant } = this.config.quotas.storedBytes;
        if (used.user + sizeBytes > perUser)
            this.refuse('stored_bytes', 'user', used.user, perUser, null);
        if (used.tenant + sizeBytes > perTenant)
            this.refuse('stored_bytes', 'tenant', used.tenant, perTenant, null);
    }
    /** Counts every quota's checks at once, or none; throws the refusal of the first check that does not fit. */
    async reserve(...quotas) {
        const refusal = await this.counters.reserve(quotas.flatMap((q) => q.checks));
        if (!refusal)
            return;
        const { name } = quotas.find((q) => q.checks.includes(refusal.refused));
        const { counter, limit } = refusal.refused;
        this.refuse(name, counter.scope === 'u' ? 'user' : 'tenant', refusal.used, limit, counter.window);
    }
    /** The user's and the tenant's counter of a windowed quota: each must still have room for one, and counts `add`. */
    checks(name, user, window, add) {
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
    refuse(name, scope, used, limit, window) {
        const who = scope === 'user' ? 'your own' : "your tenant's";
        const when = window ? `it starts again at ${window.resetsAt.toISOString()}` : 'space is freed only when documents, exports or reports are removed';
        const retryAfter = String(window ? window.secondsLeft : STORED_BYTES_RETRY_AFTER_SECONDS);
        throw new AppException('QUOTA_EXCEEDED', `Quota ${name} (${scope}) used up: ${used} of ${who} ${limit}; ${when}`, {
            message: `The ${name.replace(/_/g, ' ')} quota of ${scope === 'user' ? 'this user' : 'this tenant'} is used up`,
            headers: { 'Retry-After': retryAfter },
        });
    }
};
QuotasService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [AppConfig,
        QuotaCountersRepository])
], QuotasService);
export { QuotasService };
const counterRefs = ({ checks }) => checks.map((c) => c.counter);
/** `op` at most once, however often it is called (an admission is given back once). */
function once(op) {
    let done = false;
    return async () => {
        if (done)
            return;
        done = true;
        await op();
    };
}
//# sourceMappingURL=quotas.service.js.map