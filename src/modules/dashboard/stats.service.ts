import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { ResultsService } from '../nexus/index.js';
import { UsersRepository } from '../users/users.repository.js';
import { ChatFigures } from '../zen/index.js';
import type { TenantStatsDto } from './dto/stats.dto.js';
import { sumInr, sumTokens } from './exact-sums.js';

/** The admin's tenant at a glance, from each module's own figures: nexus (documents), users, zen (chats). */
@Injectable()
export class StatsService {
  constructor(
    private readonly results: ResultsService,
    private readonly users: UsersRepository,
    private readonly chats: ChatFigures,
  ) {}

  async stats(user: Principal): Promise<TenantStatsDto> {
    const [documents, users, chats] = await Promise.all([
      this.results.documentFigures(user.tenantId),
      this.users.counts(user.tenantId),
      this.chats.forTenant(user.tenantId),
    ]);
    return {
      documents: documents.documents,
      success_rate: documents.success_rate,
      processing_time_ms: documents.processing_time_ms,
      token_usage: {
        total_tokens: sumTokens(documents.token_usage.tokens, chats.tokens),
        total_cost_inr: sumInr(documents.token_usage.cost_inr, chats.cost_inr),
      },
      users,
      chats: { total: chats.open + chats.closed, open: chats.open, closed: chats.closed, messages: chats.messages },
      queue_depth: documents.queue_depth,
    };
  }
}
