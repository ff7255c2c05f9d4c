/**
 * The nexus module's public API, for every other module. Import nexus only from here (or its
 * nexus.module.ts); what is not exported here is internal to nexus.
 *
 * - NexusModule: import `NexusModule.forRoot(role)` to use the services below.
 * - DocumentsService: upload a document (`upload`), with `displayFileName` for the name it keeps; the
 *   stored bytes of a tenant and its users (`storedBytes`, the usage report's figures).
 * - DocumentErasure: deletes a document and all derived from it (`erase`); a module that keeps rows about
 *   documents registers what it removes with each (`register`, a DocumentErasureParticipant).
 * - RegisterAttachment: a chat upload stays its owner's until attached to the client register (`attach`).
 * - PipelineService: start a document's processing (`start`) and read its progress (`progress`).
 * - ResultsService: a document's latest run (`latestRun`), completed extractions (`completedExtractions`),
 *   the tenant's document figures (`documentFigures`), one user's document figures
 *   (`ownerFigures`) and activity events (`ownerActivity`).
 * - ExportService: a report about a client that another module tabulated (`generateForClient`: rendered as
 *   CSV/XLSX, stored, fetched again at /api/v1/nexus/reports/{id}, announced by `report.generated`).
 * - MarketDataService: the NAV data's state, and the NAV file's record of an ISIN (`lookup`: latest NAV, category).
 * - `pdfUploadOptions`: the multer options of a route that receives a statement; `ReceivedFile`, the file it gives.
 * - `parseAmfiNav`: AMFI's NAV file read by ISIN (the gains module's FMV of 31 January 2018).
 * - StoredReports: reports a worker makes later (client reports): request, start, complete (the file
 *   stored, `report.generated` in the outbox), fail, and the stored file; `StoredReport`, such a report.
 * - DocumentEntity: for a foreign key to a document; STAGES: the pipeline's stages in order.
 */
export { NexusModule } from './nexus.module.js';
export { DocumentsService, displayFileName } from './documents.service.js';
export { DocumentErasure } from './erasure/document-erasure.js';
export { RegisterAttachment } from './register-attachment.js';
export { PipelineService } from './pipeline/pipeline.service.js';
export { ResultsService } from './results.service.js';
export { MarketDataService } from './market-data/market-data.service.js';
export { ExportService } from './export/export.service.js';
export { sendReportFile } from './export/report-response.js';
export { EXPORT_FORMATS } from './export/export-renderers.js';
export { DocumentStorage } from './storage/document-storage.js';
export { pdfUploadOptions } from './storage/upload-options.js';
export { parseAmfiNav, AmfiFormatError } from './market-data/amfi-nav-parser.js';
export { StoredReports } from './export/stored-reports.js';
export { REPORT_STATUSES } from './export/entities/report.entity.js';
export { DocumentEntity } from './entities/document.entity.js';
export { STAGES } from './pipeline/pipeline.constants.js';
//# sourceMappingURL=index.js.map