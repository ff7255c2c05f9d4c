/**
 * The rules that let the parsers read layouts they have never seen, one table per rule, on
 * hand-built lines: which row a wrapped name line belongs to, continuation lines across pages,
 * investor names beside their labels, PAN labels, page furniture, and the figures a parser could
 * not read (null and flagged, never 0).
 */
import { describe, expect, it } from '@jest/globals';
import { enrichExtraction } from '../../../src/modules/extraction/enricher.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { findPan } from '../../../src/modules/extraction/identifiers.js';
import { cleanName, dropPageFurniture, holderName, labelledName, TableNames } from '../../../src/modules/extraction/parsers/common.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import type { TextLine } from '../../../src/modules/extraction/types.js';
import { classifiedAs, line, type CellSpec } from '../../support/text-lines.js';

const L = line;
const cls = classifiedAs;

describe('TableNames: the row a wrapped name line belongs to', () => {
  // Each case: events in print order ('A<y>:<own name>' a row, 'F<y>:<text>' a name line, '|' a break)
  // and the names the rows end up with.
  const cases: Array<{ name: string; events: string[]; names: string[] }> = [
    { name: 'top-aligned, rows spaced like lines: the name starts on the row', events: ['A0:HDFC BANK', 'F10:LIMITED', 'A20:INFOSYS', 'F30:LIMITED', '|'], names: ['HDFC BANK LIMITED', 'INFOSYS LIMITED'] },
    { name: 'bottom-aligned, a fragment opens the table: names end on the row', events: ['|', 'F0:HDFC BANK', 'A10:LIMITED', 'F20:INFOSYS', 'A30:LIMITED', '|'], names: ['HDFC BANK LIMITED', 'INFOSYS LIMITED'] },
    { name: 'middle-aligned, even lines: the figures sit between two name lines', events: ['|', 'F0:TATA CONSULTANCY', 'A5:', 'F10:SERVICES LIMITED', 'F23:ITC', 'A28:', 'F33:LIMITED', '|'], names: ['TATA CONSULTANCY SERVICES LIMITED', 'ITC LIMITED'] },
    { name: 'middle-aligned, three lines: the row holds the middle one', events: ['|', 'F0:RELIANCE', 'A10:INDUSTRIES', 'F20:LIMITED', 'A33:HDFC BANK LIMITED', '|'], names: ['RELIANCE INDUSTRIES LIMITED', 'HDFC BANK LIMITED'] },
    { name: 'a row gap wider than the line pitch decides a run between rows', events: ['A0:BHARTI', 'F10:AIRTEL', 'F20:LIMITED', 'A33:HINDUSTAN UNILEVER LIMITED'], names: ['BHARTI AIRTEL LIMITED', 'HINDUSTAN UNILEVER LIMITED'] },
    { name: 'with a gap, a run splits where the lines are furthest apart', events: ['A0:AXIS', 'F10:BLUECHIP FUND', 'F23:SBI', 'A33:NIFTY 50 ETF'], names: ['AXIS BLUECHIP FUND', 'SBI NIFTY 50 ETF'] },
    { name: 'bottom-aligned with a gap, no edge evidence', events: ['A0:ONE', 'F13:TWO', 'A23:THREE'], names: ['ONE', 'TWO THREE'] },
    { name: 'a page break ends a block: a fragment at the top of a page belongs to the row below it', events: ['A0:FIRST ROW', 'P', 'F0:SECOND', 'A10:ROW'], names: ['FIRST ROW', 'SECOND ROW'] },
  ];

  it.each(cases)('$name', ({ events, names }) => {
    const table = new TableNames();
    const got: string[] = [];
    let page = 1;
    for (const e of events) {
      if (e === '|') {
        table.break();
        continue;
      }
      if (e === 'P') {
        page++;
        continue;
      }
      const [, kind, y, text] = /^([AF])([\d.]+):(.*)$/.exec(e)!;
      const line = L(page, Number(y), [100, text || ' ']);
      if (kind === 'A') {
        const i = got.length;
        got.push('');
        table.anchor(line, text, (name: string) => (got[i] = name));
      } else table.fragment(line, text);
    }
    table.resolve();
    expect(got).toEqual(names);
  });
});

describe('investor names beside their labels', () => {
  const names: Array<{ text: string; name: string | null }> = [
    { text: 'Investor Name : Priya Sharma', name: 'Priya Sharma' },
    { text: 'First Holder Name : Kavita Prasad Pillai', name: 'Kavita Prasad Pillai' },
    { text: 'Sole/First Holder : Arjun Joshi', name: 'Arjun Joshi' },
    { text: 'Holder : Deepa Iyer   PAN : ABCPD1234E', name: 'Deepa Iyer' },
    { text: 'Account Holder : Suresh Kumar Iyer', name: 'Suresh Kumar Iyer' },
    { text: 'Name: Lakshmi Kulkarni', name: 'Lakshmi Kulkarni' },
    { text: 'Email : someone@example.com', name: null },
    { text: 'Folio No : 12345 / 67', name: null },
  ];
  it.each(names)('labelledName($text) = $name', ({ text, name }) => {
    expect(labelledName(text)).toBe(name);
  });

  const cleaned: Array<{ text: string; name: string }> = [
    { text: ': Priya Sharma', name: 'Priya Sharma' },
    { text: 'Investor Name : Priya Sharma', name: 'Priya Sharma' },
    { text: 'Priya Sharma (PAN: ABCPS1234K)', name: 'Priya Sharma' },
    { text: '- Priya Sharma -', name: 'Priya Sharma' },
  ];
  it.each(cleaned)('cleanName($text) = $name', ({ text, name }) => {
    expect(cleanName(text)).toBe(name);
  });

  const holders: Array<{ name: string; above: string[]; text: string; expected: string | null }> = [
    { name: 'the name after the PAN on its line', above: [], text: 'PAN : ABCPD1234E   Name : Ramesh Kumar', expected: 'Ramesh Kumar' },
    { name: 'a labelled name on the line above', above: ['First Holder Name : Ramesh Kumar'], text: 'PAN of First Holder : ABCPD1234E', expected: 'Ramesh Kumar' },
    { name: 'the label and its value in separate cells', above: [], text: 'Investor Name | : Ramesh Kumar | PAN | : ABCPD1234E', expected: 'Ramesh Kumar' },
    { name: 'a bare name on the line above', above: ['Ramesh Kumar'], text: 'PAN : ABCPD1234E', expected: 'Ramesh Kumar' },
    { name: 'never an address line above', above: ['Maharashtra, India'], text: 'PAN : ABCPD1234E', expected: null },
    { name: 'never a line that carries another PAN', above: ['Holder : Asha Rao PAN : ABCPR1234K'], text: 'PAN : ABCPD1234E', expected: null },
  ];
  it.each(holders)('holderName: $name', ({ above, text, expected }) => {
    const cellsOf = (t: string): TextLine => L(1, 20, ...t.split(' | ').map((c, i): CellSpec => [30 + i * 150, c]));
    const previous = above.length ? cellsOf(above[0]) : null;
    expect(holderName(cellsOf(text), previous)).toBe(expected);
  });
});

describe('PAN labels', () => {
  const cases: Array<{ text: string; pan: string | null }> = [
    { text: 'PAN: ABCPD1234E', pan: 'ABCPD1234E' },
    { text: 'PAN : ABCPD1234E', pan: 'ABCPD1234E' },
    { text: 'PAN No. ABCPD1234E', pan: 'ABCPD1234E' },
    { text: 'PAN of First Holder : ABCPD1234E', pan: 'ABCPD1234E' },
    { text: 'PAN of the Second Holder: ABCPD1234E', pan: 'ABCPD1234E' },
    { text: 'KYC: OK  PAN: OK', pan: null },
    { text: 'ABCPD1234E', pan: null },
  ];
  it.each(cases)('findPan($text) = $pan', ({ text, pan }) => {
    expect(findPan(text)).toBe(pan);
  });
});

describe('page furniture', () => {
  it('drops a footer on every page, never a name line that recurs between holding rows', () => {
    const pageOf = (n: number): TextLine[] => [
      L(n, 40, [30, 'INE397D01024'], [100, 'BHARTI'], [565, '1,977.88', 'r']),
      L(n, 50, [100, 'AIRTEL LIMITED']),
      L(n, 60, [30, 'INE009A01021'], [100, 'INFOSYS LIMITED'], [565, '1,553.97', 'r']),
      L(n, 800, [30, 'CDSL Consolidated Account Statement'], [565, `Page ${n} of 3`, 'r']),
    ];
    const kept = dropPageFurniture([...pageOf(1), ...pageOf(2), ...pageOf(3)]);
    expect(kept.filter((l) => l.page === 2).map((l) => l.cells[0].text)).toEqual(['INE397D01024', 'AIRTEL LIMITED', 'INE009A01021']);
    expect(kept).toHaveLength(9);
  });
});

describe('detailed statements: a scheme continued on the next page', () => {
  const head = [
    L(1, 40, [30, 'KFIN TECHNOLOGIES LIMITED']),
    L(1, 50, [30, 'Statement Period : 01-Apr-2025 to 30-Sep-2025']),
    L(1, 60, [30, 'Date'], [85, 'Transaction Description'], [350, 'Amount', 'r'], [415, 'NAV', 'r'], [485, 'Units', 'r'], [565, 'Balance Units', 'r']),
    L(1, 70, [30, 'Axis Mutual Fund']),
    L(1, 80, [30, 'Folio No : 12345 / 67'], [220, 'PAN : ABCPD1234E']),
    L(1, 90, [30, 'Name : Ramesh Kumar']),
    L(1, 100, [30, '128AXG - Axis Small Cap Fund - Regular Plan - Growth (Non-Demat)']),
    L(1, 110, [30, 'ISIN : INF846K01K35   (Advisor: ARN-1234)   Registrar : KFINTECH']),
    L(1, 120, [30, 'Opening Balance : 100.000']),
    L(1, 130, [30, '05/04/2025'], [85, 'Purchase'], [350, '10,000.00', 'r'], [415, '100.0000', 'r'], [485, '100.000', 'r'], [565, '200.000', 'r']),
  ];
  const closing = (page: number, y: number): TextLine =>
    L(page, y, [30, 'Closing Balance : 300.000'], [145, 'NAV on 30-Sep-2025 : 110.0000'], [268, 'Cost Value : 30,000.00'], [385, 'Valuation on 30-Sep-2025 : INR 33,000.00']);
  const nextPage = (marker: TextLine[]): TextLine[] => [
    ...marker,
    L(2, 50, [30, '05/05/2025'], [85, 'Purchase'], [350, '10,000.00', 'r'], [415, '100.0000', 'r'], [485, '100.000', 'r'], [565, '300.000', 'r']),
    closing(2, 60),
  ];
  const markers: Array<{ name: string; marker: TextLine[] }> = [
    { name: '"(continued) Folio No : … - <scheme>"', marker: [L(2, 40, [30, '(continued) Folio No : 12345 / 67 - 128AXG - Axis Small Cap Fund - Regular Plan - Growth'])] },
    { name: '"<scheme> (contd.)"', marker: [L(2, 40, [30, '128AXG - Axis Small Cap Fund - Regular Plan - Growth (contd.)'])] },
    { name: 'a repeated column header', marker: [L(2, 40, [30, 'Date'], [85, 'Transaction Description'], [350, 'Amount', 'r'], [415, 'NAV', 'r'], [485, 'Units', 'r'], [565, 'Balance Units', 'r'])] },
    { name: 'nothing at all', marker: [] },
  ];

  it.each(markers)('under $name, every row and the closing figures are read', ({ marker }) => {
    const draft = extractStatement([...head, ...nextPage(marker)], cls('KFINTECH_DETAILED_CAS'));
    const [h] = draft.entities[0].holdings;
    expect({ name: h.scheme_name, units: h.units, nav: h.nav, value: h.market_value, rows: h.transactions.length }).toEqual({ name: 'Axis Small Cap Fund - Regular Plan - Growth', units: 300, nav: 110, value: 33000, rows: 2 });
    expect(draft.entities[0].entity_name).toBe('Ramesh Kumar');
    expect(validateExtraction(draft).flags).toEqual([]);
  });

  it('a closing line that cannot be read leaves the figures null and flagged, never 0', () => {
    const draft = extractStatement([...head, L(2, 40, [30, '(continued) Folio No : 12345 / 67'])], cls('KFINTECH_DETAILED_CAS'));
    const [h] = draft.entities[0].holdings;
    expect({ units: h.units, nav: h.nav, value: h.market_value }).toEqual({ units: null, nav: null, value: null });
    const codes = validateExtraction(draft).flags.map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['FIGURE_MISSING', 'BALANCE_MISMATCH']));
  });

  it('a closing balance that is not the last running balance is refused, and flagged', () => {
    const lines = [...head, L(1, 140, [30, 'Closing Balance : 0.000'], [145, 'NAV on 30-Sep-2025 : 110.0000'], [385, 'Valuation on 30-Sep-2025 : INR 0.00'])];
    const draft = extractStatement(lines, cls('KFINTECH_DETAILED_CAS'));
    expect(draft.entities[0].holdings[0].units).toBeNull();
    const flags = validateExtraction(draft).flags;
    expect(flags.map((f) => f.code)).toContain('FIGURE_REFUTED');
    expect(flags.find((f) => f.message.includes('last transaction leaves'))?.message).toContain('200.000');
  });
});

describe('summary statements: a printed category decides the asset class', () => {
  const lines = [
    L(1, 40, [30, 'Consolidated Account Summary']),
    L(1, 50, [30, 'As on 30-Sep-2025']),
    L(1, 60, [30, 'Ramesh Kumar'], [300, 'PAN: ABCPD1234E']),
    L(1, 70, [30, 'Folio No.'], [118, 'ISIN'], [192, 'Scheme Name'], [385, 'Category'], [492, 'Cost Value', 'r'], [560, 'Unit Balance', 'r'], [572, 'NAV Date'], [680, 'NAV', 'r'], [760, 'Market Value', 'r'], [768, 'Registrar']),
    L(1, 80, [30, 'HDFC Mutual Fund']),
    // The name says flexi cap (equity); the statement says hybrid, and the statement wins.
    L(1, 90, [30, '1234567 / 89'], [118, 'INF179K01BE2'], [192, 'HDFC Flexi Cap Fund - Regular Plan - Growth'], [385, 'Hybrid'], [492, '1,00,000.00', 'r'], [560, '100.000', 'r'], [572, '30-Sep-2025'], [680, '1,700.0000', 'r'], [760, '1,70,000.00', 'r'], [768, 'CAMS']),
    L(1, 100, [30, '1234567 / 89'], [118, 'INF179K01AP0'], [192, 'HDFC Liquid Fund - Regular Plan - Growth'], [385, 'Others'], [492, '10,000.00', 'r'], [560, '2.000', 'r'], [572, '30-Sep-2025'], [680, '5,000.0000', 'r'], [760, '10,000.00', 'r'], [768, 'CAMS']),
    L(1, 110, [30, 'Total'], [492, '1,10,000.00', 'r'], [760, '1,80,000.00', 'r']),
  ];

  it('keeps the printed class with its source, reads the row around the column, and raises no inferred-class flag', () => {
    const draft = extractStatement(lines, cls('CAMS_SUMMARY_CAS'));
    expect(validateExtraction(draft).flags).toEqual([]);
    const enriched = enrichExtraction(draft);
    expect(enriched.entities[0].holdings.map((h) => [h.scheme_name, h.asset_class, h.asset_class_source, h.units, h.market_value])).toEqual([
      ['HDFC Flexi Cap Fund - Regular Plan - Growth', 'Hybrid', 'statement', 100, 170000],
      ['HDFC Liquid Fund - Regular Plan - Growth', 'Other', 'statement', 2, 10000],
    ]);
    expect(enriched.enrichment_flags ?? []).toEqual([]);
  });
});
