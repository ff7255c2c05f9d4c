/**
 * Column vocabularies per family: a table is read with the labels every family shares plus its own
 * family's synonyms, declared in the family's description. A synonym declared in one family is read
 * in that family's tables and in no other's.
 */
import { describe, expect, it } from '@jest/globals';
import { columnVocabulary, vocabularyOf } from '../../../src/modules/extraction/families/index.js';
import { column, type FamilyDescription } from '../../../src/modules/extraction/families/family.js';
import { KFINTECH_SUMMARY } from '../../../src/modules/extraction/families/kfintech-summary.js';
import { CAMS_SUMMARY } from '../../../src/modules/extraction/families/cams-summary.js';
import { columnKind, readHeader, type ColumnVocabulary } from '../../../src/modules/extraction/tables/index.js';
import type { StatementClass, TextLine } from '../../../src/modules/extraction/types.js';

const CHAR = 4;

/** A line of labels (or figures), each cell at its x. */
function line(y: number, cells: Array<[number, string]>): TextLine {
  return { page: 1, y, text: cells.map(([, t]) => t).join(' '), cells: cells.map(([x, text]) => ({ x, text, x_end: x + text.length * CHAR })) };
}

const kindsOf = (lines: TextLine[], vocabulary: ColumnVocabulary): Array<string | null> | null => readHeader(lines, 0, vocabulary)?.columns.map((c) => c.kind) ?? null;

const DEPOSITORIES: StatementClass[] = ['NSDL_CAS', 'CDSL_CAS'];
const SUMMARIES: StatementClass[] = ['CAMS_SUMMARY_CAS', 'KFINTECH_SUMMARY_CAS'];

describe("a depository's own column labels", () => {
  it.each([
    ['Market Price (per ₹100)', 'price_per_100'],
    ['Price per Rs. 100 FV', 'price_per_100'],
    ['Safekeep Bal.', 'other_balance'],
    ['Pledge Bal', 'other_balance'],
  ])('%s is a %s column in a depository statement, and unknown in a summary', (label, kind) => {
    for (const code of DEPOSITORIES) expect(columnKind(label, columnVocabulary(code))).toBe(kind);
    for (const code of SUMMARIES) expect(columnKind(label, columnVocabulary(code))).toBeNull();
  });

  it('the labels every family shares are read alike in both', () => {
    for (const code of [...DEPOSITORIES, ...SUMMARIES]) {
      expect(columnKind('Market Value (INR)', columnVocabulary(code))).toBe('value');
      expect(columnKind('Closing Unit Balance', columnVocabulary(code))).toBe('units');
    }
  });

  it("an NSDL government-securities header is read with NSDL's vocabulary, and is no header in a summary's", () => {
    const header = [line(100, [[30, 'ISIN'], [110, 'Security'], [300, 'Face Value (₹)'], [380, 'Market Price (per ₹100)'], [490, 'Value']])];
    expect(kindsOf(header, columnVocabulary('NSDL_CAS'))).toEqual(['isin', 'name', 'face_value', 'price_per_100', 'value']);
    expect(kindsOf(header, columnVocabulary('CAMS_SUMMARY_CAS'))).toBeNull();
  });

  it('the price label wrapped over two lines ("Market Price" over "(per ₹100)") is merged and read', () => {
    const header = [line(100, [[30, 'ISIN'], [110, 'Security'], [300, 'Face Value'], [390, 'Market Price'], [490, 'Value']]), line(110, [[392, '(per ₹100)']])];
    expect(kindsOf(header, columnVocabulary('CDSL_CAS'))).toEqual(['isin', 'name', 'face_value', 'price_per_100', 'value']);
  });
});

describe('a synonym added to one family description', () => {
  // One line in kfintech-summary.ts: `columns: [column('units', /^holding \(nos\.\)$/)]`.
  const kfintech: FamilyDescription = { ...KFINTECH_SUMMARY, columns: [column('units', /^holding \(nos\.\)$/)] };
  const header = [line(100, [[30, 'Folio No.'], [100, 'Scheme Name'], [300, 'Holding (Nos.)'], [380, 'NAV'], [440, 'Market Value']])];

  it('is read in that family', () => {
    expect(columnKind('Holding (Nos.)', vocabularyOf(kfintech))).toBe('units');
    expect(kindsOf(header, vocabularyOf(kfintech))).toEqual(['folio', 'name', 'units', 'nav', 'value']);
  });

  it('and in no other', () => {
    expect(columnKind('Holding (Nos.)', vocabularyOf(CAMS_SUMMARY))).toBeNull();
    expect(columnKind('Holding (Nos.)', vocabularyOf(KFINTECH_SUMMARY))).toBeNull();
    expect(kindsOf(header, vocabularyOf(CAMS_SUMMARY))).toEqual(['folio', 'name', null, 'nav', 'value']);
  });

  it("is tried before the common labels, so a family can read a shared word its own way", () => {
    const own: FamilyDescription = { ...KFINTECH_SUMMARY, columns: [column('cost', /^amount$/)] };
    expect(columnKind('Amount', vocabularyOf(own))).toBe('cost');
    expect(columnKind('Amount', vocabularyOf(KFINTECH_SUMMARY))).toBe('value');
  });
});
