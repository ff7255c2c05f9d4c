var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var NexusModule_1;
import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AuditModule } from '../audit/audit.module.js';
import { ClientsCoreModule } from '../clients/index.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { BatchAdmission } from './batch/batch-admission.js';
import { BatchAdmissionSweeper } from './batch/batch-admission.sweeper.js';
import { BatchRepository } from './batch/batch.repository.js';
import { UploadBatchFileEntity } from './batch/entities/upload-batch-file.entity.js';
import { UploadBatchEntity } from './batch/entities/upload-batch.entity.js';
import { PdfModule } from '../pdf/index.js';
import { QuotasModule } from '../quotas/quotas.module.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { DocumentEntity } from './entities/document.entity.js';
import { DocumentErasure } from './erasure/document-erasure.js';
import { StoredBytesQuota } from './storage/stored-bytes-quota.js';
import { RegisterAttachment } from './register-attachment.js';
import { ErasureRepository } from './erasure/erasure.repository.js';
import { RetentionPurge } from './erasure/retention-purge.js';
import { ExtractionEntity } from './entities/extraction.entity.js';
import { PipelineProcessEntity } from './entities/pipeline-process.entity.js';
import { PipelineStageEntity } from './entities/pipeline-stage.entity.js';
import { TokenUsageEntity } from './entities/token-usage.entity.js';
import { ReportEntity } from './export/entities/report.entity.js';
import { ExportController } from './export/export.controller.js';
import { ExportService } from './export/export.service.js';
import { ReportsRepository } from './export/reports.repository.js';
import { StoredReports } from './export/stored-reports.js';
import { MarketDataService } from './market-data/market-data.service.js';
import { NavSource, navSourceFor } from './market-data/nav-source.js';
import { ResultsController } from './results.controller.js';
import { ResultsRepository } from './results.repository.js';
import { ResultsService } from './results.service.js';
import { PipelineController } from './pipeline/pipeline.controller.js';
import { QUEUE_NAMES } from './pipeline/pipeline.constants.js';
import { pipelineQueuesProvider } from './pipeline/pipeline-queues.js';
import { PipelineReconciler } from './pipeline/pipeline-reconciler.js';
import { PendingFileRemovals } from './storage/pending-file-removals.js';
import { StoreSweeper } from './storage/store-sweeper.js';
import { PipelineRepository } from './pipeline/pipeline.repository.js';
import { PipelineService } from './pipeline/pipeline.service.js';
import { StageProcessors } from './pipeline/stage-processors.js';
import { PIPELINE } from './pipeline/stage-registry.js';
import { StageRunner } from './pipeline/stage-runner.js';
import { QueueMetrics } from './pipeline/queue-metrics.js';
import { DocumentStorage } from './storage/document-storage.js';
import { createDocumentStorage } from './storage/storage.provider.js';
import { pdfUploadOptions } from './storage/upload-options.js';
/**
 * Documents: uploads, listings, originals, the ten-stage pipeline and its results. The stage
 * processors, the reconciler, the store sweep and the retention purge run only where the process role includes workers.
 * Other modules import it and use what it exports (see index.ts).
 */
let NexusModule = class NexusModule {
    static { NexusModule_1 = this; }
    static { this.built = new Map(); }
    /**
     * The same module object for the same role: the application and every module that uses nexus's
     * services import that one object, so its providers, controllers and processors are built once.
     */
    static forRoot(role) {
        const module = NexusModule_1.built.get(role) ?? NexusModule_1.build(role);
        NexusModule_1.built.set(role, module);
        return module;
    }
    static build(role) {
        const marketData = [
            { provide: NavSource, inject: [AppConfig], useFactory: (c) => navSourceFor(c.marketData.navSource) },
            MarketDataService,
        ];
        const workers = role === 'api' ? [] : [...PIPELINE.map((s) => s.stage), StageProcessors, PipelineReconciler, BatchAdmissionSweeper, RetentionPurge];
        return {
            module: NexusModule_1,
            imports: [
                ClientsCoreModule,
                PdfModule,
                QuotasModule,
                TenantsModule,
                AuditModule,
                TypeOrmModule.forFeature([DocumentEntity, PipelineProcessEntity, PipelineStageEntity, ExtractionEntity, TokenUsageEntity, ReportEntity, UploadBatchEntity, UploadBatchFileEntity]),
                BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
                MulterModule.registerAsync({ inject: [AppConfig], useFactory: pdfUploadOptions }),
            ],
            controllers: role === 'worker' ? [] : [DocumentsController, PipelineController, ResultsController, ExportController],
            providers: [
                DocumentsRepository,
                DocumentsService,
                StoredBytesQuota,
                PipelineRepository,
                PipelineService,
                ResultsRepository,
                ResultsService,
                StageRunner,
                BatchRepository,
                BatchAdmission,
                pipelineQueuesProvider,
                QueueMetrics,
                { provide: DocumentStorage, inject: [AppConfig], useFactory: createDocumentStorage },
                ReportsRepository,
                ExportService,
                StoredReports,
                ErasureRepository,
                PendingFileRemovals,
                DocumentErasure,
                RegisterAttachment,
                ...marketData,
                // In every role: each process sweeps its own incoming directory; the objects only where workers run.
                StoreSweeper,
                ...workers,
            ],
            // MarketDataService in every role: enrichment and gains read it, health reports its state.
            exports: [DocumentsService, DocumentErasure, RegisterAttachment, StoredReports, PipelineService, ResultsService, DocumentStorage, BatchRepository, BatchAdmission, MarketDataService, ExportService],
        };
    }
};
NexusModule = NexusModule_1 = __decorate([
    Module({})
], NexusModule);
export { NexusModule };
//# sourceMappingURL=nexus.module.js.map