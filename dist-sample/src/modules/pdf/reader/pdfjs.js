/**
 * The one entry to pdfjs-dist: import pdfjs from here, never from 'pdfjs-dist/…'. Only the PDF
 * engine's child processes (pdf-child.ts) load it, and tests and benchmarks of the reader itself.
 *
 * Its legacy build (the one that runs on Node 20) bundles core-js, which replaces JSON.stringify,
 * JSON.parse and Array.prototype.push process-wide with slower JavaScript versions. That is why it
 * must never be loaded into the API or the worker: there every response body and array push would
 * pay for them (docs/benchmarks.md, "Load"). A test keeps the service's own modules free of it.
 */
export * from 'pdfjs-dist/legacy/build/pdf.mjs';
//# sourceMappingURL=pdfjs.js.map