var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PipelineStage, StageFailure } from '../pipeline-stage.js';
/** Stage 1: the stored original is still there and is byte for byte what was uploaded. */
let UploadStage = class UploadStage extends PipelineStage {
    async run(ctx) {
        const data = await ctx.original();
        const sha256 = createHash('sha256').update(data).digest('hex');
        if (sha256 !== ctx.document.sha256)
            throw new StageFailure('FILE_CORRUPTED', 'The stored file does not match the upload');
        return { output: { sha256, size_bytes: data.length } };
    }
};
UploadStage = __decorate([
    Injectable()
], UploadStage);
export { UploadStage };
//# sourceMappingURL=upload.stage.js.map