import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal.js';
import { AppException, notFound } from '../../../common/errors/app.exception.js';
import { AppConfig } from '../../../config/app-config.js';
import { ClientRegister } from '../../clients/index.js';
import { OutboxService } from '../../outbox/outbox.service.js';
import { DocumentsService } from '../documents.service.js';
import { PipelineRepository } from '../pipeline/pipeline.repository.js';
import { fieldDefinitions, type ExportType, type FieldDefinition } from './export-fields.js';
import { CONTENT_TYPES, renderExport, type ExportFormat } from './export-renderers.js';
import { buildExportTable, checkRequestedFields } from './export-table.js';
import type { ReportEntity } from './entities/report.entity.js';
import { reportStorageKey, ReportStorage } from './report-storage.js';
import { ReportsRepository } from './reports.repository.js';

export interface ExportRequest {
  exportType: ExportType;
  format: ExportFormat;
  /** The `fields` query value: comma-separated keys; absent means every field of the type. */
  fields?: string;
  /** The `client_id` query value: only that client's investors of the statement. */
  clientId?: string;
}

/** A report file ready to send: its row, its bytes and how to label them. */
export interface ReportFile {
  report: ReportEntity;
  body: Buffer;
  contentType: string;
  fileName: string;
}

const fileNameOf = (r: Pick<ReportEntity, 'id' | 'reportType' | 'format'>) => `${r.reportType}-${r.id}.${r.format}`;

/**
 * Exports of a document's latest successful extraction. Each export is stored and recorded as a report, and
 * `report.generated` is written to the outbox in the same transaction as the report row.
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly config: AppConfig,
    private readonly documents: DocumentsService,
    private readonly pipeline: PipelineRepository,
    private readonly reports: ReportsRepository,
    private readonly storage: ReportStorage,
    private readonly outbox: OutboxService,
    private readonly clients: ClientRegister,
  ) {}

  /** The columns an export of this type can have (for any document the caller may see). */
  async fields(user: Principal, jobId: string, type: ExportType): Promise<FieldDefinition[]> {
    await this.documents.visibleByJob(user, jobId);
    return fieldDefinitions(type);
  }

  /** Produces the file, stores it, records the report and its event; answers the file. */
  async generate(user: Principal, jobId: string, request: ExportRequest): Promise<ReportFile> {
    checkRequestedFields(request.exportType, request.fields);
    const doc = await this.documents.visibleByJob(user, jobId);
    // The latest successful extraction, the one GET …/extraction serves: a later run that failed or is
    // still going does not hide it.
    const extraction = await this.pipeline.findExtraction(user.tenantId, doc.id);
    if (!extraction) {
      throw new AppException('CONFLICT', `The document is ${doc.status} and has no completed extraction to export`, { message: 'The document has not completed processing' });
    }

    // Which clients the file is about: the named one, or every investor's (the first investor's client first).
    const linked = await this.clients.clientsOfDocument(user.tenantId, doc.id);
    let result = extraction.result;
    let clientIds = linked.clientIds;
    if (request.clientId !== undefined) {
      const investors = new Set(linked.investors.filter((i) => i.clientId === request.clientId).map((i) => i.investorIndex));
      if (!investors.size) throw new AppException('CLIENT_NOT_FOUND', 'No investor of this statement is that client', { message: 'Client not found' });
      result = { ...result, entities: ((result.entities as unknown[] | undefined) ?? []).filter((_, i) => investors.has(i)) };
      clientIds = [request.clientId];
    }
    const table = buildExportTable(request.exportType, result, request.fields);
    const id = randomUUID();
    const generatedAt = new Date();
    const body = await renderExport(request.format, table, { reportId: id, documentId: doc.id, jobId: doc.jobId, generatedAt });
    const storageKey = reportStorageKey(user.tenantId, id, request.format);
    // The file is stored before the row and the event commit, so the event's url always answers.
    await this.storage.write(storageKey, body);
    try {
      const report = await this.reports.transaction(async (manager) => {
        const row = await this.reports.insert(manager, {
          id,
          tenantId: user.tenantId,
          documentId: doc.id,
          createdBy: user.userId,
          reportType: request.exportType,
          format: request.format,
          fields: table.fields.map((f) => f.key),
          rowCount: table.rows.length,
          storageKey,
          sizeBytes: body.length,
          sha256: createHash('sha256').update(body).digest('hex'),
        });
        await this.outbox.record(manager, user.tenantId, 'report.generated', {
          report_id: id,
          report_type: request.exportType,
          client_id: clientIds[0] ?? null,
          client_ids: clientIds,
          document_id: doc.id,
          url: this.reportUrl(id),
          format: request.format,
          generated_by: user.userId,
        });
        return row;
      });
      return { report, body, contentType: CONTENT_TYPES[request.format], fileName: fileNameOf(report) };
    } catch (error) {
      await this.storage.remove(storageKey).catch(() => undefined);
      throw error;
    }
  }

  /** A stored report again, byte for byte, to whoever may see its document. */
  async fetch(user: Principal, reportId: string): Promise<ReportFile> {
    const report = await this.reports.findById(user.tenantId, reportId);
    if (!report || !(await this.documents.visibleByIdOrNull(user, report.documentId))) throw notFound('Report');
    let body: Buffer;
    try {
      body = await this.storage.read(report.storageKey);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppException('NOT_FOUND', 'The report file is no longer stored', { message: 'Report not found' });
      throw error;
    }
    return { report, body, contentType: CONTENT_TYPES[report.format as ExportFormat], fileName: fileNameOf(report) };
  }

  reportUrl(reportId: string): string {
    return `${this.config.http.publicBaseUrl}/api/v1/nexus/reports/${reportId}`;
  }
}
