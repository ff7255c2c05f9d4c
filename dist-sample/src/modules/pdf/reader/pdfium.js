/**
 * PDFium (compiled to WebAssembly, as packaged by @hyzyla/pdfium): the reader of a document's pages
 * and of its text with positions. Only the PDF engine's child processes (pdf-child.ts) load it, and
 * tests and benchmarks of the reader itself.
 *
 * The package's JavaScript wrapper reads plain text only, but its module exports PDFium's whole C API;
 * the text API (FPDFText_*) is used here directly, and its characters turned into the runs the
 * product's line builder takes (pageRuns).
 */
import { PDFiumModule } from '@hyzyla/pdfium';
/** FPDF_GetLastError's codes (fpdfview.h). */
export const FPDF_ERR = { UNKNOWN: 1, FILE: 2, FORMAT: 3, PASSWORD: 4, SECURITY: 5, PAGE: 6 };
/**
 * PDFium refused the document: `code` is FPDF_GetLastError's (FPDF_ERR). PASSWORD means a password
 * is needed and the one given (if any) is not it; verdict.ts maps the codes once for every caller.
 */
export class PdfiumError extends Error {
    constructor(code, message = code === FPDF_ERR.PASSWORD ? 'PDFium needs the PDF password' : `PDFium could not read the PDF (error ${code})`) {
        super(message);
        this.code = code;
        this.name = 'PdfiumError';
    }
}
let instance = null;
/** The module of this process, compiled and initialised once (about 40–60 ms on a quiet machine). */
export function loadPdfium() {
    return pdfium();
}
function pdfium() {
    instance ??= (async () => {
        const M = (await PDFiumModule({}));
        M._FPDF_InitLibrary();
        return M;
    })();
    instance.catch(() => (instance = null));
    return instance;
}
/**
 * Runs `read` on the module. A failure that is not PDFium's answer about the document (its WebAssembly
 * aborted, e.g. out of heap) may have left the module's state broken: the next read starts a new one.
 */
async function withPdfium(read) {
    const M = await pdfium();
    try {
        return read(M);
    }
    catch (error) {
        if (!(error instanceof PdfiumError))
            instance = null;
        throw error;
    }
}
/**
 * pdfjs' thresholds for ending a text item or putting a space in it (its evaluator's getTextContent),
 * as shares of the font size: a gap up to TRACKING_SPACE joins without a space, up to SPACE_IN_FLOW_MAX
 * with one, wider ends the item, as does a step back wider than NEGATIVE_SPACE or a move of the
 * baseline by more than VERTICAL_SHIFT of the font size (or a whole font size: a new line).
 */
const NOT_A_SPACE = 0.03;
const TRACKING_SPACE = 0.102;
const SPACE_IN_FLOW_MAX = 0.6;
const NEGATIVE_SPACE = -0.2;
const VERTICAL_SHIFT = 0.25;
const WHITESPACE = new Set([0x09, 0x0a, 0x0d, 0x20, 0xa0]);
/**
 * PDFium places glyphs in single precision (a position near 100 pt is off by up to 0.00001 pt): a gap
 * within this of a threshold is taken as on it, where pdfjs, computing in double precision, finds a
 * gap that the document makes exactly 0.6 of the font size (a heading set with wide word spacing).
 */
const EPSILON = 0.0005;
/**
 * The runs of one page as pdfjs reports them (its text items), which the line builder was made for,
 * from PDFium's characters with pdfjs' rules: an item ends where the font or its size changes, where
 * the next glyph starts more than SPACE_IN_FLOW_MAX of the font size after the last one ended (or
 * steps back, or leaves the baseline); a gap of TRACKING_SPACE to SPACE_IN_FLOW_MAX, or a space
 * character between two glyphs, is one space; space characters are never kept as such, and glyphs
 * outside the visible area are dropped. `x` is the first glyph's origin, `width` to the end of the
 * last glyph's advance, `y` the baseline from the top of the view, height the font size. Characters
 * PDFium generated itself (line breaks, spaces it inferred) are not the document's and are skipped.
 * Assumes horizontal text, as statements have.
 */
function pageRuns(M, textPage, view, scratch) {
    const items = [];
    let run = null;
    /** Where the last glyph ended (pdfjs' prevTransform), kept across items. */
    let end = null;
    let font = '';
    // pdfjs' two last characters: a space character between two glyphs of an item is one space.
    let [older, newer] = [' ', ' '];
    const saveLast = (ch) => {
        const spaceBetween = older !== ' ' && newer === ' ';
        [older, newer] = [newer, ch];
        return spaceBetween;
    };
    const resetLast = () => void ([older, newer] = [' ', ' ']);
    const flush = () => {
        if (run)
            items.push({ str: run.str, x: run.x, y: view.top - run.y, width: run.right - run.x, height: run.size });
        run = null;
    };
    // Views of the scratch memory, made again when the heap grows (it then has another buffer).
    let floats = new Float32Array(M.HEAPU8.buffer, scratch, 8);
    let doubles = new Float64Array(M.HEAPU8.buffer, scratch, 4);
    const count = M._FPDFText_CountChars(textPage);
    for (let i = 0; i < count; i++) {
        const object = M._FPDFText_GetTextObject(textPage, i);
        if (!object)
            continue;
        if (floats.buffer !== M.HEAPU8.buffer) {
            floats = new Float32Array(M.HEAPU8.buffer, scratch, 8);
            doubles = new Float64Array(M.HEAPU8.buffer, scratch, 4);
        }
        // pdfjs ends the item when the font (its resource) or its size changes.
        M._FPDFTextObj_GetFontSize(object, scratch + 16);
        const key = `${M._FPDFTextObj_GetFont(object)}:${floats[4]}`;
        if (key !== font) {
            flush();
            font = key;
        }
        const code = M._FPDFText_GetUnicode(textPage, i);
        if (WHITESPACE.has(code)) {
            saveLast(' ');
            continue;
        }
        M._FPDFText_GetCharOrigin(textPage, i, scratch, scratch + 8);
        const [x, y] = [doubles[0], doubles[1]];
        M._FPDFText_GetLooseCharBox(textPage, i, scratch);
        if (floats[2] < view.left || x > view.right || y < view.bottom || y > view.top)
            continue;
        const size = M._FPDFText_GetFontSize(textPage, i);
        // As pdfjs compares each glyph with where the last one ended, also when no item is open (which then only forgets the last characters).
        if (end && !(Math.abs(x - end.x) <= EPSILON && Math.abs(y - end.y) <= EPSILON)) {
            const [ax, ay] = [x - end.x, y - end.y];
            const s = run?.size ?? size;
            if (ax < NEGATIVE_SPACE * s - EPSILON || Math.abs(ay) > s + EPSILON) {
                resetLast();
                flush();
            }
            else {
                if (ax <= NOT_A_SPACE * s + EPSILON)
                    resetLast();
                if (ax <= TRACKING_SPACE * s + EPSILON) {
                    if (older !== ' ' && newer === ' ') {
                        resetLast();
                        flush();
                    }
                }
                else if (ax <= SPACE_IN_FLOW_MAX * s + EPSILON) {
                    resetLast();
                    if (run)
                        run.str += ' ';
                }
                else {
                    flush();
                    resetLast();
                }
                if (Math.abs(ay) > VERTICAL_SHIFT * s + EPSILON)
                    flush();
            }
        }
        run ??= { str: '', x, y, right: x, size };
        const ch = String.fromCharCode(code);
        if (saveLast(ch))
            run.str += ' ';
        run.str += ch;
        run.right = floats[2];
        end = { x: run.right, y };
    }
    flush();
    return items;
}
function cString(M, text) {
    const bytes = new TextEncoder().encode(text);
    const ptr = M.wasmExports.malloc(bytes.length + 1);
    M.HEAPU8.set(bytes, ptr);
    M.HEAPU8[ptr + bytes.length] = 0;
    return ptr;
}
/**
 * The fewest bytes a distinct page takes in a file (its dictionary and object number, even packed in
 * an object stream). PDFium counts a page tree that lists one page many times as that many pages
 * (100,000 pages in 600 KB), where pdfjs refuses the repetition: such a file is left to pdfjs.
 */
const MIN_PAGE_BYTES = 16;
/** Opens the document from `data` (with `password`), hands it to `use`, and frees everything after. */
function withDocument(M, data, password, use) {
    // PDFium reads the bytes in place: they stay allocated until the document is closed.
    const dataPtr = M.wasmExports.malloc(data.length);
    M.HEAPU8.set(data, dataPtr);
    const passwordPtr = password ? cString(M, password) : 0;
    const scratch = M.wasmExports.malloc(32);
    try {
        const doc = M._FPDF_LoadMemDocument(dataPtr, data.length, passwordPtr);
        if (!doc)
            throw new PdfiumError(M._FPDF_GetLastError());
        try {
            if (M._FPDF_GetPageCount(doc) > data.length / MIN_PAGE_BYTES)
                throw new PdfiumError(FPDF_ERR.FORMAT, 'The page tree lists more pages than the file can hold');
            return use(doc, scratch);
        }
        finally {
            M._FPDF_CloseDocument(doc);
        }
    }
    finally {
        M.wasmExports.free(scratch);
        if (passwordPtr)
            M.wasmExports.free(passwordPtr);
        M.wasmExports.free(dataPtr);
    }
}
/** A box of the page (FPDFPage_Get*Box), whichever way round it is written; null without one. */
function box(M, get, page, scratch) {
    if (!get.call(M, page, scratch, scratch + 4, scratch + 8, scratch + 12))
        return null;
    const [x1, y1, x2, y2] = new Float32Array(M.HEAPU8.buffer, scratch, 4);
    return { left: Math.min(x1, x2), bottom: Math.min(y1, y2), right: Math.max(x1, x2), top: Math.max(y1, y2) };
}
/** The page's visible area as pdfjs takes it (its `view`): the crop box within the media box, or the media box. */
function viewOf(M, page, scratch, width, height) {
    const media = box(M, M._FPDFPage_GetMediaBox, page, scratch) ?? { left: 0, bottom: 0, right: width, top: height };
    const crop = box(M, M._FPDFPage_GetCropBox, page, scratch);
    if (!crop)
        return media;
    const view = { left: Math.max(crop.left, media.left), bottom: Math.max(crop.bottom, media.bottom), right: Math.min(crop.right, media.right), top: Math.min(crop.top, media.top) };
    return view.left < view.right && view.bottom < view.top ? view : media;
}
/**
 * Opens the document with each of `passwords` in turn (undefined: none), its bytes placed in PDFium's
 * memory once for all of them: answers the index of the first that opens it, or null when each open
 * failed with an error `keepTrying` accepts (a refused password). Any other failure rejects with it.
 */
export function firstOpening(data, passwords, keepTrying) {
    return withPdfium((M) => {
        const dataPtr = M.wasmExports.malloc(data.length);
        M.HEAPU8.set(data, dataPtr);
        try {
            for (let i = 0; i < passwords.length; i++) {
                const password = passwords[i];
                const passwordPtr = password ? cString(M, password) : 0;
                try {
                    const doc = M._FPDF_LoadMemDocument(dataPtr, data.length, passwordPtr);
                    if (doc) {
                        M._FPDF_CloseDocument(doc);
                        return i;
                    }
                    const error = new PdfiumError(M._FPDF_GetLastError());
                    if (!keepTrying(error))
                        throw error;
                }
                finally {
                    if (passwordPtr)
                        M.wasmExports.free(passwordPtr);
                }
            }
            return null;
        }
        finally {
            M.wasmExports.free(dataPtr);
        }
    });
}
/** The number of pages. A missing or wrong password rejects with PdfiumError (FPDF_ERR.PASSWORD). */
export function countPages(data, password) {
    return withPdfium((M) => withDocument(M, data, password, (doc) => M._FPDF_GetPageCount(doc)));
}
/**
 * Reads the text of every page (or of the first `maxPages`), in this process: the PDF engine's child
 * runs it (the service reads through PdfEngine.text), tests and benchmarks call it directly. Empty
 * runs are skipped; an image-only PDF yields pages with no items. Coordinates are PDF points with `y`
 * measured from the top of the page's visible area. A missing or wrong password rejects with
 * PdfiumError (FPDF_ERR.PASSWORD).
 */
export function extractPdfText(data, password, options = {}) {
    return withPdfium((M) => readPdfium(M, data, password, options));
}
/** extractPdfText with a given PDFium module (initialised with FPDF_InitLibrary). */
export function readPdfium(M, data, password, options = {}) {
    return withDocument(M, data, password, (doc, scratch) => {
        const pages = [];
        const last = Math.min(M._FPDF_GetPageCount(doc), options.maxPages ?? Infinity);
        for (let index = 0; index < last; index++) {
            const page = M._FPDF_LoadPage(doc, index);
            if (!page)
                throw new PdfiumError(M._FPDF_GetLastError() || FPDF_ERR.PAGE);
            try {
                const width = M._FPDF_GetPageWidthF(page);
                const height = M._FPDF_GetPageHeightF(page);
                const view = viewOf(M, page, scratch, width, height);
                const textPage = M._FPDFText_LoadPage(page);
                if (!textPage)
                    throw new PdfiumError(FPDF_ERR.PAGE);
                try {
                    pages.push({ page: index + 1, width, height, items: pageRuns(M, textPage, view, scratch) });
                }
                finally {
                    M._FPDFText_ClosePage(textPage);
                }
            }
            finally {
                M._FPDF_ClosePage(page);
            }
        }
        return pages;
    });
}
//# sourceMappingURL=pdfium.js.map