import { extractPdfText } from '../../extraction/pdf-text.js';
import type { PdfPageText } from '../../extraction/types.js';
import { StageFailure, type StageContext } from '../pipeline-stage.js';

/** Reads the PDF's text with positions, turning a password problem into a clear, final failure. */
export async function readPdfText(ctx: StageContext, maxPages?: number): Promise<PdfPageText[]> {
  try {
    return await extractPdfText(await ctx.original(), ctx.password ?? undefined, { maxPages, signal: ctx.signal });
  } catch (error) {
    const e = error as { name?: string; code?: number };
    if (e.name === 'PasswordException') {
      throw e.code === 2
        ? new StageFailure('PDF_PASSWORD_INVALID', 'The PDF password is wrong')
        : new StageFailure('PDF_PASSWORD_REQUIRED', 'The PDF is encrypted; start the pipeline with its password');
    }
    // pdfjs reports a damaged file as invalid, or as an unknown error from its parser: retrying reads it the same way.
    if (e.name === 'InvalidPDFException' || e.name === 'UnknownErrorException') throw new StageFailure('PDF_UNREADABLE', 'The PDF is damaged and cannot be read');
    if (e.name === 'PdfLimitExceeded') throw new StageFailure('PDF_UNREADABLE', `The PDF cannot be read within the limits: ${(error as Error).message}`);
    throw error;
  }
}
