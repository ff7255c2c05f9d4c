import { describe, expect, it } from '@jest/globals';
import { classifyStatement } from '../../../src/modules/nexus/extraction/classifier.js';
import { extractPdfText } from '../../../src/modules/pdf/reader/pdf-text.js';
import { generateStatement, type StatementFamily } from '../../fixtures/generator/index.js';

// The pipeline's classification stage reads only the first three pages; it must decide as the
// whole document would.
const FAMILIES: Array<[StatementFamily, string]> = [
  ['cams_detailed', 'CAMS_DETAILED_CAS'],
  ['cams_summary', 'CAMS_SUMMARY_CAS'],
  ['kfintech_detailed', 'KFINTECH_DETAILED_CAS'],
  ['kfintech_summary', 'KFINTECH_SUMMARY_CAS'],
  ['nsdl_cas', 'NSDL_CAS'],
  ['cdsl_cas', 'CDSL_CAS'],
  ['bank_statement', 'BANK_STATEMENT'],
];

describe('classification from the first three pages of a long statement', () => {
  it.each(FAMILIES)('%s → %s', async (family, code) => {
    const s = await generateStatement(family, { seed: 5, pages: 8 });
    const firstPages = await extractPdfText(new Uint8Array(s.pdf), s.password ?? undefined, { maxPages: 3 });
    expect(firstPages).toHaveLength(3);
    const result = classifyStatement(firstPages);
    expect(result.code).toBe(code);
    expect(result.confidence).toBeGreaterThanOrEqual(60);
  });
});
