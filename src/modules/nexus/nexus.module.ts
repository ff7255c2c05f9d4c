import { BullModule } from '@nestjs/bull';
import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, type ProcessRole } from '../../config/app-config.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { QuotasModule } from '../quotas/quotas.module.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { DocumentEntity } from './entities/document.entity.js';
import { ExtractionEntity } from './entities/extraction.entity.js';
import { PipelineProcessEntity } from './entities/pipeline-process.entity.js';
import { PipelineStageEntity } from './entities/pipeline-stage.entity.js';
import { TokenUsageEntity } from './entities/token-usage.entity.js';
import { ReportEntity } from './export/entities/report.entity.js';
import { ExportController } from './export/export.controller.js';
import { ExportService } from './export/export.service.js';
import { LocalDiskReportStorage, ReportStorage } from './export/report-storage.js';
import { ReportsRepository } from './export/reports.repository.js';
import { MarketDataService } from './market-data/market-data.service.js';
import { NavSource, navSourceFor } from './market-data/nav-source.js';
import { ResultsController } from './results.controller.js';
import { ResultsRepository } from './results.repository.js';
import { ResultsService } from './results.service.js';
import { PipelineController } from './pipeline/pipeline.controller.js';
import { QUEUE_NAMES } from './pipeline/pipeline.constants.js';
import { pipelineQueuesProvider } from './pipeline/pipeline-queues.js';
import { PipelineReconciler } from './pipeline/pipeline-reconciler.js';
import { StoreSweeper } from './storage/store-sweeper.js';
import { PipelineRepository } from './pipeline/pipeline.repository.js';
import { PipelineService } from './pipeline/pipeline.service.js';
import { StageRunner } from './pipeline/stage-runner.js';
import { QueueMetrics } from './pipeline/queue-metrics.js';
import { CalculationProcessor } from './pipeline/processors/calculation.processor.js';
import { ClassificationProcessor } from './pipeline/processors/classification.processor.js';
import { CompletionProcessor } from './pipeline/processors/completion.processor.js';
import { EnrichmentProcessor } from './pipeline/processors/enrichment.processor.js';
import { ExtractionProcessor } from './pipeline/processors/extraction.processor.js';
import { ParsingProcessor } from './pipeline/processors/parsing.processor.js';
import { StructuringProcessor } from './pipeline/processors/structuring.processor.js';
import { SummaryProcessor } from './pipeline/processors/summary.processor.js';
import { UploadProcessor } from './pipeline/processors/upload.processor.js';
import { ValidationProcessor } from './pipeline/processors/validation.processor.js';
import { CalculationStage } from './pipeline/stages/calculation.stage.js';
import { ClassificationStage } from './pipeline/stages/classification.stage.js';
import { CompletionStage } from './pipeline/stages/completion.stage.js';
import { EnrichmentStage } from './pipeline/stages/enrichment.stage.js';
import { ExtractionStage } from './pipeline/stages/extraction.stage.js';
import { ParsingStage } from './pipeline/stages/parsing.stage.js';
import { StructuringStage } from './pipeline/stages/structuring.stage.js';
import { SummaryStage } from './pipeline/stages/summary.stage.js';
import { UploadStage } from './pipeline/stages/upload.stage.js';
import { ValidationStage } from './pipeline/stages/validation.stage.js';
import { DocumentStorage, LocalDiskStorage } from './storage/document-storage.js';
import { HashingDiskEngine } from './storage/hashing-disk.engine.js';

const STAGE_SERVICES = [
  UploadStage,
  ClassificationStage,
  ParsingStage,
  StructuringStage,
  ExtractionStage,
  ValidationStage,
  EnrichmentStage,
  CalculationStage,
  SummaryStage,
  CompletionStage,
];
const PROCESSORS = [
  UploadProcessor,
  ClassificationProcessor,
  ParsingProcessor,
  StructuringProcessor,
  ExtractionProcessor,
  ValidationProcessor,
  EnrichmentProcessor,
  CalculationProcessor,
  SummaryProcessor,
  CompletionProcessor,
];

/**
 * Documents: uploads, listings, originals, the ten-stage pipeline and its results. The stage
 * processors, the reconciler and the store sweep run only where the process role includes workers.
 */
@Module({})
export class NexusModule {
  static forRoot(role: ProcessRole): DynamicModule {
    const marketData: Provider[] = [
      { provide: NavSource, inject: [AppConfig], useFactory: (c: AppConfig) => navSourceFor(c.marketData.navSource) },
      MarketDataService,
    ];
    const workers: Provider[] = role === 'api' ? [] : [...STAGE_SERVICES, ...PROCESSORS, PipelineReconciler, StoreSweeper, ...marketData];
    return {
      module: NexusModule,
      // Global so chat can use documents and the pipeline without importing (and so duplicating) it.
      global: true,
      imports: [
        PdfModule,
        QuotasModule,
        TypeOrmModule.forFeature([DocumentEntity, PipelineProcessEntity, PipelineStageEntity, ExtractionEntity, TokenUsageEntity, ReportEntity]),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
        MulterModule.registerAsync({
          inject: [AppConfig],
          useFactory: (c: AppConfig) => ({
            storage: new HashingDiskEngine(new LocalDiskStorage(c.storage.dir).tempDir()),
            limits: { fileSize: c.storage.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
          }),
        }),
      ],
      controllers: role === 'worker' ? [] : [DocumentsController, PipelineController, ResultsController, ExportController],
      providers: [
        DocumentsRepository,
        DocumentsService,
        PipelineRepository,
        PipelineService,
        ResultsRepository,
        ResultsService,
        StageRunner,
        pipelineQueuesProvider,
        QueueMetrics,
        { provide: DocumentStorage, inject: [AppConfig], useFactory: (c: AppConfig) => new LocalDiskStorage(c.storage.dir) },
        ReportsRepository,
        ExportService,
        { provide: ReportStorage, inject: [AppConfig], useFactory: (c: AppConfig) => new LocalDiskReportStorage(c.storage.dir) },
        ...workers,
      ],
      // MarketDataService where workers run: health reports its state.
      exports: [DocumentsService, DocumentStorage, PipelineService, ...(role === 'api' ? [] : [MarketDataService])],
    };
  }
}
