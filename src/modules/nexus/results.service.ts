import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { notFound } from '../../common/errors/app.exception.js';
import { ClientRegister, type InvestorLink } from '../clients/index.js';
import type { ExtractionResult, ResultEntity } from '../extraction/index.js';
import { DocumentsService } from './documents.service.js';
import { STAGES, type StageName } from './pipeline/pipeline.constants.js';
import { PipelineRepository } from './pipeline/pipeline.repository.js';
import type { ActivityEvents } from '../../database/activity-events.js';
import { ResultsRepository, type CompletedExtractionRow, type LatestRunRow, type OwnerFiguresRow } from './results.repository.js';

export interface TokenUsageReport {
  doc_id: string;
  stages: Array<{ stage_name: string; model: string; input_tokens: number; output_tokens: number; cost_inr: number }>;
  total_tokens: number;
  total_cost_inr: number;
}

/** The tenant's documents and pipeline work, for the tenant's statistics (composed with other modules' figures). */
export interface DocumentFigures {
  documents: { total: number; by_status: Record<string, number> };
  success_rate: number | null;
  processing_time_ms: { p50: number | null; p95: number | null; samples: number };
  /** Exact sums (bigint and numeric as strings): added to chat's before rounding. */
  token_usage: { tokens: string; cost_inr: string };
  queue_depth: Record<StageName, number>;
}

/** The extraction result as GET …/extraction serves it: each investor with the client it is linked to. */
export interface ServedExtraction extends Omit<ExtractionResult, 'entities'> {
  entities: Array<ResultEntity & { client_id: string | null; client_link_flag: InvestorLink['flag'] }>;
}

export type LatestRun = LatestRunRow;
export type OwnerFigures = OwnerFiguresRow;
export type CompletedExtraction = CompletedExtractionRow;

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

@Injectable()
export class ResultsService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly pipeline: PipelineRepository,
    private readonly results: ResultsRepository,
    private readonly clients: ClientRegister,
  ) {}

  /** The latest successful extraction (a later failed or running process does not hide it). */
  async extraction(user: Principal, docId: string): Promise<ServedExtraction> {
    const doc = await this.documents.visibleByIdOrNull(user, docId);
    if (!doc) throw notFound('Document');
    const row = await this.pipeline.findExtraction(user.tenantId, doc.id);
    if (!row) throw notFound('Extraction (the document has not completed processing)');
    // Each investor with the client of the register it is linked to (or why it is linked to none).
    const { investors } = await this.clients.clientsOfDocument(user.tenantId, doc.id);
    return {
      ...row.result,
      entities: row.result.entities.map((e, i) => {
        const link = investors.find((l) => l.investorIndex === i);
        return { ...e, client_id: link?.clientId ?? null, client_link_flag: link?.flag ?? null };
      }),
    };
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

  /** The tenant's documents by status, success rate, timings, pipeline tokens and its work per stage. */
  async documentFigures(tenantId: string): Promise<DocumentFigures> {
    const [byStatus, timing, usage, running] = await Promise.all([
      this.results.documentsByStatus(tenantId),
      this.results.processingTimes(tenantId),
      this.results.pipelineUsage(tenantId),
      this.results.runningByStage(tenantId),
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
      token_usage: { tokens: usage.tokens, cost_inr: usage.cost_inr },
      queue_depth: queueDepth,
    };
  }

  /** One user's finished runs of their documents (since `since`, null for all time) and their pipeline's exact token and cost sums. */
  ownerFigures(tenantId: string, ownerId: string, since: Date | null): Promise<OwnerFigures> {
    return this.results.ownerFigures(tenantId, ownerId, since);
  }

  /** One user's newest `first` uploads, finished runs and exports (activity feed events) and how many there are. */
  ownerActivity(tenantId: string, ownerId: string, first: number): Promise<ActivityEvents> {
    return this.results.ownerActivity(tenantId, ownerId, first);
  }

  /** A document's most recent pipeline run (for chat's status of a document it holds), or null before one started. */
  latestRun(tenantId: string, documentId: string): Promise<LatestRun | null> {
    return this.results.latestRun(tenantId, documentId);
  }

  /** The file names of the given documents of the tenant, by id (a document that does not exist is absent). */
  async fileNames(tenantId: string, documentIds: string[]): Promise<Map<string, string>> {
    const rows = await this.results.fileNames(tenantId, [...new Set(documentIds)]);
    return new Map(rows.map((r) => [r.id, r.file_name]));
  }

  /** The completed extractions of the given documents (a chat session's), oldest document first. */
  completedExtractions(tenantId: string, documentIds: string[]): Promise<CompletedExtraction[]> {
    return this.results.completedExtractions(tenantId, documentIds);
  }
}
