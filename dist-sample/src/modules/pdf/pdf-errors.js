import { AppException } from '../../common/errors/app.exception.js';
/**
 * The document's own verdict: a password is missing or wrong, or the file cannot be read within the
 * reader's limits. Final: reading it again reads it the same way.
 */
export class PdfReadError extends Error {
    constructor(code, message) {
        super(message);
        this.code = code;
        this.name = 'PdfReadError';
    }
}
/** The engine's queue is full (in total or for this tenant): try again after `retryAfterSeconds`. */
export class PdfEngineBusy extends Error {
    constructor(retryAfterSeconds) {
        super('The PDF engine is busy');
        this.retryAfterSeconds = retryAfterSeconds;
        this.name = 'PdfEngineBusy';
    }
}
/**
 * The read failed for a reason that is not the document's (its reader was killed from outside, or
 * the engine shut down): reading it again may well succeed.
 */
export class PdfEngineUnavailable extends Error {
    constructor() {
        super(...arguments);
        this.name = 'PdfEngineUnavailable';
    }
}
/**
 * The answer to an HTTP request whose PDF work failed: the password codes and an unreadable file
 * (422), a busy engine (503 PDF_ENGINE_BUSY with Retry-After), or the error as it was. `details`
 * overrides a code's explanation (e.g. which form field carries the password).
 */
export function pdfHttpError(error, details = {}) {
    if (error instanceof PdfReadError) {
        const explained = details[error.code] ?? error.message;
        return error.code === 'PDF_UNREADABLE' ? new AppException('UNPROCESSABLE', explained) : new AppException(error.code, explained);
    }
    if (error instanceof PdfEngineBusy) {
        return new AppException('PDF_ENGINE_BUSY', 'Too many PDFs are being read; try again after Retry-After seconds', { headers: { 'Retry-After': String(error.retryAfterSeconds) } });
    }
    if (error instanceof PdfEngineUnavailable) {
        return new AppException('PDF_ENGINE_BUSY', `The PDF could not be read just now (${error.message}); try again`, { headers: { 'Retry-After': '1' } });
    }
    return error;
}
//# sourceMappingURL=pdf-errors.js.map