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
import { Injectable, Optional } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { MetricsService } from '../metrics/metrics.service.js';
import { PdfEngine } from './pdf-engine.js';
/**
 * The PDF engine in `/metrics`, read at scrape time (this process's engine; the API's and each
 * worker's are their own): `foliodesk_pdf_engine_pool_size`, `…_busy_children`, `…_queued_jobs`,
 * `foliodesk_pdf_engine_rejections_total` (work refused with PDF_ENGINE_BUSY) and
 * `foliodesk_pdf_engine_children_killed_total{cause="memory"|"cpu"|"wall"}`. No tenant data.
 */
let PdfMetrics = class PdfMetrics {
    constructor(engine, metrics) {
        this.engine = engine;
        this.metrics = metrics;
    }
    onModuleInit() {
        if (!this.metrics)
            return;
        const engine = this.engine;
        const registers = [this.metrics.registry];
        const gauge = (name, help, read) => new Gauge({
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
            labelNames: ['cause'],
            registers,
            collect() {
                this.reset();
                for (const [cause, count] of Object.entries(engine.stats().killed))
                    this.inc({ cause }, count);
            },
        });
    }
};
PdfMetrics = __decorate([
    Injectable(),
    __param(1, Optional()),
    __metadata("design:paramtypes", [PdfEngine,
        MetricsService])
], PdfMetrics);
export { PdfMetrics };
//# sourceMappingURL=pdf-metrics.js.map