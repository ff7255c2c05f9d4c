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
import { PipelineStage, StageFailure } from '../pipeline-stage.js';
import { readPdfText } from './pdf-reading.js';
/** Stage 3: the text of every page with its position. A PDF without a text layer fails here. */
let ParsingStage = class ParsingStage extends PipelineStage {
    constructor(pdf) {
        super();
        this.pdf = pdf;
    }
    async run(ctx) {
        const pages = await readPdfText(this.pdf, ctx);
        if (!pages.some((p) => p.items.some((i) => i.str.trim() !== ''))) {
            throw new StageFailure('NO_TEXT_LAYER', 'The PDF has no text layer (a scanned image); it cannot be read');
        }
        return { output: { pages, page_count: pages.length } };
    }
};
ParsingStage = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [PdfEngine])
], ParsingStage);
export { ParsingStage };
//# sourceMappingURL=parsing.stage.js.map