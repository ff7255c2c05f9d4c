import { extractPdfText } from '../../extraction/pdf-text.js';
import type { PdfPageText } from '../../extraction/types.js';
import { StageFailure, type StageContext } from '../pipeline-stage.js';

/** Reads the PDF's text with positions, turning a password problem into a clear, final failure. */
export async function readPdfText(ctx: StageContext, maxPages?: number): Promise<PdfPageText[]> {
  try {
    return await extractPdfText(await ctx.original(), ctx.password ?? undefined, { maxPages });
  } catch (error) {
    const e = error as { name?: string; code?: number };
    if (e.name === 'PasswordException') {
      throw e.code === 2
        ? new StageFailure('PDF_PASSWORD_INVALID', 'The PDF password is wrong')
        : new StageFailure('PDF_PASSWORD_REQUIRED', 'The PDF is encrypted; start the pipeline with its password');
    }
    if (e.name === 'InvalidPDFException') throw new StageFailure('PDF_UNREADABLE', 'The PDF is damaged and cannot be read');
    throw error;
  }
}
