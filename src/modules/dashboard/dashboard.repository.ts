import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '../../database/prepared-query.js';

export interface SummaryRow {
  documents_processed: number;
  completed_runs: number;
  failed_runs: number;
  conversations: number;
  /** A bigint, which pg answers as a string: a busy user's tokens pass 2^31 − 1. */
  total_tokens: string;
  total_cost_inr: string;
}

export interface ActivityRow {
  id: string;
  type: string;
  title: string;
  resource_type: string;
  resource_id: string;
  created_at: Date;
}

/**
 * GET /api/v1/dashboard. Prepared (see queryPrepared): planning it each time cost more than running
 * it. Each table is read once, the three run counts with FILTER and both sums of each usage table
 * together; counting each figure with a subquery of its own read the runs three times and each usage
 * table twice, and cost PostgreSQL about 1.7× the time (docs/benchmarks.md, "Load"). The runs and the
 * usage are joined to the caller's documents on their (tenant_id, document_id) indexes. Tested against
 * a shared list of the documents (`IN (SELECT id FROM my_docs)`) instead, freshly written tables got a
 * plan that compared every run with every document, and with 5,000 documents the statement took
 * 21 ms against 15 (49 against 30 before the tables had statistics).
 */
const SUMMARY: PreparedStatement = {
  name: 'dashboard.summary',
  text: `WITH runs AS (
         SELECT count(DISTINCT p.document_id)::int AS documents_processed,
                (count(*) FILTER (WHERE p.status = 'completed'))::int AS completed_runs,
                (count(*) FILTER (WHERE p.status = 'failed'))::int AS failed_runs
           FROM documents d JOIN pipeline_processes p ON p.tenant_id = d.tenant_id AND p.document_id = d.id
          WHERE d.tenant_id = $1 AND d.owner_id = $2
            AND p.status IN ('completed', 'failed') AND ($3::timestamptz IS NULL OR p.finished_at >= $3)),
       document_usage AS (
         SELECT coalesce(sum(t.input_tokens::bigint + t.output_tokens), 0)::bigint AS tokens, coalesce(sum(t.cost_inr), 0) AS cost_inr
           FROM documents d JOIN token_usage t ON t.tenant_id = d.tenant_id AND t.document_id = d.id
          WHERE d.tenant_id = $1 AND d.owner_id = $2 AND ($3::timestamptz IS NULL OR t.created_at >= $3)),
       chat_usage AS (
         SELECT coalesce(sum(m.input_tokens::bigint + m.output_tokens), 0)::bigint AS tokens, coalesce(sum(m.cost_inr), 0) AS cost_inr
           FROM chat_messages m JOIN chat_sessions c ON c.id = m.session_id
          WHERE c.tenant_id = $1 AND c.user_id = $2 AND ($3::timestamptz IS NULL OR m.created_at >= $3))
       SELECT runs.documents_processed, runs.completed_runs, runs.failed_runs,
              (SELECT count(*)::int FROM chat_sessions c
                WHERE c.tenant_id = $1 AND c.user_id = $2 AND ($3::timestamptz IS NULL OR c.created_at >= $3)) AS conversations,
              document_usage.tokens + chat_usage.tokens AS total_tokens,
              document_usage.cost_inr + chat_usage.cost_inr AS total_cost_inr
         FROM runs, document_usage, chat_usage`,
};

/**
 * The dashboard's aggregate queries: counted in PostgreSQL over indexed columns
 * (documents by tenant/owner/created_at, processes by document, reports and token usage by tenant),
 * never by loading rows into memory.
 */
@Injectable()
export class DashboardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's figures since `since` (one row: the statement only aggregates). */
  async summary(tenantId: string, userId: string, since: Date | null): Promise<SummaryRow> {
    const [row] = await queryPrepared<SummaryRow>(this.dataSource, SUMMARY, [tenantId, userId, since]);
    return row;
  }

  /** The caller's recent uploads, extraction outcomes, chats and exports, newest first. */
  async activity(tenantId: string, userId: string, limit: number, offset: number): Promise<{ rows: ActivityRow[]; total: number }> {
    const union = `
      SELECT d.id, 'document.uploaded' AS type, d.file_name || ' uploaded' AS title, 'document' AS resource_type, d.id AS resource_id, d.created_at
        FROM documents d WHERE d.tenant_id = $1 AND d.owner_id = $2
      UNION ALL
      SELECT p.id, 'extraction.' || p.status, d.file_name || CASE WHEN p.status = 'completed' THEN ' processed' ELSE ' failed: ' || coalesce(p.error_code, 'error') END,
             'document', d.id, p.finished_at
        FROM pipeline_processes p JOIN documents d ON d.id = p.document_id
       WHERE p.tenant_id = $1 AND d.owner_id = $2 AND p.status IN ('completed', 'failed')
      UNION ALL
      SELECT r.id, 'report.generated', r.report_type || ' export (' || r.format || ') of ' || d.file_name, 'report', r.id, r.created_at
        FROM reports r JOIN documents d ON d.id = r.document_id
       WHERE r.tenant_id = $1 AND r.created_by = $2
      UNION ALL
      SELECT c.id, 'chat.started', c.title, 'chat_session', c.id, c.created_at
        FROM chat_sessions c WHERE c.tenant_id = $1 AND c.user_id = $2`;
    const [rows, count] = await Promise.all([
      this.dataSource.query(`SELECT * FROM (${union}) a ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`, [tenantId, userId, limit, offset]),
      this.dataSource.query(`SELECT count(*)::int AS n FROM (${union}) a`, [tenantId, userId]),
    ]);
    return { rows, total: count[0].n };
  }
}
