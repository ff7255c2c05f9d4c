import { countPages, extractPdfText, firstOpening } from './pdfium.js';
import { isPasswordRefusal } from './verdict.js';
/** The number of pages. */
export async function readPageCount(data, password) {
    try {
        return await countPages(data, password);
    }
    catch {
        return (await import('./pdfjs-text.js')).countPdfjsPages(data, password);
    }
}
/** The positioned text of every page (or of the first `maxPages`). */
export async function readText(data, password, options = {}) {
    try {
        return await extractPdfText(data, password, options);
    }
    catch {
        return (await import('./pdfjs-text.js')).extractPdfjsText(data, password, options);
    }
}
/**
 * Which of the candidate passwords opens the document: `index` (0-based) of the first that does, in
 * their order, or null when none does; `encrypted` false when it opens without a password (no
 * candidate is tried). Never the password itself. The file is placed in PDFium once and opened with
 * each candidate; when PDFium opens it with none, or fails otherwise, pdfjs opens it once, answering
 * its password requests with the candidates in the same order, and its verdict stands (a damaged file
 * rejects as for any read). A refused password is told from other failures by verdict.ts alone.
 */
export async function findPassword(data, candidates) {
    const attempts = [undefined, ...candidates];
    const opened = await firstOpening(data, attempts, isPasswordRefusal).catch(() => null);
    if (opened !== null)
        return opened === 0 ? { encrypted: false, index: null } : { encrypted: true, index: opened - 1 };
    const byPdfjs = await (await import('./pdfjs-text.js')).firstPdfjsOpening(data, candidates);
    return byPdfjs === -1 ? { encrypted: false, index: null } : { encrypted: true, index: byPdfjs };
}
//# sourceMappingURL=read.js.map