import { describe, expect, it } from '@jest/globals';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { extractPdfText } from '../../../src/modules/pdf/reader/pdfium.js';
import { generateStatement, generateText, type StatementFamily } from '../../fixtures/generator/index.js';

// The pipeline's classification stage reads only the first three pages; it must decide as the
// whole document would. The classifier is fed the first three pages' positioned text; reading only
// those pages of the PDF is the last test's subject.
const FAMILIES: Array<{ family: StatementFamily; code: string }> = [
  { family: 'cams_detailed', code: 'CAMS_DETAILED_CAS' },
  { family: 'cams_summary', code: 'CAMS_SUMMARY_CAS' },
  { family: 'kfintech_detailed', code: 'KFINTECH_DETAILED_CAS' },
  { family: 'kfintech_summary', code: 'KFINTECH_SUMMARY_CAS' },
  { family: 'nsdl_cas', code: 'NSDL_CAS' },
  { family: 'cdsl_cas', code: 'CDSL_CAS' },
  { family: 'bank_statement', code: 'BANK_STATEMENT' },
  { family: 'deposit_certificate', code: 'DEPOSIT_CERTIFICATE' },
  { family: 'tax_certificate', code: 'TAX_CERTIFICATE' },
];

describe('classification from the first three pages of a long statement', () => {
  it.each(FAMILIES)('$family → $code', ({ family, code }) => {
    const { pages } = generateText(family, { seed: 5, pages: 8 });
    expect(pages.length).toBeGreaterThan(3);
    const result = classifyStatement(pages.slice(0, 3));
    expect(result.code).toBe(code);
    expect(result.confidence).toBeGreaterThanOrEqual(60);
  });

  it('reading a PDF with maxPages reads only those first pages, and they classify as the whole document', async () => {
    const s = await generateStatement('kfintech_detailed', { seed: 5, pages: 8 });
    const firstPages = await extractPdfText(new Uint8Array(s.pdf), s.password ?? undefined, { maxPages: 3 });
    expect(firstPages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(classifyStatement(firstPages).code).toBe('KFINTECH_DETAILED_CAS');
  });
});
