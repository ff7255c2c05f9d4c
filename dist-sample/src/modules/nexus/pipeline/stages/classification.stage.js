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
import { PdfEngine } from '../../../pdf/index.js';
import { classifyStatement } from '../../../extraction/index.js';
import { PipelineStage } from '../pipeline-stage.js';
import { readPdfText } from './pdf-reading.js';
/** The statement families name themselves in their first pages; reading further only costs time. */
const CLASSIFICATION_PAGES = 3;
/** Stage 2: which kind of statement this is, and how sure we are. */
let ClassificationStage = class ClassificationStage extends PipelineStage {
    constructor(pdf) {
        super();
        this.pdf = pdf;
    }
    async run(ctx) {
        return { output: classifyStatement(await readPdfText(this.pdf, ctx, CLASSIFICATION_PAGES)) };
    }
};
ClassificationStage = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [PdfEngine])
], ClassificationStage);
export { ClassificationStage };
//# sourceMappingURL=classification.stage.js.map