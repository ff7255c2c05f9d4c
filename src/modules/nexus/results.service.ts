import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { notFound } from '../../common/errors/app.exception.js';
import { DocumentsService } from './documents.service.js';
import type { TenantStatsDto } from './dto/stats.dto.js';
import { STAGES, type StageName } from './pipeline/pipeline.constants.js';
import { PipelineRepository } from './pipeline/pipeline.repository.js';
import { ResultsRepository } from './results.repository.js';

export interface TokenUsageReport {
  doc_id: string;
  stages: Array<{ stage_name: string; model: string; input_tokens: number; output_tokens: number; cost_inr: number }>;
  total_tokens: number;
  total_cost_inr: number;
}

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

@Injectable()
export class ResultsService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly pipeline: PipelineRepository,
    private readonly results: ResultsRepository,
  ) {}

  /** The latest successful extraction (a later failed or running process does not hide it). */
  async extraction(user: Principal, docId: string): Promise<Record<string, unknown>> {
    const doc = await this.documents.visibleByIdOrNull(user, docId);
    if (!doc) throw notFound('Document');
    const row = await this.pipeline.findExtraction(user.tenantId, doc.id);
    if (!row) throw notFound('Extraction (the document has not completed processing)');
    return row.result;
  }

  /**
   * Tokens and cost per stage of the document's latest process that recorded usage (re-runs do not
   * add up). The total tokens are the sum of the rows. Money is INR to 2 decimals (DESIGN §2): each
   * row's cost and the total are rounded from exact sums (ResultsRepository).
   */
  async tokenUsage(user: Principal, docId: string): Promise<TokenUsageReport> {
    const doc = await this.documents.visibleByIdOrNull(user, docId);
    if (!doc) throw notFound('Document');
    const rows = await this.results.latestProcessUsage(user.tenantId, doc.id);
    return {
      doc_id: doc.id,
      stages: rows.map(({ total_cost_inr: _total, ...r }) => ({ ...r, cost_inr: Number(r.cost_inr) })),
      total_tokens: rows.reduce((n, s) => n + s.input_tokens + s.output_tokens, 0),
      total_cost_inr: rows.length ? Number(rows[0].total_cost_inr) : 0,
    };
  }

  /** The admin's tenant at a glance: documents, success, timings, tokens, users, chats, queues. */
  async stats(user: Principal): Promise<TenantStatsDto> {
    const [byStatus, timing, usage, users, chats, running] = await Promise.all([
      this.results.documentsByStatus(user.tenantId),
      this.results.processingTimes(user.tenantId),
      this.results.tenantUsage(user.tenantId),
      this.results.users(user.tenantId),
      this.results.chats(user.tenantId),
      this.results.runningByStage(user.tenantId),
    ]);
    const documents = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
    const completed = documents.completed ?? 0;
    const failed = documents.failed ?? 0;
    const queueDepth = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<StageName, number>;
    for (const r of running) if (r.stage in queueDepth) queueDepth[r.stage as StageName] = r.n;
    return {
      documents: { total: byStatus.reduce((a, r) => a + r.n, 0), by_status: documents },
      success_rate: completed + failed ? round((completed * 100) / (completed + failed), 2) : null,
      processing_time_ms: { p50: timing.p50 === null ? null : Math.round(timing.p50), p95: timing.p95 === null ? null : Math.round(timing.p95), samples: timing.n },
      token_usage: { total_tokens: Number(usage.total_tokens), total_cost_inr: Number(usage.total_cost_inr) },
      users,
      chats: { total: chats.open + chats.closed, open: chats.open, closed: chats.closed, messages: chats.messages },
      queue_depth: queueDepth,
    };
  }
}
