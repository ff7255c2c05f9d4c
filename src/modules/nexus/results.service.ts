import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { notFound } from '../../common/errors/app.exception.js';
import { DocumentsService } from './documents.service.js';
import { PipelineQueues } from './pipeline/pipeline-queues.js';
import { PipelineRepository } from './pipeline/pipeline.repository.js';

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
    private readonly queues: PipelineQueues,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async extraction(user: Principal, docId: string): Promise<Record<string, unknown>> {
    const doc = await this.documents.visibleByIdOrNull(user, docId);
    if (!doc) throw notFound('Document');
    const row = await this.pipeline.findExtraction(user.tenantId, doc.id);
    if (!row) throw notFound('Extraction (the document has not completed processing)');
    return row.result;
  }

  /** Tokens and cost per stage of the document's latest process; totals are the sums of the rows. */
  async tokenUsage(user: Principal, docId: string): Promise<TokenUsageReport> {
    const doc = await this.documents.visibleByIdOrNull(user, docId);
    if (!doc) throw notFound('Document');
    const rows: Array<{ stage_name: string; model: string; input_tokens: number; output_tokens: number; cost_inr: string }> = await this.dataSource.query(
      `SELECT stage_name, model, sum(input_tokens)::int AS input_tokens, sum(output_tokens)::int AS output_tokens, sum(cost_inr) AS cost_inr
         FROM token_usage WHERE tenant_id = $1 AND document_id = $2
        GROUP BY stage_name, model ORDER BY min(created_at)`,
      [user.tenantId, doc.id],
    );
    const stages = rows.map((r) => ({ ...r, cost_inr: round(Number(r.cost_inr), 4) }));
    return {
      doc_id: doc.id,
      stages,
      total_tokens: stages.reduce((n, s) => n + s.input_tokens + s.output_tokens, 0),
      total_cost_inr: round(stages.reduce((n, s) => n + s.cost_inr, 0), 4),
    };
  }

  /** The admin's tenant at a glance: documents, success, timings, tokens, users, chats, queues. */
  async stats(user: Principal) {
    const [byStatus, timing, tokens, users, queueDepth] = await Promise.all([
      this.dataSource.query(`SELECT status, count(*)::int AS n FROM documents WHERE tenant_id = $1 GROUP BY status`, [user.tenantId]),
      this.dataSource.query(
        `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95, count(*)::int AS n
           FROM (SELECT extract(epoch FROM finished_at - started_at) * 1000 AS ms FROM pipeline_processes
                  WHERE tenant_id = $1 AND status = 'completed') t`,
        [user.tenantId],
      ),
      this.dataSource.query(
        `SELECT coalesce(sum(input_tokens + output_tokens), 0)::bigint AS tokens, coalesce(sum(cost_inr), 0) AS cost FROM token_usage WHERE tenant_id = $1`,
        [user.tenantId],
      ),
      this.dataSource.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE disabled_at IS NULL)::int AS active FROM users WHERE tenant_id = $1`, [user.tenantId]),
      this.queues.depths().catch(() => null),
    ]);
    const documents = Object.fromEntries((byStatus as Array<{ status: string; n: number }>).map((r) => [r.status, r.n]));
    const completed = documents.completed ?? 0;
    const failed = documents.failed ?? 0;
    return {
      documents: { total: Object.values(documents).reduce((a: number, b) => a + (b as number), 0), by_status: documents },
      success_rate: completed + failed ? round((completed * 100) / (completed + failed), 2) : null,
      processing_time_ms: { p50: timing[0].p50 === null ? null : Math.round(timing[0].p50), p95: timing[0].p95 === null ? null : Math.round(timing[0].p95), samples: timing[0].n },
      token_usage: { total_tokens: Number(tokens[0].tokens), total_cost_inr: round(Number(tokens[0].cost), 4) },
      users: users[0],
      queue_depth: queueDepth,
    };
  }
}
