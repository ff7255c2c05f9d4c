/**
 * The PDF engine's child process (started by PdfEngine with an empty environment): reads one job at
 * a time from its parent over IPC — the file's bytes, never a path — and answers with the result or
 * with what the failure says about the document (verdict.ts). It holds no secrets and opens no
 * connections; its parent kills it when it outgrows its memory or time.
 *
 * Pages are counted and text is read with PDFium (read.ts), whose module is compiled when the child
 * starts; pdfjs is loaded only by a child that draws a layout (layout.ts, with the canvas) or meets a
 * file PDFium cannot read.
 */
import { loadPdfium } from './pdfium.js';
import { findPassword, readPageCount, readText } from './read.js';
import { runTestHook } from './test-hooks.js';
import { verdictOf } from './verdict.js';
const testHooks = process.argv.includes('--test-hooks');
async function run(job) {
    switch (job.kind) {
        case 'inspect':
            return { pages: await readPageCount(job.data, job.password) };
        case 'text':
            return readText(job.data, job.password, { maxPages: job.maxPages });
        case 'layout':
            return (await import('./layout.js')).renderLayoutZip(job.data, job.password);
        case 'unlock':
            return findPassword(job.data, job.candidates);
    }
    if (!testHooks)
        throw new Error(`unknown job ${job.kind}`);
    return runTestHook(job);
}
process.on('message', (message) => {
    const password = 'password' in message.job ? message.job.password : undefined;
    run(message.job).then((result) => process.send({ id: message.id, ok: true, result }), (error) => process.send({ id: message.id, ok: false, ...verdictOf(error, password) }));
});
// Ready before the first job arrives (a failure here is the first job's to report).
loadPdfium().catch(() => undefined);
// Without its parent there is nothing to do.
process.on('disconnect', () => process.exit(0));
//# sourceMappingURL=pdf-child.js.map