/**
 * Generator round-trips: generate a statement → classify → buildLines → extractStatement → enrich,
 * then compare holding by holding with the generator's ground truth (harness.ts lists every
 * difference), and validate: a clean statement raises no flag. The parser rules are fed the
 * statement's positioned text; the tests whose subject is reading the PDF (encryption, an embedded
 * font, page breaks, image-only pages, positions) draw it with pdfkit and read it back with pdf.js.
 */
import { describe, expect, it } from '@jest/globals';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { extractPdfText, FPDF_ERR } from '../../../src/modules/pdf/reader/pdfium.js';
import { verdictOf } from '../../../src/modules/pdf/reader/verdict.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import { ALL_QUIRKS, generateStatement, imageOnlyPdf, type Quirks, type StatementFamily } from '../../fixtures/generator/index.js';
import { compareWithModel, FAMILY_CLASS, runChain, runPdfChain, type Run } from './harness.js';

const HOLDING_FAMILIES: StatementFamily[] = ['cams_detailed', 'cams_summary', 'kfintech_detailed', 'kfintech_summary', 'nsdl_cas', 'cdsl_cas'];
const QUIRKS = Object.keys(ALL_QUIRKS) as (keyof Quirks)[];

function expectExact(family: StatementFamily, run: Run): void {
  expect(run.classification).toMatchObject({ code: FAMILY_CLASS[family], holdings_statement: true });
  expect(run.classification.confidence).toBeGreaterThanOrEqual(80);
  expect(compareWithModel(run.model, run.enriched)).toEqual([]);
  const validation = validateExtraction(run.draft);
  expect(validation.flags).toEqual([]);
  expect(validation.checks_run).toBeGreaterThan(run.model.holdings.length);
}

describe.each(HOLDING_FAMILIES)('%s round trip', (family) => {
  it.each([1, 2, 3])('seed %i, defaults', (seed) => {
    expectExact(family, runChain(family, { seed }));
  });

  it('all quirks, two investors', () => {
    expectExact(family, runChain(family, { seed: 4, quirks: ALL_QUIRKS, investors: 2 }));
  });

  it('Rs. prefix, six pages with repeated headers', () => {
    expectExact(family, runChain(family, { seed: 6, currency: 'Rs.', pages: 6 }));
  });

  it.each(QUIRKS)('quirk %s alone', (quirk) => {
    expectExact(family, runChain(family, { seed: 11, quirks: { [quirk]: true } }));
  });

  it('drawn as a PDF (all quirks, three investors, western grouping, minus negatives, ₹ in an embedded font, AES-256 encrypted) and read back exactly', async () => {
    expectExact(family, await runPdfChain(family, { seed: 5, quirks: ALL_QUIRKS, investors: 3, grouping: 'western', negative: 'minus', currency: '₹', encrypt: true }));
  });

  it('drawn as a PDF (Rs. prefix, rc4 encryption, six pages with repeated headers) and read back exactly', async () => {
    expectExact(family, await runPdfChain(family, { seed: 6, currency: 'Rs.', encrypt: { algorithm: 'rc4-128' }, pages: 6 }));
  });
});

describe('documents that are not statements of holdings', () => {
  it('a bank statement is classified as such and yields no holdings', () => {
    for (const seed of [1, 2]) {
      const run = runChain('bank_statement', { seed, investors: 2 });
      expect(run.classification).toMatchObject({ code: 'BANK_STATEMENT', holdings_statement: false });
      expect(run.draft.entities).toEqual([]);
      expect(run.draft.stated_total).toBeNull();
      expect(run.draft.period).toEqual(run.model.period);
      expect(validateExtraction(run.draft).flags).toEqual([]);
    }
  });

  it('an image-only PDF is UNKNOWN with zero confidence and yields no holdings', async () => {
    const pages = await extractPdfText(new Uint8Array(await imageOnlyPdf({ pages: 2 })));
    expect(pages).toHaveLength(2);
    expect(pages.every((p) => p.items.length === 0)).toBe(true);
    const classification = classifyStatement(pages);
    expect(classification).toEqual({ code: 'UNKNOWN', confidence: 0, holdings_statement: false });
    const draft = extractStatement(buildLines(pages), classification);
    expect(draft.entities).toEqual([]);
    expect(validateExtraction(draft).confidence_score).toBe(0);
  });

  it('a holdings parser is never run on an unrecognised document', () => {
    const draft = extractStatement([{ page: 1, y: 10, text: 'INE002A01018 RELIANCE 10 100.00 1,000.00', cells: [{ x: 30, text: 'INE002A01018 RELIANCE 10 100.00 1,000.00' }] }], {
      code: 'UNKNOWN',
      confidence: 10,
      holdings_statement: false,
    });
    expect(draft.entities).toEqual([]);
  });
});

describe('encrypted PDFs', () => {
  it("open with the password and reject a missing or wrong one with PDFium's password error", async () => {
    const s = await generateStatement('cams_detailed', { seed: 2, encrypt: true });
    const data = new Uint8Array(s.pdf);
    await expect(extractPdfText(data)).rejects.toMatchObject({ name: 'PdfiumError', code: FPDF_ERR.PASSWORD });
    await expect(extractPdfText(data, 'WRONG1234X')).rejects.toMatchObject({ name: 'PdfiumError', code: FPDF_ERR.PASSWORD });
    expect(verdictOf(await extractPdfText(data).catch((e: unknown) => e), undefined).code).toBe('PDF_PASSWORD_REQUIRED');
    expect(verdictOf(await extractPdfText(data, 'WRONG1234X').catch((e: unknown) => e), 'WRONG1234X').code).toBe('PDF_PASSWORD_INVALID');
    const pages = await extractPdfText(data, s.password ?? undefined);
    expect(pages.length).toBe(s.model.page_count);
    expect(pages[0].items[0]).toEqual(expect.objectContaining({ str: expect.any(String), x: expect.any(Number), y: expect.any(Number) }));
    // The caller's buffer is left usable.
    expect(data.byteLength).toBe(s.pdf.length);
  });

  it('NSDL password (PAN prefix + date of birth) opens an NSDL CAS', async () => {
    const s = await generateStatement('nsdl_cas', { seed: 3, encrypt: true });
    const pages = await extractPdfText(new Uint8Array(s.pdf), s.password ?? undefined);
    expect(classifyStatement(pages).code).toBe('NSDL_CAS');
  });
});

describe('positions', () => {
  it('measures y from the top of the page', async () => {
    const s = await generateStatement('cams_summary', { seed: 1 });
    const [first] = await extractPdfText(new Uint8Array(s.pdf));
    const title = first.items.find((i) => i.str.includes('Consolidated Account Summary'));
    expect(title).toBeDefined();
    expect(title!.y).toBeLessThan(80); // drawn near the top margin
    expect(first.width).toBeGreaterThan(first.height); // landscape
  });
});
