/**
 * What a failed read says about the document, decided once for every caller and for both readers
 * (PDFium for pages and text, pdfjs for drawing the layout): the password codes and PDF_UNREADABLE
 * for a file a parser refuses or that outgrows the reader's own limits. Anything else (ENGINE_ERROR)
 * is an error the reader did not expect: the engine tries the job once more before charging it to
 * the file.
 *
 * PDFium answers FPDF_ERR_PASSWORD (4) alike for a missing and a wrong password, pdfjs'
 * PasswordException 1 (none given) or 2 (a wrong one): either way a password that was given and
 * refused is PDF_PASSWORD_INVALID, and none given PDF_PASSWORD_REQUIRED.
 */
import { FPDF_ERR, PdfiumError } from './pdfium.js';
/** A page or document past the reader's limits (drawing operations, nesting, pixels). */
export class PdfLimitExceeded extends Error {
    constructor() {
        super(...arguments);
        this.name = 'PdfLimitExceeded';
    }
}
/** pdfjs' verdicts on a damaged file: reading it again reads it the same way. */
const DAMAGED = new Set(['InvalidPDFException', 'UnknownErrorException', 'MissingPDFException', 'ResponseException', 'FormatError', 'PdfLimitExceeded']);
/** Whether a reader refused the document for its password (a missing or a wrong one): the one test of it. */
export function isPasswordRefusal(error) {
    return (error instanceof PdfiumError && error.code === FPDF_ERR.PASSWORD) || error?.name === 'PasswordException';
}
export function verdictOf(error, password) {
    const e = error;
    const pdfiumPassword = error instanceof PdfiumError && error.code === FPDF_ERR.PASSWORD;
    if (isPasswordRefusal(error)) {
        const refused = pdfiumPassword ? Boolean(password) : e.code === 2 && Boolean(password);
        return refused
            ? { code: 'PDF_PASSWORD_INVALID', message: 'The PDF password is wrong' }
            : { code: 'PDF_PASSWORD_REQUIRED', message: 'The PDF is encrypted; a password is required' };
    }
    // PDFium's other codes: the file, its format, its security handler or a page cannot be read.
    if (error instanceof PdfiumError)
        return { code: 'PDF_UNREADABLE', message: 'The PDF is damaged and cannot be read' };
    if (DAMAGED.has(e?.name ?? ''))
        return { code: 'PDF_UNREADABLE', message: e.message || 'The PDF is damaged and cannot be read' };
    return { code: 'ENGINE_ERROR', message: e?.message ?? String(error) };
}
//# sourceMappingURL=verdict.js.map