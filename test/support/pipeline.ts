import type { Account, TestApp } from './app.js';
import { bearer } from './app.js';

/** Uploads a PDF and answers the upload result. */
export async function uploadPdf(t: TestApp, account: Account, pdf: Buffer, filename = 'CAS_statement.pdf') {
  const res = await t.http.post('/api/v1/nexus/upload/').set(bearer(account)).attach('file', pdf, { filename, contentType: 'application/pdf' });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.result as { job_id: string; doc_id: string; password_required: boolean };
}

/** Polls the V2 progress until the process ends (or the time runs out); returns every body seen. */
export async function waitForProcess(t: TestApp, account: Account, processId: string, timeoutMs = 30_000) {
  const seen: Array<Record<string, any>> = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.http.get(`/api/v2/nexus/status/process/${processId}/progress`).set(bearer(account));
    if (res.status !== 200) throw new Error(`progress failed: ${res.status} ${JSON.stringify(res.body)}`);
    seen.push(res.body);
    if (res.body.status !== 'processing') return { final: res.body, seen };
    if (Date.now() > deadline) throw new Error(`process ${processId} still processing: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What the extraction library finds in a PDF when nothing interrupts it: the yardstick for recovery tests. */
export async function referenceHoldings(pdf: Buffer, password?: string) {
  const { extractPdfText } = await import('../../src/modules/pdf/reader/pdfium.js');
  const { classifyStatement } = await import('../../src/modules/extraction/classifier.js');
  const { buildLines } = await import('../../src/modules/pdf/text-lines.js');
  const { extractStatement } = await import('../../src/modules/extraction/extractor.js');
  const pages = await extractPdfText(new Uint8Array(pdf), password);
  const draft = extractStatement(buildLines(pages), classifyStatement(pages));
  return draft.entities.flatMap((e) => e.holdings).map((h) => `${h.isin}:${h.units}:${h.market_value}`).sort();
}

export const holdingKeys = (holdings: Array<{ isin: string; units: number; market_value: number }>) =>
  holdings.map((h) => `${h.isin}:${h.units}:${h.market_value}`).sort();
