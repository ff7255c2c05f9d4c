import { createCanvas } from '@napi-rs/canvas';
import { zipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const SCALE = 1.5;
const MAX_PAGES = 200;

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
export async function renderLayoutZip(data: Uint8Array, password?: string): Promise<Buffer> {
  const doc = await getDocument({ data, password, isEvalSupported: false, verbosity: 0 }).promise;
  const files: Record<string, Uint8Array> = {};
  const boxes: LayoutBox[] = [];
  try {
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
      const page = await doc.getPage(n);
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
