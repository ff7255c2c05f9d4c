import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { offsetOf, paginated, type PageQueryDto, type Paginated } from '../../common/http/pagination.js';
import type { ActivityEventRow, ActivityEvents } from '../../database/activity-events.js';
import { ResultsService } from '../nexus/index.js';
import { ChatFigures } from '../zen/index.js';
import type { ActivityEventDto, DashboardSummaryDto, Period } from './dto/dashboard.dto.js';
import { sumInr, sumTokens } from './exact-sums.js';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Period, number | null> = { all_time: null, '7d': 7, '30d': 30, '90d': 90 };

/** Newest first, as `ORDER BY created_at DESC, id DESC` orders them (a null time first; uuids compare as their text). */
const newestFirst = (a: ActivityEventRow, b: ActivityEventRow) =>
  (a.at === b.at ? 0 : a.at === '~' || (b.at !== '~' && a.at > b.at) ? -1 : 1) || (a.id === b.id ? 0 : a.id > b.id ? -1 : 1);

/**
 * One page of a feed drawn from several modules' events: each gives its newest `offset + limit` and
 * its count, so the page is the merged lists' slice and the total is the sum.
 */
export function mergePage(parts: ActivityEvents[], offset: number, limit: number): ActivityEvents {
  return {
    rows: parts.flatMap((p) => p.rows).sort(newestFirst).slice(offset, offset + limit),
    total: parts.reduce((n, p) => n + p.total, 0),
  };
}

/** The caller's overview, from each module's own figures: nexus (documents, runs, exports) and zen (chats). */
@Injectable()
export class DashboardService {
  constructor(
    private readonly results: ResultsService,
    private readonly chats: ChatFigures,
  ) {}

  async summary(user: Principal, period: Period, now = new Date()): Promise<DashboardSummaryDto> {
    const days = PERIOD_DAYS[period];
    const since = days === null ? null : new Date(now.getTime() - days * DAY_MS);
    const [documents, chats] = await Promise.all([
      this.results.ownerFigures(user.tenantId, user.userId, since),
      this.chats.forUser(user.tenantId, user.userId, since),
    ]);
    const finished = documents.completed_runs + documents.failed_runs;
    return {
      documents_processed: documents.documents_processed,
      extractions: documents.completed_runs,
      success_rate: finished ? Math.round((documents.completed_runs * 10_000) / finished) / 100 : 0,
      conversations: chats.conversations,
      token_usage: { total_tokens: sumTokens(documents.tokens, chats.tokens), total_cost_inr: sumInr(documents.cost_inr, chats.cost_inr) },
      period,
    };
  }

  async activity(user: Principal, page: PageQueryDto): Promise<Paginated<ActivityEventDto>> {
    const offset = offsetOf(page);
    const parts = await Promise.all([
      this.results.ownerActivity(user.tenantId, user.userId, offset + page.limit),
      this.chats.activity(user.tenantId, user.userId, offset + page.limit),
    ]);
    const { rows, total } = mergePage(parts, offset, page.limit);
    return paginated(
      rows.map((r) => ({ id: r.id, type: r.type, title: r.title, resource_type: r.resource_type, resource_id: r.resource_id, created_at: new Date(r.created_at!).toISOString() })),
      total,
      page,
    );
  }
}
