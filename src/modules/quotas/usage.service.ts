import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { notFound } from '../../common/errors/app.exception.js';
import { paginated } from '../../common/http/pagination.js';
import { AppConfig } from '../../config/app-config.js';
import type { UserEntity } from '../users/entities/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import type { QuotaFigureDto, StoredBytesByKindDto, TenantUsageDto, UsageFiguresDto, UsageQueryDto } from './dto/usage.dto.js';
import { QuotaCountersRepository, type CounterRef } from './quota-counters.repository.js';
import { quotaWindow, type QuotaPeriod, type QuotaWindow } from './quota-window.js';
import { WINDOWED_QUOTAS, type WindowedQuotaName } from './quotas.service.js';

const WINDOWED = Object.keys(WINDOWED_QUOTAS) as WindowedQuotaName[];

const figure = (used: number, limit: number, window: QuotaWindow | null): QuotaFigureDto => ({
  used,
  limit,
  remaining: Math.max(0, limit - used),
  resets_at: window ? window.resetsAt.toISOString() : null,
});

/** The tenant's stored bytes and those of the given users (absent: none), as the module that keeps the documents sums them. */
export type StoredBytesOf = (tenantId: string, userIds: string[]) => Promise<{ tenant: StoredBytesByKindDto; byUser: Map<string, StoredBytesByKindDto> }>;

const NOTHING: StoredBytesByKindDto = { originals: 0, layouts: 0, exports: 0, reports: 0 };
const sum = (k: StoredBytesByKindDto) => k.originals + k.layouts + k.exports + k.reports;

/**
 * An admin's view of the tenant's usage against its quotas: the tenant's totals and each user's,
 * read from the same counters and documents that the quotas are enforced on (the documents' bytes
 * through `storedBytes`, nexus's figures, which the route passes in).
 */
@Injectable()
export class UsageService {
  constructor(
    private readonly config: AppConfig,
    private readonly counters: QuotaCountersRepository,
    private readonly users: UsersRepository,
  ) {}

  async usage(admin: Principal, query: UsageQueryDto, storedBytes: StoredBytesOf): Promise<TenantUsageDto> {
    const now = Date.now();
    const windows: Record<QuotaPeriod, QuotaWindow> = { hour: quotaWindow('hour', now), day: quotaWindow('day', now) };
    const [users, total] = await this.usersOf(admin, query);
    const ids = users.map((u) => u.id);

    const refs = (scope: 't' | 'u', id: string): CounterRef[] =>
      WINDOWED.map((name) => ({ quantity: WINDOWED_QUOTAS[name].quantity, window: windows[WINDOWED_QUOTAS[name].period], scope, id }));
    const [counts, bytes] = await Promise.all([
      this.counters.read([...refs('t', admin.tenantId), ...ids.flatMap((id) => refs('u', id))]),
      storedBytes(admin.tenantId, ids),
    ]);

    const figures = (scope: 'perUser' | 'perTenant', offset: number, kinds: StoredBytesByKindDto): UsageFiguresDto => {
      const windowed = Object.fromEntries(
        WINDOWED.map((name, i) => [name, figure(counts[offset + i], WINDOWED_QUOTAS[name].limits(this.config)[scope], windows[WINDOWED_QUOTAS[name].period])]),
      ) as Record<WindowedQuotaName, QuotaFigureDto>;
      return { ...windowed, stored_bytes: { ...figure(sum(kinds), this.config.quotas.storedBytes[scope], null), by_kind: { ...kinds } } };
    };
    return {
      tenant_id: admin.tenantId,
      generated_at: new Date(now).toISOString(),
      tenant: figures('perTenant', 0, bytes.tenant),
      users: paginated(
        users.map((u, i) => ({
          user_id: u.id,
          email: u.email,
          full_name: u.fullName,
          role: u.role,
          ...figures('perUser', (i + 1) * WINDOWED.length, bytes.byUser.get(u.id) ?? NOTHING),
        })),
        total,
        query,
      ),
    };
  }

  /** The users the report covers: one (`me` or an id of the tenant, else 404), or a page of all. */
  private async usersOf(admin: Principal, query: UsageQueryDto): Promise<[UserEntity[], number]> {
    if (!query.user_id) return this.users.listInTenant(admin.tenantId, query);
    const user = await this.users.findInTenant(admin.tenantId, query.user_id === 'me' ? admin.userId : query.user_id);
    if (!user) throw notFound('User');
    return [[user], 1];
  }
}
