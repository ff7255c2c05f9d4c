import { createCanvas } from '@napi-rs/canvas';
import { zipSync } from 'fflate';
import { getDocument, OPS } from './pdfjs.js';
import { PdfLimitExceeded } from './verdict.js';
/** Pixels per PDF unit of a page that fits the budget. */
const SCALE = 1.5;
/**
 * The most pixels one rendered page may have (16 Mpx: 64 MB of RGBA). A page whose box (times its
 * UserUnit, which pdfjs does not bound) would need more is drawn smaller, to fit.
 */
export const MAX_PAGE_PIXELS = 16_000_000;
const MAX_PAGES = 200;
/** Pages with more drawing operations, or nested deeper, are refused (100,000 nested states took 80 s to draw). */
const MAX_PAGE_OPERATIONS = 100_000;
const MAX_NESTING = 256;
const OPENS = new Set([OPS.save, OPS.beginMarkedContent, OPS.beginMarkedContentProps]);
const CLOSES = new Set([OPS.restore, OPS.endMarkedContent]);
async function assertDrawable(page) {
    const { fnArray } = await page.getOperatorList();
    if (fnArray.length > MAX_PAGE_OPERATIONS)
        throw new PdfLimitExceeded(`Page ${page.pageNumber} has more than ${MAX_PAGE_OPERATIONS} drawing operations`);
    let depth = 0;
    for (const fn of fnArray) {
        if (OPENS.has(fn) && ++depth > MAX_NESTING)
            throw new PdfLimitExceeded(`Page ${page.pageNumber} nests its drawing deeper than ${MAX_NESTING} levels`);
        if (CLOSES.has(fn))
            depth--;
    }
}
/** The scale that draws a page of `width` × `height` units (at scale 1) within MAX_PAGE_PIXELS, at most SCALE. */
export function scaleWithinBudget(width, height) {
    if (!(width > 0 && height > 0) || !Number.isFinite(width * height))
        throw new PdfLimitExceeded('A page has no usable size');
    const scale = Math.min(SCALE, Math.sqrt(MAX_PAGE_PIXELS / (width * height)));
    // Never a 0-pixel side: a page absurdly long in one direction is refused instead.
    if (width * scale < 1 || height * scale < 1)
        throw new PdfLimitExceeded('A page is too long and thin to draw');
    return scale;
}
/**
 * The layout analysis as a zip: `page-001.png`… (each page rendered, with every detected text run
 * outlined) and `layout.json` (the boxes in PDF units, origin at the page's top left, and each
 * page's drawing scale in pixels per unit).
 */
export async function renderLayoutZip(data, password) {
    const doc = await getDocument({ data, password, isEvalSupported: false, verbosity: 0 }).promise;
    const files = {};
    const boxes = [];
    const pages = [];
    try {
        for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
            const page = await doc.getPage(n);
            await assertDrawable(page);
            // pdfjs' viewport at scale 1 is the page's box times its UserUnit.
            const unit = page.getViewport({ scale: 1 });
            const scale = scaleWithinBudget(unit.width, unit.height);
            const viewport = page.getViewport({ scale });
            const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
            pages.push({ page: n, scale, width: canvas.width, height: canvas.height });
            const ctx = canvas.getContext('2d');
            ctx.fillStyle = '#ffffff';
            ctx.fillRect(0, 0, canvas.width, canvas.height);
            await page.render({ canvasContext: ctx, canvas: canvas, viewport }).promise;
            const content = await page.getTextContent();
            ctx.strokeStyle = 'rgba(220, 38, 38, 0.9)';
            ctx.lineWidth = 1;
            for (const item of content.items) {
                if (!('str' in item) || item.str.trim() === '')
                    continue;
                const h = item.height || Math.hypot(item.transform[2], item.transform[3]);
                const [x, y] = [item.transform[4], item.transform[5]];
                boxes.push({ page: n, x, y: unit.height - y - h, width: item.width, height: h, text: item.str });
                const [left, top] = viewport.convertToViewportPoint(x, y + h);
                const [right, bottom] = viewport.convertToViewportPoint(x + item.width, y);
                ctx.strokeRect(Math.min(left, right), Math.min(top, bottom), Math.abs(right - left), Math.abs(bottom - top));
            }
            files[`page-${String(n).padStart(3, '0')}.png`] = new Uint8Array(canvas.toBuffer('image/png'));
            page.cleanup();
        }
    }
    finally {
        await doc.destroy();
    }
    files['layout.json'] = new TextEncoder().encode(JSON.stringify({ scale: SCALE, pages, boxes }));
    return zipSync(files, { level: 0 });
}
//# sourceMappingURL=layout.js.map