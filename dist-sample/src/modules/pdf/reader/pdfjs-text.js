/**
 * A PDF's pages and positioned text read with pdfjs: the reader of a file PDFium cannot open
 * (read.ts), and the reference PDFium's reading is held to in tests and in `bench/engines.ts`.
 * Coordinates are PDF points with `y` measured from the top of the page (pdfjs reports baselines
 * from the bottom).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from './pdfjs.js';
let fontDataUrl;
/** pdfjs' bundled metrics of the 14 standard fonts, used for PDFs that do not embed them. */
function standardFontDataUrl() {
    if (fontDataUrl === undefined) {
        try {
            const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
            fontDataUrl = join(root, 'standard_fonts') + '/';
        }
        catch {
            fontDataUrl = null;
        }
    }
    return fontDataUrl ?? undefined;
}
/**
 * Reads the text layer of every page (or of the first `maxPages`) with pdfjs. Empty runs are
 * skipped; an image-only PDF yields pages with no items. A missing or wrong password rejects with
 * pdfjs' own `PasswordException`.
 */
export async function extractPdfjsText(data, password, options = {}) {
    const maxPages = options.maxPages;
    // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
    const task = getDocument({
        data: new Uint8Array(data),
        password,
        isEvalSupported: false,
        verbosity: 0,
        standardFontDataUrl: standardFontDataUrl(),
    });
    let doc = null;
    try {
        doc = await task.promise;
        const pages = [];
        const last = Math.min(doc.numPages, maxPages ?? doc.numPages);
        for (let n = 1; n <= last; n++) {
            const page = await doc.getPage(n);
            const viewport = page.getViewport({ scale: 1 });
            // Top edge of the media box (its height when the box starts at 0, as it almost always does).
            const top = page.view[3] ?? viewport.height;
            const content = await page.getTextContent();
            const items = [];
            for (const raw of content.items) {
                if (typeof raw.str !== 'string' || raw.str.trim() === '' || !raw.transform)
                    continue;
                const t = raw.transform;
                const height = raw.height && raw.height > 0 ? raw.height : Math.hypot(t[2], t[3]);
                items.push({ str: raw.str, x: t[4], y: top - t[5], width: raw.width ?? 0, height });
            }
            pages.push({ page: n, width: viewport.width, height: viewport.height, items });
            page.cleanup();
        }
        return pages;
    }
    finally {
        if (doc)
            await doc.destroy();
        else
            await task.destroy();
    }
}
/**
 * Opens a PDF to count its pages. A missing or wrong password rejects with pdfjs' own
 * `PasswordException`, a damaged file with its parser's error (see verdict.ts).
 */
export async function countPdfjsPages(data, password) {
    const task = getDocument({ data: new Uint8Array(data), password, isEvalSupported: false, verbosity: 0, stopAtErrors: false });
    try {
        const doc = await task.promise;
        return doc.numPages;
    }
    finally {
        await task.destroy().catch(() => undefined);
    }
}
/**
 * Opens a PDF once with pdfjs, answering its requests for a password with each of `passwords` in
 * turn: the index of the one that opened it, -1 when it opened without one, or null when it asked
 * for more than there are. A damaged file rejects with its parser's error (see verdict.ts).
 */
export async function firstPdfjsOpening(data, passwords) {
    const task = getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0, stopAtErrors: false });
    let given = 0;
    let exhausted = false;
    task.onPassword = (update) => {
        if (given < passwords.length)
            return update(passwords[given++]);
        exhausted = true;
        update(new Error('no candidate password opens the PDF'));
    };
    try {
        await task.promise;
        return given - 1;
    }
    catch (error) {
        if (exhausted)
            return null;
        throw error;
    }
    finally {
        await task.destroy().catch(() => undefined);
    }
}
//# sourceMappingURL=pdfjs-text.js.map