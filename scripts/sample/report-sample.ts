/**
 * Renders one sample household report and writes each page as the client sees it (pdf.js on
 * @napi-rs/canvas) to docs/images/report-sample-page-N.png, and the PDF to var/report-sample.pdf.
 * `npm run report:sample`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from '../../src/modules/pdf/reader/pdfjs.js';
import { buildReportModel } from '../../src/modules/reports/document/report-model.js';
import { renderClientReport } from '../../src/modules/reports/document/report-pdf.js';
import { reportVariant } from '../../test/unit/reports/report-variants.js';

/** A household of three with 36 holdings (report-variants.ts, seed 25): tables continued over pages, long names, notes. */
const SAMPLE_SEED = Number(process.env.FOLIODESK_REPORT_SAMPLE_SEED ?? 25);
const SCALE = 1.5;
const OUT = 'docs/images';

const pdf = await renderClientReport(buildReportModel(reportVariant(SAMPLE_SEED)));
mkdirSync('var', { recursive: true });
writeFileSync('var/report-sample.pdf', pdf);
mkdirSync(OUT, { recursive: true });
for (const old of readdirSync(OUT).filter((f) => /^report-sample-page-\d+\.png$/.test(f))) rmSync(`${OUT}/${old}`);
const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: SCALE });
  const canvas = createCanvas(Math.floor(viewport.width), Math.floor(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: ctx as never, canvas: canvas as never, viewport }).promise;
  writeFileSync(`${OUT}/report-sample-page-${n}.png`, canvas.toBuffer('image/png'));
}
console.log(`${doc.numPages} pages written to ${OUT}/report-sample-page-N.png (seed ${SAMPLE_SEED})`);
await doc.destroy();
