import { Injectable } from '@nestjs/common';
import { PdfEngine } from '../../../pdf/index.js';
import type { PdfPageText } from '../../../extraction/index.js';
import { PipelineStage, StageFailure, type StageContext } from '../pipeline-stage.js';
import { readPdfText } from './pdf-reading.js';

export interface ParsingOutput {
  pages: PdfPageText[];
  /** `pages.length`, for readers that need only the count (absent from outputs saved before it existed). */
  page_count?: number;
}

/** Stage 3: the text of every page with its position. A PDF without a text layer fails here. */
@Injectable()
export class ParsingStage extends PipelineStage<ParsingOutput> {
  constructor(private readonly pdf: PdfEngine) {
    super();
  }

  async run(ctx: StageContext) {
    const pages = await readPdfText(this.pdf, ctx);
    if (!pages.some((p) => p.items.some((i) => i.str.trim() !== ''))) {
      throw new StageFailure('NO_TEXT_LAYER', 'The PDF has no text layer (a scanned image); it cannot be read');
    }
    return { output: { pages, page_count: pages.length } };
  }
}
