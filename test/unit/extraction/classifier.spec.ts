import { describe, expect, it } from '@jest/globals';
import { classifyStatement, scoreStatement } from '../../../src/modules/nexus/extraction/classifier.js';
import type { PdfPageText } from '../../../src/modules/nexus/extraction/types.js';

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
