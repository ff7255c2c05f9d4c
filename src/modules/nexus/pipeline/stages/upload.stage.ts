import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PipelineStage, StageFailure, type StageContext } from '../pipeline-stage.js';

export interface UploadOutput {
  sha256: string;
  size_bytes: number;
}

/** Stage 1: the stored original is still there and is byte for byte what was uploaded. */
@Injectable()
export class UploadStage extends PipelineStage<UploadOutput> {
  async run(ctx: StageContext) {
    const data = await ctx.original();
    const sha256 = createHash('sha256').update(data).digest('hex');
    if (sha256 !== ctx.document.sha256) throw new StageFailure('FILE_CORRUPTED', 'The stored file does not match the upload');
    return { output: { sha256, size_bytes: data.length } };
  }
}
