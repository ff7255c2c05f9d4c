var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { newestEvents } from '../../database/activity-events.js';
import { queryPrepared } from '../../database/prepared-query.js';
import { readExtractionResult } from '../extraction/index.js';
/**
 * The dashboard's document figures of one user (GET /api/v1/dashboard), prepared (see queryPrepared):
 * planning it each time cost more than running it. Each table is read once, the three run counts with
 * FILTER and both sums of token usage together; counting each figure with a subquery of its own read
 * the runs three times and the usage twice, and cost PostgreSQL about 1.7× the time
 * (docs/benchmarks.md, "Load"). The runs and the usage are joined to the caller's documents on their
 * (tenant_id, document_id) indexes. Tested against a shared list of the documents
 * (`IN (SELECT id FROM my_docs)`) instead, freshly written tables got a plan that compared every run
 * with every document, and with 5,000 documents the statement took 21 ms against 15.
 */
const OWNER_FIGURES = {
    name: 'nexus.owner-figures',
    text: `WITH runs AS (
         SELECT count(DISTINCT p.document_id)::int AS documents_processed,
                (count(*) FILTER (WHERE p.status = 'completed'))::int AS completed_runs,
                (count(*) FILTER (WHERE p.status = 'failed'))::int AS failed_runs
           FROM documents d JOIN pipeline_processes p ON p.tenant_id = d.tenant_id AND p.document_id = d.id
          WHERE d.tenant_id = $1 AND d.owner_id = $2
            AND p.status IN ('completed', 'failed') AND ($3::timestamptz IS NULL OR p.finished_at >= $3)),
       usage AS (
         SELECT coalesce(sum(t.input_tokens::bigint + t.output_tokens), 0)::bigint AS tokens, coalesce(sum(t.cost_inr), 0) AS cost_inr
           FROM documents d JOIN token_usage t ON t.tenant_id = d.tenant_id AND t.document_id = d.id
          WHERE d.tenant_id = $1 AND d.owner_id = $2 AND ($3::timestamptz IS NULL OR t.created_at >= $3))
       SELECT runs.documents_processed, runs.completed_runs, runs.failed_runs, usage.tokens, usage.cost_inr FROM runs, usage`,
};
/** A user's uploads, the finished runs of their documents and their exports: the activity feed's nexus part. */
const OWNER_EVENTS = `
  SELECT d.id, 'document.uploaded' AS type, d.file_name || ' uploaded' AS title, 'document' AS resource_type, d.id AS resource_id, d.created_at
    FROM documents d WHERE d.tenant_id = $1 AND d.owner_id = $2
  UNION ALL
  SELECT p.id, 'extraction.' || p.status, d.file_name || CASE WHEN p.status = 'completed' THEN ' processed' ELSE ' failed: ' || coalesce(p.error_code, 'error') END,
         'document', d.id, p.finished_at
    FROM pipeline_processes p JOIN documents d ON d.id = p.document_id
   WHERE p.tenant_id = $1 AND d.owner_id = $2 AND p.status IN ('completed', 'failed')
  UNION ALL
  SELECT r.id, 'report.generated', r.report_type || ' export (' || r.format || ') of ' || coalesce(d.file_name, 'client ' || r.client_id), 'report', r.id, r.created_at
    FROM reports r LEFT JOIN documents d ON d.id = r.document_id
   WHERE r.tenant_id = $1 AND r.created_by = $2 AND r.status = 'completed'`;
/** The reads behind token usage, the tenant's figures and what chat reads of documents: nexus tables only, tenant first. */
let ResultsRepository = class ResultsRepository {
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    /**
     * Usage per stage and model of the document's latest process that recorded any (the newest run
     * by start time): earlier runs of the same document are history, not this document's cost.
     */
    latestProcessUsage(tenantId, documentId) {
        return this.dataSource.query(`WITH latest AS (
         SELECT p.id FROM pipeline_processes p
          WHERE p.tenant_id = $1 AND p.document_id = $2
            AND EXISTS (SELECT 1 FROM token_usage u WHERE u.tenant_id = $1 AND u.document_id = $2 AND u.process_id = p.id)
          ORDER BY p.started_at DESC, p.created_at DESC, p.id DESC LIMIT 1)
       SELECT stage_name, model, sum(input_tokens)::int AS input_tokens, sum(output_tokens)::int AS output_tokens,
              round(sum(cost_inr), 2) AS cost_inr, round(sum(sum(cost_inr)) OVER (), 2) AS total_cost_inr
         FROM token_usage WHERE tenant_id = $1 AND document_id = $2 AND process_id = (SELECT id FROM latest)
        GROUP BY stage_name, model ORDER BY min(created_at)`, [tenantId, documentId]);
    }
    async documentsByStatus(tenantId) {
        return this.dataSource.query(`SELECT status, count(*)::int AS n FROM documents WHERE tenant_id = $1 GROUP BY status`, [tenantId]);
    }
    async processingTimes(tenantId) {
        const rows = await this.dataSource.query(`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95, count(*)::int AS n
         FROM (SELECT extract(epoch FROM finished_at - started_at) * 1000 AS ms FROM pipeline_processes
                WHERE tenant_id = $1 AND status = 'completed') t`, [tenantId]);
        return rows[0];
    }
    /** Every token the tenant's pipeline stages spent (every run). */
    async pipelineUsage(tenantId) {
        const rows = await this.dataSource.query(`SELECT coalesce(sum(input_tokens::bigint + output_tokens), 0)::bigint AS tokens, coalesce(sum(cost_inr), 0) AS cost_inr
         FROM token_usage WHERE tenant_id = $1`, [tenantId]);
        return rows[0];
    }
    /**
     * The tenant's running processes by their current stage: each is one job waiting, running or
     * retrying in that stage's queue (or about to be re-enqueued by the reconciler).
     */
    async runningByStage(tenantId) {
        return this.dataSource.query(`SELECT current_stage AS stage, count(*)::int AS n FROM pipeline_processes WHERE tenant_id = $1 AND status = 'processing' GROUP BY current_stage`, [tenantId]);
    }
    /** The document's most recent pipeline run, or null before its processing has been started. */
    async latestRun(tenantId, documentId) {
        const rows = await this.dataSource.query(`SELECT id, status, error_message FROM pipeline_processes
        WHERE tenant_id = $1 AND document_id = $2 ORDER BY created_at DESC, started_at DESC LIMIT 1`, [tenantId, documentId]);
        return rows[0] ?? null;
    }
    /** The file names of the given documents of the tenant (those that exist). */
    fileNames(tenantId, documentIds) {
        if (documentIds.length === 0)
            return Promise.resolve([]);
        return this.dataSource.query(`SELECT id, file_name FROM documents WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, documentIds]);
    }
    /**
     * The completed extractions of the given documents, with their file names, oldest document first;
     * each result checked to be one (ExtractionResultError when it is not).
     */
    async completedExtractions(tenantId, documentIds) {
        if (documentIds.length === 0)
            return [];
        const rows = await this.dataSource.query(`SELECT d.id AS doc_id, d.file_name, e.result FROM extractions e JOIN documents d ON d.id = e.document_id
        WHERE e.tenant_id = $1 AND e.document_id = ANY($2::uuid[]) AND d.status = 'completed' ORDER BY d.created_at`, [tenantId, documentIds]);
        return rows.map((row) => ({ doc_id: row.doc_id, file_name: row.file_name, result: readExtractionResult(row.result, `document ${row.doc_id}`) }));
    }
    /** The user's figures since `since` (null: all time), in one statement that only aggregates. */
    async ownerFigures(tenantId, ownerId, since) {
        const [row] = await queryPrepared(this.dataSource, OWNER_FIGURES, [tenantId, ownerId, since]);
        return row;
    }
    /** The user's newest `first` document events and how many there are. */
    ownerActivity(tenantId, ownerId, first) {
        return newestEvents(this.dataSource, OWNER_EVENTS, [tenantId, ownerId], first);
    }
};
ResultsRepository = __decorate([
    Injectable(),
    __param(0, InjectDataSource()),
    __metadata("design:paramtypes", [Function])
], ResultsRepository);
export { ResultsRepository };
//# sourceMappingURL=results.repository.js.map