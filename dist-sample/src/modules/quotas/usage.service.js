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
import { notFound } from '../../common/errors/app.exception.js';
import { paginated } from '../../common/http/pagination.js';
import { AppConfig } from '../../config/app-config.js';
import { UsersRepository } from '../users/users.repository.js';
import { QuotaCountersRepository } from './quota-counters.repository.js';
import { quotaWindow } from './quota-window.js';
import { WINDOWED_QUOTAS } from './quotas.service.js';
const WINDOWED = Object.keys(WINDOWED_QUOTAS);
const figure = (used, limit, window) => ({
    used,
    limit,
    remaining: Math.max(0, limit - used),
    resets_at: window ? window.resetsAt.toISOString() : null,
});
const NOTHING = { originals: 0, layouts: 0, exports: 0, reports: 0 };
const sum = (k) => k.originals + k.layouts + k.exports + k.reports;
/**
 * An admin's view of the tenant's usage against its quotas: the tenant's totals and each user's,
 * read from the same counters and documents that the quotas are enforced on (the documents' bytes
 * through `storedBytes`, nexus's figures, which the route passes in).
 */
let UsageService = class UsageService {
    constructor(config, counters, users) {
        this.config = config;
        this.counters = counters;
        this.users = users;
    }
    async usage(admin, query, storedBytes) {
        const now = Date.now();
        const windows = { hour: quotaWindow('hour', now), day: quotaWindow('day', now) };
        const [users, total] = await this.usersOf(admin, query);
        const ids = users.map((u) => u.id);
        const refs = (scope, id) => WINDOWED.map((name) => ({ quantity: WINDOWED_QUOTAS[name].quantity, window: windows[WINDOWED_QUOTAS[name].period], scope, id }));
        const [counts, bytes] = await Promise.all([
            this.counters.read([...refs('t', admin.tenantId), ...ids.flatMap((id) => refs('u', id))]),
            storedBytes(admin.tenantId, ids),
        ]);
        const figures = (scope, offset, kinds) => {
            const windowed = Object.fromEntries(WINDOWED.map((name, i) => [name, figure(counts[offset + i], WINDOWED_QUOTAS[name].limits(this.config)[scope], windows[WINDOWED_QUOTAS[name].period])]));
            return { ...windowed, stored_bytes: { ...figure(sum(kinds), this.config.quotas.storedBytes[scope], null), by_kind: { ...kinds } } };
        };
        return {
            tenant_id: admin.tenantId,
            generated_at: new Date(now).toISOString(),
            tenant: figures('perTenant', 0, bytes.tenant),
            users: paginated(users.map((u, i) => ({
                user_id: u.id,
                email: u.email,
                full_name: u.fullName,
                role: u.role,
                ...figures('perUser', (i + 1) * WINDOWED.length, bytes.byUser.get(u.id) ?? NOTHING),
            })), total, query),
        };
    }
    /** The users the report covers: one (`me` or an id of the tenant, else 404), or a page of all. */
    async usersOf(admin, query) {
        if (!query.user_id)
            return this.users.listInTenant(admin.tenantId, query);
        const user = await this.users.findInTenant(admin.tenantId, query.user_id === 'me' ? admin.userId : query.user_id);
        if (!user)
            throw notFound('User');
        return [[user], 1];
    }
};
UsageService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [AppConfig,
        QuotaCountersRepository,
        UsersRepository])
], UsageService);
export { UsageService };
//# sourceMappingURL=usage.service.js.map