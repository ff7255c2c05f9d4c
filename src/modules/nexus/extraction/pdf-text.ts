/**
 * Positioned text of a PDF, read in this process by the PDF engine's own reader: for tests and
 * benchmarks of the extraction. The service reads PDFs only through the engine (src/modules/pdf).
 */
export { extractPdfText } from '../../pdf/reader/pdf-text.js';
