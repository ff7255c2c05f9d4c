/**
 * The pdf module's public API, for every other module: the one PDF engine of the process (open,
 * decrypt, text with positions, render), its errors and their HTTP mapping, the upload content
 * check, the password field of a request that opens an encrypted PDF, and the positioned text
 * turned into visual lines.
 */
export { PdfModule } from './pdf.module.js';
export { PdfEngine } from './pdf-engine.js';
export { PdfEngineBusy, PdfEngineUnavailable, PdfReadError, pdfHttpError } from './pdf-errors.js';
export { requirePdfUpload, uploadContentOf } from './upload-content.js';
export { PdfPasswordField } from './password-field.js';
export { buildLines } from './text-lines.js';
//# sourceMappingURL=index.js.map