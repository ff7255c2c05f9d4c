import { Injectable } from '@nestjs/common';
import { PdfEngine } from '../../../pdf/index.js';
import { classifyStatement } from '../../../extraction/index.js';
import type { Classification } from '../../../extraction/index.js';
import { PipelineStage, type StageContext } from '../pipeline-stage.js';
import { readPdfText } from './pdf-reading.js';

/** The statement families name themselves in their first pages; reading further only costs time. */
const CLASSIFICATION_PAGES = 3;

/** Stage 2: which kind of statement this is, and how sure we are. */
@Injectable()
export class ClassificationStage extends PipelineStage<Classification> {
  constructor(private readonly pdf: PdfEngine) {
    super();
  }

  async run(ctx: StageContext) {
    return { output: classifyStatement(await readPdfText(this.pdf, ctx, CLASSIFICATION_PAGES)) };
  }
}
