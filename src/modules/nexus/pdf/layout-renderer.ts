import { createCanvas } from '@napi-rs/canvas';
import { zipSync } from 'fflate';
import { PdfLimitExceeded, readInPdfSandbox } from './pdf-sandbox.js';
import { getDocument, OPS, type PDFPageProxy, type PDFWorker } from './pdfjs.js';

const SCALE = 1.5;
const MAX_PAGES = 200;
/**
 * Drawing runs in this thread (only parsing is in the sandbox), where a hostile page could hold the
 * event loop for minutes (100,000 nested graphics states took 80 s): pages past these are refused.
 */
const MAX_PAGE_OPERATIONS = 100_000;
const MAX_NESTING = 256;
const LAYOUT_TIMEOUT_MS = 30_000;
const OPENS = new Set<number>([OPS.save, OPS.beginMarkedContent, OPS.beginMarkedContentProps]);
const CLOSES = new Set<number>([OPS.restore, OPS.endMarkedContent]);

/** The page's drawing operations (listed in the sandbox) are few and shallow enough to draw here. */
async function assertDrawable(page: PDFPageProxy): Promise<void> {
  const { fnArray } = await page.getOperatorList();
  if (fnArray.length > MAX_PAGE_OPERATIONS) throw new PdfLimitExceeded(`Page ${page.pageNumber} has more than ${MAX_PAGE_OPERATIONS} drawing operations`);
  let depth = 0;
  for (const fn of fnArray) {
    if (OPENS.has(fn) && ++depth > MAX_NESTING) throw new PdfLimitExceeded(`Page ${page.pageNumber} nests its drawing deeper than ${MAX_NESTING} levels`);
    if (CLOSES.has(fn)) depth--;
  }
}

export interface LayoutBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

/**
 * The layout analysis as a zip: `page-001.png`… (each page rendered, with every detected text run
 * outlined) and `layout.json` (the boxes in PDF points, origin at the page's top left).
 */
export function renderLayoutZip(data: Uint8Array, password?: string): Promise<Buffer> {
  // Answered within the HTTP request, so within the time a client waits.
  return readInPdfSandbox((worker) => render(worker, data, password), { timeoutMs: LAYOUT_TIMEOUT_MS });
}

async function render(worker: PDFWorker, data: Uint8Array, password: string | undefined): Promise<Buffer> {
  const doc = await getDocument({ data, password, worker, isEvalSupported: false, verbosity: 0 }).promise;
  const files: Record<string, Uint8Array> = {};
  const boxes: LayoutBox[] = [];
  try {
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
      const page = await doc.getPage(n);
      await assertDrawable(page);
      const viewport = page.getViewport({ scale: SCALE });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: ctx as never, canvas: canvas as never, viewport }).promise;
      const { height } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      ctx.strokeStyle = 'rgba(220, 38, 38, 0.9)';
      ctx.lineWidth = 1;
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const h = item.height || Math.hypot(item.transform[2], item.transform[3]);
        const box = { page: n, x: item.transform[4], y: height - item.transform[5] - h, width: item.width, height: h, text: item.str };
        boxes.push(box);
        ctx.strokeRect(box.x * SCALE, box.y * SCALE, box.width * SCALE, box.height * SCALE);
      }
      files[`page-${String(n).padStart(3, '0')}.png`] = new Uint8Array(canvas.toBuffer('image/png'));
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  files['layout.json'] = new TextEncoder().encode(JSON.stringify({ scale: SCALE, boxes }));
  return Buffer.from(zipSync(files, { level: 0 }));
}
