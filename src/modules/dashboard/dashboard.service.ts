import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { offsetOf, paginated, type PageQueryDto, type Paginated } from '../../common/http/pagination.js';
import { DashboardRepository } from './dashboard.repository.js';
import type { ActivityEventDto, DashboardSummaryDto, Period } from './dto/dashboard.dto.js';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Period, number | null> = { all_time: null, '7d': 7, '30d': 30, '90d': 90 };

@Injectable()
export class DashboardService {
  constructor(private readonly repo: DashboardRepository) {}

  async summary(user: Principal, period: Period, now = new Date()): Promise<DashboardSummaryDto> {
    const days = PERIOD_DAYS[period];
    const since = days === null ? null : new Date(now.getTime() - days * DAY_MS);
    const row = await this.repo.summary(user.tenantId, user.userId, since);
    const finished = row.completed_runs + row.failed_runs;
    return {
      documents_processed: row.documents_processed,
      extractions: row.completed_runs,
      success_rate: finished ? Math.round((row.completed_runs * 10_000) / finished) / 100 : 0,
      conversations: row.conversations,
      token_usage: { total_tokens: Number(row.total_tokens), total_cost_inr: Math.round(Number(row.total_cost_inr) * 100) / 100 },
      period,
    };
  }

  async activity(user: Principal, page: PageQueryDto): Promise<Paginated<ActivityEventDto>> {
    const { rows, total } = await this.repo.activity(user.tenantId, user.userId, page.limit, offsetOf(page));
    return paginated(
      rows.map((r) => ({ id: r.id, type: r.type, title: r.title, resource_type: r.resource_type, resource_id: r.resource_id, created_at: new Date(r.created_at).toISOString() })),
      total,
      page,
    );
  }
}
