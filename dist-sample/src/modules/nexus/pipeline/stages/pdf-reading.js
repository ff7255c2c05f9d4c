import { setTimeout as sleep } from 'node:timers/promises';
import { PdfEngineBusy, PdfReadError } from '../../../pdf/index.js';
import { StageFailure } from '../pipeline-stage.js';
/** How long a stage waits, in all, for room in a full PDF engine before handing its job back to the queue. */
const BUSY_WAIT_MS = 15_000;
const FAILURES = {
    PDF_PASSWORD_REQUIRED: () => 'The PDF is encrypted; start the pipeline with its password',
    PDF_PASSWORD_INVALID: () => 'The PDF password is wrong',
    PDF_UNREADABLE: (message) => `The PDF cannot be read: ${message}`,
};
/**
 * Reads the PDF's text with positions in the PDF engine. The document's own verdict (a password
 * problem, an unreadable file) fails the process at once with its code. A full engine is waited for
 * and asked again; past BUSY_WAIT_MS, or when the reader was stopped by something else, the error
 * goes to the stage runner as a dependency being away (never the document's fault): the job is retried.
 */
export async function readPdfText(pdf, ctx, maxPages) {
    const data = await ctx.original();
    const waitUntil = Date.now() + BUSY_WAIT_MS;
    for (;;) {
        try {
            return await pdf.text(ctx.process.tenantId, data, ctx.password ?? undefined, { maxPages, signal: ctx.signal });
        }
        catch (error) {
            if (error instanceof PdfReadError)
                throw new StageFailure(error.code, FAILURES[error.code](error.message));
            const wait = error instanceof PdfEngineBusy ? error.retryAfterSeconds * 1000 : Infinity;
            if (Date.now() + wait > waitUntil)
                throw error;
            await sleep(wait, undefined, { signal: ctx.signal });
        }
    }
}
//# sourceMappingURL=pdf-reading.js.map