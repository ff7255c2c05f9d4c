var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { PdfEngine } from './pdf-engine.js';
import { PdfMetrics } from './pdf-metrics.js';
/**
 * The one PDF engine of the process (pdf-engine.ts), for nexus (uploads, LAYOUT, the pipeline) and
 * zen (chat uploads); its children may never read the document store, and are stopped when the
 * application shuts down. Its figures are served in `/metrics` (pdf-metrics.ts).
 */
let PdfModule = class PdfModule {
};
PdfModule = __decorate([
    Module({
        providers: [{ provide: PdfEngine, inject: [AppConfig], useFactory: (c) => new PdfEngine({ ...c.pdfEngine, privateDirs: [c.storage.dir], testHooks: c.nodeEnv === 'test' }) }, PdfMetrics],
        exports: [PdfEngine],
    })
], PdfModule);
export { PdfModule };
//# sourceMappingURL=pdf.module.js.map