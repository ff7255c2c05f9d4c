var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import { notFound } from '../../common/errors/app.exception.js';
import { ClientRegister } from '../clients/index.js';
import { DocumentsService } from './documents.service.js';
import { STAGES } from './pipeline/pipeline.constants.js';
import { PipelineRepository } from './pipeline/pipeline.repository.js';
import { ResultsRepository } from './results.repository.js';
const round = (n, d) => Math.round(n * 10 ** d) / 10 ** d;
let ResultsService = class ResultsService {
    constructor(documents, pipeline, results, clients) {
        this.documents = documents;
        this.pipeline = pipeline;
        this.results = results;
        this.clients = clients;
    }
    /** The latest successful extraction (a later failed or running process does not hide it). */
    async extraction(user, docId) {
        const doc = await this.documents.visibleByIdOrNull(user, docId);
        if (!doc)
            throw notFound('Document');
        const row = await this.pipeline.findExtraction(user.tenantId, doc.id);
        if (!row)
            throw notFound('Extraction (the document has not completed processing)');
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
    async tokenUsage(user, docId) {
        const doc = await this.documents.visibleByIdOrNull(user, docId);
        if (!doc)
            throw notFound('Document');
        const rows = await this.results.latestProcessUsage(user.tenantId, doc.id);
        return {
            doc_id: doc.id,
            stages: rows.map(({ total_cost_inr: _total, ...r }) => ({ ...r, cost_inr: Number(r.cost_inr) })),
            total_tokens: rows.reduce((n, s) => n + s.input_tokens + s.output_tokens, 0),
            total_cost_inr: rows.length ? Number(rows[0].total_cost_inr) : 0,
        };
    }
    /** The tenant's documents by status, success rate, timings, pipeline tokens and its work per stage. */
    async documentFigures(tenantId) {
        const [byStatus, timing, usage, running] = await Promise.all([
            this.results.documentsByStatus(tenantId),
            this.results.processingTimes(tenantId),
            this.results.pipelineUsage(tenantId),
            this.results.runningByStage(tenantId),
        ]);
        const documents = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
        const completed = documents.completed ?? 0;
        const failed = documents.failed ?? 0;
        const queueDepth = Object.fromEntries(STAGES.map((s) => [s, 0]));
        for (const r of running)
            if (r.stage in queueDepth)
                queueDepth[r.stage] = r.n;
        return {
            documents: { total: byStatus.reduce((a, r) => a + r.n, 0), by_status: documents },
            success_rate: completed + failed ? round((completed * 100) / (completed + failed), 2) : null,
            processing_time_ms: { p50: timing.p50 === null ? null : Math.round(timing.p50), p95: timing.p95 === null ? null : Math.round(timing.p95), samples: timing.n },
            token_usage: { tokens: usage.tokens, cost_inr: usage.cost_inr },
            queue_depth: queueDepth,
        };
    }
    /** One user's finished runs of their documents (since `since`, null for all time) and their pipeline's exact token and cost sums. */
    ownerFigures(tenantId, ownerId, since) {
        return this.results.ownerFigures(tenantId, ownerId, since);
    }
    /** One user's newest `first` uploads, finished runs and exports (activity feed events) and how many there are. */
    ownerActivity(tenantId, ownerId, first) {
        return this.results.ownerActivity(tenantId, ownerId, first);
    }
    /** A document's most recent pipeline run (for chat's status of a document it holds), or null before one started. */
    latestRun(tenantId, documentId) {
        return this.results.latestRun(tenantId, documentId);
    }
    /** The file names of the given documents of the tenant, by id (a document that does not exist is absent). */
    async fileNames(tenantId, documentIds) {
        const rows = await this.results.fileNames(tenantId, [...new Set(documentIds)]);
        return new Map(rows.map((r) => [r.id, r.file_name]));
    }
    /** The completed extractions of the given documents (a chat session's), oldest document first. */
    completedExtractions(tenantId, documentIds) {
        return this.results.completedExtractions(tenantId, documentIds);
    }
};
ResultsService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [DocumentsService,
        PipelineRepository,
        ResultsRepository,
        ClientRegister])
], ResultsService);
export { ResultsService };
//# sourceMappingURL=results.service.js.map