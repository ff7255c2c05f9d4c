/**
 * The KFintech summary parser on hand-built lines shaped like the real statement and its variants:
 * the two-line header, figure columns in any order, a table without a header (arithmetic), names
 * with product codes and numbers, a category column, sub-totals, repeated AMC headings and investor
 * headings.
 */
import { describe, expect, it } from '@jest/globals';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import type { ExtractionDraft, TextLine } from '../../../src/modules/extraction/types.js';
import { page, type CellSpec } from '../../support/text-lines.js';

const parse = (lines: TextLine[]): ExtractionDraft => extractStatement(lines, { code: 'KFINTECH_SUMMARY_CAS', confidence: 95, holdings_statement: true });
const rowsOf = (draft: ExtractionDraft) => draft.entities.flatMap((e) => e.holdings.map((h) => [h.folio, h.isin, h.scheme_name, h.cost_value, h.units, h.nav, h.market_value, h.nav_date]));

const TITLE: CellSpec[][] = [[[30, 'KFIN TECHNOLOGIES LIMITED'], [812, 'KFINTECH', 'r']], [[30, 'Consolidated Account Summary']], [[30, 'As on 31-Mar-2025']], [[30, 'Investor Name :'], [110, 'Ramesh Kumar']], [[30, 'PAN :'], [110, 'ABCPD1234E']]];

/** The row's cells in the reference column order (cost, units, NAV date, price, value at 455–767). */
const ref = (folio: string, isin: string, name: string, cost: string, units: string, price: string, value: string, registrar = 'KFINTECH'): CellSpec[] => [
  [30, folio], [105, isin], [172, name], [455, cost, 'r'], [533, units, 'r'], [549, '31-Mar-2025'], [689, price, 'r'], [767, value, 'r'], [775, registrar],
];

describe('KFintech summary, real layout', () => {
  it('reads the two-line header, product codes (KFintech and CAMS style) and the total', () => {
    const draft = parse(
      page(1, [
        ...TITLE,
        [[455, 'Cost Value', 'r'], [533, 'Closing Unit', 'r'], [689, 'Price', 'r'], [767, 'Market Value', 'r']],
        [[30, 'Folio No.'], [105, 'ISIN'], [172, 'Scheme Name'], [455, '(INR)', 'r'], [533, 'Balance', 'r'], [549, 'NAV Date'], [689, '(INR)', 'r'], [767, '(INR)', 'r'], [775, 'Registrar']],
        [[30, 'Mirae Asset Mutual Fund']],
        ref('79912345678 / 0', 'INF769K01AX2', '117 IOD1G-Mirae Asset Large Cap Fund - Regular Plan - Growth', '1,00,000.00', '1,065.430', '101.2345', '1,07,858.27'),
        [[30, 'Axis Mutual Fund']],
        ref('91012345678 / 0', 'INF846K01164', '120LCGPG - Axis Large Cap Fund - Regular Growth', '1,240.00', '25.000', '60.0000', '1,500.00'),
        [[30, 'Total'], [455, '1,01,240.00', 'r'], [767, '1,09,358.27', 'r']],
      ]),
    );
    expect(draft).toMatchObject({ classification: 'KFINTECH_SUMMARY_CAS', period: { from: null, to: '2025-03-31' }, stated_total: 109358.27 });
    expect(draft.entities).toMatchObject([{ entity_name: 'Ramesh Kumar', pan: 'ABCPD1234E' }]);
    expect(rowsOf(draft)).toEqual([
      ['79912345678 / 0', 'INF769K01AX2', 'Mirae Asset Large Cap Fund - Regular Plan - Growth', 100000, 1065.43, 101.2345, 107858.27, '2025-03-31'],
      ['91012345678 / 0', 'INF846K01164', 'Axis Large Cap Fund - Regular Growth', 1240, 25, 60, 1500, '2025-03-31'],
    ]);
    expect(draft.entities[0].holdings.map((h) => h.amc)).toEqual(['Mirae Asset Mutual Fund', 'Axis Mutual Fund']);
    expect(validateExtraction(draft).flags).toEqual([]);
  });

  it('reads figures by the header whatever the column order, and the total from the value column', () => {
    // units, price, NAV date, value, cost: the cost is the rightmost number of the total row.
    const draft = parse(
      page(1, [
        ...TITLE,
        [[30, 'Folio No.'], [105, 'ISIN'], [172, 'Scheme Name'], [455, 'Unit Balance', 'r'], [533, 'NAV', 'r'], [549, 'Valuation Date'], [689, 'Current Value', 'r'], [767, 'Invested Value', 'r'], [775, 'Registrar']],
        [[30, 'Axis Mutual Fund']],
        [[30, '91012345678 / 0'], [105, 'INF846K01164'], [172, 'Axis Large Cap Fund - Regular Growth'], [455, '0.000', 'r'], [533, '60.0000', 'r'], [549, '31-Mar-2025'], [689, '0.00', 'r'], [767, '0.00', 'r'], [775, 'KFINTECH']],
        [[30, '91012345679 / 0'], [105, 'INF846K01AX8'], [172, 'Axis Short Duration Fund - Direct Plan - Growth'], [455, '37,992.652', 'r'], [533, '33.5322', 'r'], [549, '31-Mar-2025'], [689, '12,73,977.21', 'r'], [767, '10,90,630.13', 'r'], [775, 'KFINTECH']],
        [[172, 'Sub Total'], [689, '12,73,977.21', 'r'], [767, '10,90,630.13', 'r']],
        [[30, 'Grand Total'], [689, '12,73,977.21', 'r'], [767, '10,90,630.13', 'r']],
      ]),
    );
    expect(draft.stated_total).toBe(1273977.21);
    expect(rowsOf(draft)).toEqual([
      ['91012345678 / 0', 'INF846K01164', 'Axis Large Cap Fund - Regular Growth', 0, 0, 60, 0, '2025-03-31'],
      ['91012345679 / 0', 'INF846K01AX8', 'Axis Short Duration Fund - Direct Plan - Growth', 1090630.13, 37992.652, 33.5322, 1273977.21, '2025-03-31'],
    ]);
    expect(validateExtraction(draft).flags).toEqual([]);
  });

  it('keeps a number of a wrapped name in the name, and an AMC heading repeated on a new page names the same AMC', () => {
    const header: CellSpec[] = [[30, 'Folio No.'], [105, 'ISIN'], [172, 'Scheme Name'], [455, 'Cost Value', 'r'], [533, 'Unit Balance', 'r'], [549, 'NAV Date'], [689, 'Price', 'r'], [767, 'Market Value', 'r'], [775, 'Registrar']];
    const draft = parse([
      ...page(1, [...TITLE, header, [[30, 'Motilal Oswal Mutual Fund']], [[172, 'Motilal Oswal Nifty']]]),
      // The row's figures sit on the name's last line, which starts with a number.
      ...page(1, [ref('9101234567 / 0', 'INF247L01AB5', '50 Index Fund - Direct Plan - Growth', '5,000.00', '400.000', '13.5000', '5,400.00')], 112),
      ...page(2, [header, [[30, '(continued) Motilal Oswal Mutual Fund']], ref('9101234568 / 0', 'INF247L01445', 'Motilal Oswal Midcap Fund - Direct Plan - Growth', '2,000.00', '20.000', '110.0000', '2,200.00'), [[30, 'Total'], [455, '7,000.00', 'r'], [767, '7,600.00', 'r']]]),
    ]);
    expect(rowsOf(draft).map((r) => r[2])).toEqual(['Motilal Oswal Nifty 50 Index Fund - Direct Plan - Growth', 'Motilal Oswal Midcap Fund - Direct Plan - Growth']);
    expect(draft.entities[0].holdings.map((h) => h.amc)).toEqual(['Motilal Oswal Mutual Fund', 'Motilal Oswal Mutual Fund']);
    expect(draft.stated_total).toBe(7600);
  });

  it.each([
    { name: 'labelled', heading: [[30, 'Investor Name : Sunita Kumar'], [300, 'PAN : BCDPK2345F']] },
    { name: 'bracketed', heading: [[30, 'Sunita Kumar (PAN: BCDPK2345F)']] },
    { name: 'split', heading: [[30, 'Investor Name'], [110, ': Sunita Kumar'], [300, 'PAN'], [330, ': BCDPK2345F']] },
  ] as Array<{ name: string; heading: CellSpec[] }>)('an investor heading ($name) in the table starts that investor\'s holdings', ({ heading }) => {
    const draft = parse(
      page(1, [
        ...TITLE,
        [[30, 'Folio No.'], [105, 'ISIN'], [172, 'Scheme Name'], [455, 'Cost Value', 'r'], [533, 'Unit Balance', 'r'], [549, 'NAV Date'], [689, 'Price', 'r'], [767, 'Market Value', 'r'], [775, 'Registrar']],
        [[30, 'Axis Mutual Fund']],
        ref('91012345678 / 0', 'INF846K01164', 'Axis Large Cap Fund - Regular Growth', '1,240.00', '25.000', '60.0000', '1,500.00'),
        heading,
        [[30, 'Axis Mutual Fund']],
        ref('91012345679 / 0', 'INF846K01AX8', 'Axis Short Duration Fund - Direct Plan - Growth', '900.00', '30.000', '33.5322', '1,005.97'),
      ]),
    );
    expect(draft.entities.map((e) => [e.entity_name, e.pan, e.holdings.map((h) => h.isin)])).toEqual([
      ['Ramesh Kumar', 'ABCPD1234E', ['INF846K01164']],
      ['Sunita Kumar', 'BCDPK2345F', ['INF846K01AX8']],
    ]);
  });
});

describe('KFintech summary with a category column', () => {
  it('takes the printed category as the asset class (source statement), apart from the name', () => {
    const draft = parse(
      page(1, [
        ...TITLE,
        [[30, 'Folio No.'], [105, 'ISIN'], [172, 'Scheme Name'], [350, 'Asset Class'], [455, 'Cost Value', 'r'], [533, 'Unit Balance', 'r'], [549, 'NAV Date'], [689, 'Price', 'r'], [767, 'Market Value', 'r'], [775, 'Registrar']],
        [[30, 'Nippon India Mutual Fund']],
        [[30, '9101234567 / 0'], [105, 'INF204K01NT1'], [172, 'Nippon India Multi Asset Allocation'], [350, 'Hybrid'], [455, '1,000.00', 'r'], [533, '50.000', 'r'], [549, '31-Mar-2025'], [689, '21.0000', 'r'], [767, '1,050.00', 'r'], [775, 'KFINTECH']],
        [[172, 'Fund - Direct Plan - Growth']],
      ]),
    );
    const [h] = draft.entities[0].holdings;
    expect([h.scheme_name, h.asset_class, h.asset_class_source, h.units, h.market_value]).toEqual(['Nippon India Multi Asset Allocation Fund - Direct Plan - Growth', 'Hybrid', 'statement', 50, 1050]);
  });
});

describe('KFintech summary without a usable header', () => {
  const lines = (row: CellSpec[]): TextLine[] => page(1, [...TITLE, [[30, 'Axis Mutual Fund']], row]);

  it('reads the figures by arithmetic: units (3 decimals) × price (4) = value, the other amount the cost', () => {
    const draft = parse(lines([[30, '91012345679 / 0'], [105, 'INF846K01AX8'], [172, 'Axis Short Duration Fund - Direct Plan - Growth'], [400, '37,992.652'], [450, '10,90,630.13'], [520, '33.5322'], [600, '12,73,977.21'], [680, '31-Mar-2025'], [740, 'KFINTECH']]));
    expect(rowsOf(draft)).toEqual([['91012345679 / 0', 'INF846K01AX8', 'Axis Short Duration Fund - Direct Plan - Growth', 1090630.13, 37992.652, 33.5322, 1273977.21, '2025-03-31']]);
  });

  it('leaves figures it cannot tell apart null, never 0, and the validator names them', () => {
    // Two amounts and neither is units × price: nothing is guessed.
    const draft = parse(lines([[30, '91012345679 / 0'], [105, 'INF846K01AX8'], [172, 'Axis Short Duration Fund - Direct Plan - Growth'], [400, '37,992.652'], [450, '10,90,630.13'], [520, '33.5322'], [600, '12,00,000.00'], [680, '31-Mar-2025']]));
    const [h] = draft.entities[0].holdings;
    expect([h.scheme_name, h.units, h.nav, h.market_value, h.cost_value]).toEqual(['Axis Short Duration Fund - Direct Plan - Growth', null, null, null, null]);
    expect(validateExtraction(draft).flags.map((f) => [f.code, f.isin])).toContainEqual(['FIGURE_MISSING', 'INF846K01AX8']);
  });
});
