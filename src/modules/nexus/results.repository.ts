import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * Money is summed exactly (numeric) and rounded to 2 decimals in PostgreSQL (DESIGN §2), half away
 * from zero; pg answers numeric and bigint as strings.
 */
export interface StageUsageRow {
  stage_name: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cost_inr: string;
  /** The exact sum of every row's cost, rounded once (so not always the sum of the rounded rows). */
  total_cost_inr: string;
}

export interface TenantUsageRow {
  total_tokens: string;
  total_cost_inr: string;
}

export interface ChatCountsRow {
  open: number;
  closed: number;
  messages: number;
}

/** The aggregate reads behind token usage and the tenant's stats: counted in PostgreSQL, tenant first. */
@Injectable()
export class ResultsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Usage per stage and model of the document's latest process that recorded any (the newest run
   * by start time): earlier runs of the same document are history, not this document's cost.
   */
  latestProcessUsage(tenantId: string, documentId: string): Promise<StageUsageRow[]> {
    return this.dataSource.query(
      `WITH latest AS (
         SELECT p.id FROM pipeline_processes p
          WHERE p.tenant_id = $1 AND p.document_id = $2
            AND EXISTS (SELECT 1 FROM token_usage u WHERE u.tenant_id = $1 AND u.document_id = $2 AND u.process_id = p.id)
          ORDER BY p.started_at DESC, p.created_at DESC, p.id DESC LIMIT 1)
       SELECT stage_name, model, sum(input_tokens)::int AS input_tokens, sum(output_tokens)::int AS output_tokens,
              round(sum(cost_inr), 2) AS cost_inr, round(sum(sum(cost_inr)) OVER (), 2) AS total_cost_inr
         FROM token_usage WHERE tenant_id = $1 AND document_id = $2 AND process_id = (SELECT id FROM latest)
        GROUP BY stage_name, model ORDER BY min(created_at)`,
      [tenantId, documentId],
    );
  }

  async documentsByStatus(tenantId: string): Promise<Array<{ status: string; n: number }>> {
    return this.dataSource.query(`SELECT status, count(*)::int AS n FROM documents WHERE tenant_id = $1 GROUP BY status`, [tenantId]);
  }

  async processingTimes(tenantId: string): Promise<{ p50: number | null; p95: number | null; n: number }> {
    const rows = await this.dataSource.query(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95, count(*)::int AS n
         FROM (SELECT extract(epoch FROM finished_at - started_at) * 1000 AS ms FROM pipeline_processes
                WHERE tenant_id = $1 AND status = 'completed') t`,
      [tenantId],
    );
    return rows[0];
  }

  /** Every token the tenant spent: pipeline stages (every run) and chat answers. */
  async tenantUsage(tenantId: string): Promise<TenantUsageRow> {
    const rows = await this.dataSource.query(
      `SELECT d.tokens + c.tokens AS total_tokens, round(d.cost + c.cost, 2) AS total_cost_inr
         FROM (SELECT coalesce(sum(input_tokens::bigint + output_tokens), 0)::bigint AS tokens, coalesce(sum(cost_inr), 0) AS cost
                 FROM token_usage WHERE tenant_id = $1) d,
              (SELECT coalesce(sum(m.input_tokens::bigint + m.output_tokens), 0)::bigint AS tokens, coalesce(sum(m.cost_inr), 0) AS cost
                 FROM chat_messages m JOIN chat_sessions s ON s.id = m.session_id WHERE s.tenant_id = $1) c`,
      [tenantId],
    );
    return rows[0];
  }

  async users(tenantId: string): Promise<{ n: number; active: number }> {
    const rows = await this.dataSource.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE disabled_at IS NULL)::int AS active FROM users WHERE tenant_id = $1`,
      [tenantId],
    );
    return rows[0];
  }

  async chats(tenantId: string): Promise<ChatCountsRow> {
    const rows = await this.dataSource.query(
      `SELECT (SELECT count(*) FILTER (WHERE status = 'open') FROM chat_sessions WHERE tenant_id = $1)::int AS open,
              (SELECT count(*) FILTER (WHERE status = 'closed') FROM chat_sessions WHERE tenant_id = $1)::int AS closed,
              (SELECT count(*) FROM chat_messages m JOIN chat_sessions s ON s.id = m.session_id WHERE s.tenant_id = $1)::int AS messages`,
      [tenantId],
    );
    return rows[0];
  }

  /**
   * The tenant's running processes by their current stage: each is one job waiting, running or
   * retrying in that stage's queue (or about to be re-enqueued by the reconciler).
   */
  async runningByStage(tenantId: string): Promise<Array<{ stage: string; n: number }>> {
    return this.dataSource.query(
      `SELECT current_stage AS stage, count(*)::int AS n FROM pipeline_processes WHERE tenant_id = $1 AND status = 'processing' GROUP BY current_stage`,
      [tenantId],
    );
  }
}
