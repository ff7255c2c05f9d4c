import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { MetricsService } from '../metrics/metrics.service.js';
import { PdfEngine, type KillCause } from './pdf-engine.js';

/**
 * The PDF engine in `/metrics`, read at scrape time (this process's engine; the API's and each
 * worker's are their own): `foliodesk_pdf_engine_pool_size`, `…_busy_children`, `…_queued_jobs`,
 * `foliodesk_pdf_engine_rejections_total` (work refused with PDF_ENGINE_BUSY) and
 * `foliodesk_pdf_engine_children_killed_total{cause="memory"|"cpu"|"wall"}`. No tenant data.
 */
@Injectable()
export class PdfMetrics implements OnModuleInit {
  constructor(
    private readonly engine: PdfEngine,
    // Absent where the application is assembled without the metrics module (a module's own tests).
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  onModuleInit(): void {
    if (!this.metrics) return;
    const engine = this.engine;
    const registers = [this.metrics.registry];
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('foliodesk_pdf_engine_pool_size', 'PDF reader children that may read at once', () => engine.stats().poolSize);
    gauge('foliodesk_pdf_engine_busy_children', 'PDF reader children reading a document now', () => engine.stats().running);
    gauge('foliodesk_pdf_engine_queued_jobs', 'PDF jobs waiting for a reader child', () => engine.stats().waiting);
    new Counter({
      name: 'foliodesk_pdf_engine_rejections_total',
      help: 'PDF jobs refused at once because the queue was full (PDF_ENGINE_BUSY)',
      registers,
      collect() {
        this.reset();
        this.inc(engine.stats().rejected);
      },
    });
    new Counter({
      name: 'foliodesk_pdf_engine_children_killed_total',
      help: 'PDF reader children killed during a job, by cause: memory (resident memory limit), cpu (the job used its processor time), wall (the wall-clock backstop)',
      labelNames: ['cause'] as const,
      registers,
      collect() {
        this.reset();
        for (const [cause, count] of Object.entries(engine.stats().killed) as Array<[KillCause, number]>) this.inc({ cause }, count);
      },
    });
  }
}
