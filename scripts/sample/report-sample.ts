/**
 * Renders one sample client report, the adviser's copy (the client's pages, then the adviser's page),
 * and writes each page as it prints (pdf.js on @napi-rs/canvas) to docs/images/report-sample-page-N.png,
 * and the PDF to var/report-sample.pdf. `npm run report:sample`. The client is the one a firm really
 * has: September statements read in November, shares in a demat account that print no cost, a folio
 * starting from an opening balance, a sale whose purchase is not on the statements
 * (test/unit/reports/portfolio-sample.ts, septemberClient).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from '../../src/modules/pdf/reader/pdfjs.js';
import { buildReportModel } from '../../src/modules/reports/document/report-model.js';
import { renderClientReport } from '../../src/modules/reports/document/report-pdf.js';
import { septemberClient } from '../../test/unit/reports/portfolio-sample.js';

const SCALE = 1.5;
const OUT = 'docs/images';

const pdf = await renderClientReport(buildReportModel({ ...septemberClient(), firm: 'Acme Wealth Advisors', adviser: 'Meera Iyer', audience: 'adviser' }));
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
console.log(`${doc.numPages} pages written to ${OUT}/report-sample-page-N.png`);
await doc.destroy();
