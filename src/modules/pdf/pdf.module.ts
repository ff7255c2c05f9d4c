import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { PdfEngine } from './pdf-engine.js';
import { PdfMetrics } from './pdf-metrics.js';

/**
 * The one PDF engine of the process (pdf-engine.ts), for nexus (uploads, LAYOUT, the pipeline) and
 * zen (chat uploads); its children may never read the document store, and are stopped when the
 * application shuts down. Its figures are served in `/metrics` (pdf-metrics.ts).
 */
@Module({
  providers: [{ provide: PdfEngine, inject: [AppConfig], useFactory: (c: AppConfig) => new PdfEngine({ ...c.pdfEngine, privateDirs: [c.storage.dir], testHooks: c.nodeEnv === 'test' }) }, PdfMetrics],
  exports: [PdfEngine],
})
export class PdfModule {}
