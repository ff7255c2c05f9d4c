import { describe, expect, it } from '@jest/globals';
import { classifyStatement, scoreStatement } from '../../../src/modules/extraction/classifier.js';
import type { PdfPageText } from '../../../src/modules/extraction/types.js';
import { generateText, NON_HOLDINGS_FAMILIES, STATEMENT_FAMILIES } from '../../fixtures/generator/index.js';
import { FAMILY_CLASS } from './harness.js';
import { randomOptions } from './variation-harness.js';

/** One page, one item per line, 12 points apart. */
function doc(lines: string[]): PdfPageText[] {
  return [{ page: 1, width: 595, height: 842, items: lines.map((str, i) => ({ str, x: 30, y: 40 + i * 12, width: str.length * 4, height: 8 })) }];
}

describe('classifyStatement', () => {
  it('is UNKNOWN with zero confidence when nothing matches', () => {
    expect(classifyStatement(doc(['Minutes of the annual general meeting', 'Attendees: all members', 'Agenda item 1']))).toEqual({ code: 'UNKNOWN', confidence: 0, holdings_statement: false });
    expect(classifyStatement([])).toEqual({ code: 'UNKNOWN', confidence: 0, holdings_statement: false });
  });

  it('stays UNKNOWN, with low confidence, on weak evidence', () => {
    const c = classifyStatement(doc(['Invoice', 'Account No 1234', 'Thank you']));
    expect(c.code).toBe('UNKNOWN');
    expect(c.confidence).toBeLessThanOrEqual(30);
  });

  it('recognises an NSDL CAS from its title and account lines', () => {
    const c = classifyStatement(
      doc([
        'NSDL Consolidated Account Statement',
        'National Securities Depository Limited',
        'DP ID: IN300126 Client ID: 10001234',
        'INE002A01018 RELIANCE INDUSTRIES LIMITED 100 1,275.10 1,27,510.00',
        'INE009A01021 INFOSYS LIMITED 10 1,560.40 15,604.00',
      ]),
    );
    expect(c).toMatchObject({ code: 'NSDL_CAS', holdings_statement: true });
    expect(c.confidence).toBeGreaterThanOrEqual(80);
  });

  it('tells a CAMS detailed CAS from a KFintech one by title and wording', () => {
    const body = ['Folio No: 1234567 / 89 PAN: ABCPD1234E', 'B205RG-HDFC Flexi Cap Fund - Regular Plan - Growth (Non-Demat) - ISIN: INF179K01BE2 Registrar : CAMS'];
    const cams = classifyStatement(doc(['Consolidated Account Statement', '01-Apr-2024 To 31-Mar-2025', ...body, 'Opening Unit Balance: 1.000', 'Closing Unit Balance: 1.000', 'Market Value on 31-Mar-2025: INR 1.00']));
    const kfin = classifyStatement(doc(['KFIN TECHNOLOGIES LIMITED', 'Consolidated Account Statement', ...body, 'Opening Balance : 1.000', 'Closing Balance : 1.000', 'Valuation on 31-Mar-2025 : INR 1.00']));
    expect(cams.code).toBe('CAMS_DETAILED_CAS');
    expect(kfin.code).toBe('KFINTECH_DETAILED_CAS');
  });

  it('does not call a document with securities a bank statement', () => {
    const evidence = scoreStatement(
      doc(['Statement of Account', 'IFSC HDFC0001234', 'Narration Withdrawal Deposit', 'INE002A01018 x', 'INE009A01021 y', 'INF179K01BE2 z', 'Folio No: 1 / 2']),
    );
    expect(evidence.isins).toBe(3);
    expect(evidence.scores.BANK_STATEMENT).toBeLessThan(Math.max(evidence.scores.CAMS_DETAILED_CAS, evidence.scores.NSDL_CAS));
  });

  it('confidence grows with evidence', () => {
    const weak = classifyStatement(doc(['CDSL', 'BO ID : 1208160012345678', 'INE002A01018 RELIANCE 1 1.00 1.00']));
    const strong = classifyStatement(
      doc(['CDSL Consolidated Account Statement', 'Central Depository Services (India) Limited', 'BO ID : 1208160012345678', 'ISIN Security Current Bal Free Bal Safekeep Bal Pledge Bal', 'INE002A01018 RELIANCE 1 1.00 1.00', 'INE009A01021 INFOSYS 1 1.00 1.00', 'INE040A01034 HDFC BANK 1 1.00 1.00']),
    );
    expect(weak.code).toBe('CDSL_CAS');
    expect(strong.code).toBe('CDSL_CAS');
    expect(strong.confidence).toBeGreaterThan(weak.confidence);
  });
});

describe('summary statements of the two registrars', () => {
  const row = '1234567890 / 0 INF846K01AX8 Axis Short Duration Fund - Direct Plan - Growth 1,000.00 37.992 30-Sep-2025 33.5322 1,273.97 KFINTECH';
  const header = ['Cost Value Closing Unit Price Market Value', 'Folio No. ISIN Scheme Name (INR) Balance NAV Date (INR) (INR) Registrar'];
  it.each([
    { name: 'KFintech named in the title block', title: ['KFIN TECHNOLOGIES LIMITED KFINTECH', 'Consolidated Account Summary', 'As on 30-Sep-2025'], code: 'KFINTECH_SUMMARY_CAS' },
    { name: 'Karvy, its former name', title: ['Karvy Fintech Private Limited', 'Consolidated Account Summary', 'As on 30-Sep-2025'], code: 'KFINTECH_SUMMARY_CAS' },
    { name: 'CAMS named in the title block', title: ['Consolidated Account Summary CAMS', 'As on 30-Sep-2025'], code: 'CAMS_SUMMARY_CAS' },
  ])('$name', ({ title, code }) => {
    const result = classifyStatement(doc([...title, 'PAN : ABCPD1234E', ...header, row, 'Total 1,000.00 1,273.97']));
    expect(result.code).toBe(code);
    expect(result.confidence).toBeGreaterThanOrEqual(80);
  });

  it('a KFintech detailed statement is not a summary: it prints opening balances', () => {
    const c = classifyStatement(
      doc(['KFIN TECHNOLOGIES LIMITED', 'Consolidated Account Statement', 'Folio No : 1234567890 / 0 PAN : ABCPD1234E', 'ISIN : INF846K01AX8', 'Opening Balance : 1.000', 'Closing Balance : 1.000', 'Valuation on 31-Mar-2025 : INR 1.00']),
    );
    expect(c.code).toBe('KFINTECH_DETAILED_CAS');
  });

  // Every family's generated statements, in random layouts: each is won by its own class, and the
  // KFintech summary never comes close on another family's statement (nor they on its).
  it.each([...new Set([...STATEMENT_FAMILIES, ...NON_HOLDINGS_FAMILIES])].map((f) => [f]))('%s statements are won by their own class', (family) => {
    for (let seed = 1; seed <= 40; seed++) {
      const { pages } = generateText(family, seed % 4 === 0 ? { seed } : randomOptions(seed));
      const { scores } = scoreStatement(pages.slice(0, 3));
      const own = FAMILY_CLASS[family] as keyof typeof scores;
      const rivals = Object.entries(scores).filter(([c]) => c !== own).map(([, v]) => v);
      expect({ seed, own: scores[own], beatsAll: rivals.every((v) => v < scores[own]) }).toEqual({ seed, own: scores[own], beatsAll: true });
      if (family !== 'kfintech_summary') expect({ seed, margin: scores[own] - scores.KFINTECH_SUMMARY_CAS >= 6 }).toEqual({ seed, margin: true });
      else expect({ seed, margin: scores[own] - Math.max(...rivals) >= 6 }).toEqual({ seed, margin: true });
    }
  });
});
