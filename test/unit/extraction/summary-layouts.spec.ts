/**
 * The summary reader on prints the landscape table does not cover, hand-built: a ruled table per fund
 * house with its own header and total, the ISIN on a line under or over the scheme's name, a header
 * absent or relabelled after a page break, and figures under labels no vocabulary knows (told apart by
 * convention, by the NAV of the same ISIN elsewhere, or left null and flagged). The random layouts of
 * both summaries are in layout-variation.spec.ts; these are the cases named one by one.
 */
import { describe, expect, it } from '@jest/globals';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import type { ExtractionDraft, StatementClass, TextLine } from '../../../src/modules/extraction/types.js';
import { printedPages, type PrintedCell } from '../../support/positioned-pages.js';
import { classifiedAs, page, type CellSpec } from '../../support/text-lines.js';

const read = (lines: TextLine[], code: StatementClass = 'KFINTECH_SUMMARY_CAS'): ExtractionDraft => extractStatement(lines, classifiedAs(code));
const holdings = (draft: ExtractionDraft) => draft.entities.flatMap((e) => e.holdings.map((h) => [h.isin, h.folio, h.scheme_name, h.units, h.nav, h.market_value, h.cost_value, h.amc]));

const TITLE: CellSpec[][] = [[[30, 'Consolidated Account Summary']], [[30, 'As on 30-Sep-2025']], [[30, 'Investor Name : Meera Nair'], [400, 'PAN : ABCPN1234E']]];

/** Scheme name first, then folio, units, NAV date, NAV, cost, value, gain/loss: the ruled print's reference order. */
const HEADER: CellSpec[] = [[30, 'Scheme Name'], [250, 'Folio No.'], [400, 'Balance Units', 'r'], [410, 'NAV Date'], [520, 'NAV (INR)', 'r'], [600, 'Cost (INR)', 'r'], [690, 'Market Value (INR)', 'r'], [780, 'Gain/Loss (INR)', 'r']];
const figures = (units: string, nav: string, cost: string, value: string, gain: string): CellSpec[] => [[400, units, 'r'], [410, '30-Sep-2025'], [520, nav, 'r'], [600, cost, 'r'], [690, value, 'r'], [780, gain, 'r']];

describe('a ruled table per fund house', () => {
  it('reads the ISIN under a wrapped name (a line of it may begin "Total"), each fund house\'s total as its own and the grand total as the statement\'s', () => {
    const draft = read(
      page(1, [
        ...TITLE,
        [[30, 'Axis Mutual Fund']],
        HEADER,
        [[30, 'Axis Short Duration Fund - Direct'], [250, '7327715053 / 0'], ...figures('37,992.652', '33.5322', '10,90,630.13', '12,73,977.21', '1,83,347.08')],
        [[30, 'Plan - Growth']],
        [[30, 'ISIN : INF846K01AX8']],
        [[30, 'Axis Nifty'], [250, '453896063578 / 0'], ...figures('25.000', '60.0000', '1,240.00', '1,500.00', '260.00')],
        [[30, 'Total Market Index Fund - Growth']],
        [[30, 'ISIN : INF846K01BK3']],
        [[30, 'Total'], [600, '10,91,870.13', 'r'], [690, '12,75,477.21', 'r']],
        [[30, 'DSP Mutual Fund']],
        HEADER,
        [[30, '128TSGPG-DSP ELSS Tax Saver Fund -'], [250, '7051933541 / 38'], ...figures('100.000', '150.0000', '12,000.00', '15,000.00', '3,000.00')],
        [[30, 'Regular Plan - Growth']],
        [[30, 'ISIN : INF740K018V0']],
        [[30, 'Total'], [600, '12,000.00', 'r'], [690, '15,000.00', 'r']],
        [[30, 'Grand Total'], [600, '11,03,870.13', 'r'], [690, '12,90,477.21', 'r']],
      ]),
    );
    expect(holdings(draft)).toEqual([
      ['INF846K01AX8', '7327715053 / 0', 'Axis Short Duration Fund - Direct Plan - Growth', 37992.652, 33.5322, 1273977.21, 1090630.13, 'Axis Mutual Fund'],
      ['INF846K01BK3', '453896063578 / 0', 'Axis Nifty Total Market Index Fund - Growth', 25, 60, 1500, 1240, 'Axis Mutual Fund'],
      ['INF740K018V0', '7051933541 / 38', 'DSP ELSS Tax Saver Fund - Regular Plan - Growth', 100, 150, 15000, 12000, 'DSP Mutual Fund'],
    ]);
    expect(draft.stated_total).toBe(1290477.21);
    expect(draft.stated_group_totals).toEqual([
      { kind: 'amc', name: 'Axis Mutual Fund', market_value: 1275477.21 },
      { kind: 'amc', name: 'DSP Mutual Fund', market_value: 15000 },
    ]);
    expect(validateExtraction(draft).flags).toEqual([]);
  });

  it('reads the ISIN over the name, the figures on the name\'s last line, in a CAMS summary', () => {
    const draft = read(
      page(1, [
        [[30, 'Consolidated Account Summary'], [780, 'CAMS', 'r']],
        [[30, 'As on 30-Sep-2025']],
        [[30, 'Meera Nair'], [300, 'PAN: ABCPN1234E']],
        [[30, 'HDFC Mutual Fund']],
        HEADER,
        [[30, 'ISIN: INF179K01BE2']],
        [[30, 'HDFC Flexi Cap Fund -']],
        [[30, 'Regular Plan - Growth'], [250, '1234567 / 89'], ...figures('106.543', '1,700.0000', '1,00,000.00', '1,81,123.10', '81,123.10')],
        [[30, 'ISIN: INF179K01AP0']],
        [[30, 'HDFC Liquid Fund - Regular Plan - Growth'], [250, '1234567 / 89'], ...figures('2.000', '5,000.0000', '10,000.00', '10,000.00', '0.00')],
        [[30, 'Grand Total'], [600, '1,10,000.00', 'r'], [690, '1,91,123.10', 'r']],
      ]),
      'CAMS_SUMMARY_CAS',
    );
    expect(holdings(draft).map((h) => h.slice(0, 6))).toEqual([
      ['INF179K01BE2', '1234567 / 89', 'HDFC Flexi Cap Fund - Regular Plan - Growth', 106.543, 1700, 181123.1],
      ['INF179K01AP0', '1234567 / 89', 'HDFC Liquid Fund - Regular Plan - Growth', 2, 5000, 10000],
    ]);
    expect(validateExtraction(draft).flags).toEqual([]);
  });

  it('reads a table continued on a page without its header, and on another under a relabelled one', () => {
    const row = (name: string, folio: string, isin: string, units: string, nav: string, value: string): CellSpec[] => [[30, name], [250, folio], [330, isin], [470, units, 'r'], [560, nav, 'r'], [660, value, 'r'], [760, '1,000.00', 'r']];
    const header = (labels: string[]): CellSpec[] => [[30, labels[0]], [250, labels[1]], [330, labels[2]], [470, labels[3], 'r'], [560, labels[4], 'r'], [660, labels[5], 'r'], [760, labels[6], 'r']];
    const draft = read([
      ...page(1, [...TITLE, [[30, 'Axis Mutual Fund']], header(['Scheme Name', 'Folio No.', 'ISIN', 'Unit Balance', 'NAV', 'Market Value', 'Cost Value']), row('Axis Large Cap Fund - Regular Plan - Growth', '91012345678 / 0', 'INF846K01BK3', '25.000', '60.0000', '1,500.00')]),
      ...page(2, [row('Axis Short Duration Fund - Direct Plan - Growth', '91012345679 / 0', 'INF846K01AX8', '30.000', '33.5322', '1,005.97')]),
      ...page(3, [header(['Fund Name', 'Folio', 'ISIN Code', 'Units', 'Price', 'Current Value', 'Invested Value']), row('Axis Midcap Fund - Direct Plan - Growth', '91012345680 / 0', 'INF846K01DP8', '10.000', '100.0000', '1,000.00'), [[30, 'Portfolio Total'], [660, '3,505.97', 'r'], [760, '3,000.00', 'r']]]),
    ]);
    expect(holdings(draft).map((h) => [h[0], h[3], h[4], h[5], h[6]])).toEqual([
      ['INF846K01BK3', 25, 60, 1500, 1000],
      ['INF846K01AX8', 30, 33.5322, 1005.97, 1000],
      ['INF846K01DP8', 10, 100, 1000, 1000],
    ]);
    expect(draft.stated_total).toBe(3505.97);
    expect(validateExtraction(draft).flags).toEqual([]);
  });
});

describe('a KFintech summary named only in its footer, CAMS in every row\'s registrar column', () => {
  it('is classified by its issuer and read from its positioned text', () => {
    const header: PrintedCell[] = [[30, 'Scheme Name'], [250, 'Folio No.'], [400, 'Balance Units', 'r'], [410, 'NAV Date'], [520, 'NAV (INR)', 'r'], [600, 'Cost (INR)', 'r'], [690, 'Market Value (INR)', 'r'], [780, 'Gain/Loss (INR)', 'r'], [790, 'Registrar']];
    const row = (name: string, folio: string, units: string, nav: string, cost: string, value: string, gain: string): PrintedCell[] => [
      [30, name], [250, folio], [400, units, 'r'], [410, '30-Sep-2025'], [520, nav, 'r'], [600, cost, 'r'], [690, value, 'r'], [780, gain, 'r'], [790, 'CAMS'],
    ];
    const pages = printedPages([
      {
        rows: [
          [[30, 'Consolidated Account Summary']], [[30, 'As on 30-Sep-2025']], [[30, 'Investor Name : Meera Nair'], [400, 'PAN : ABCPN1234E']], [],
          [[30, 'DSP Mutual Fund']], header,
          row('DSP ELSS Tax Saver Fund - Regular', '7051933541 / 38', '100.000', '150.0000', '12,000.00', '15,000.00', '3,000.00'),
          [[30, 'Plan - Growth']], [[30, 'ISIN : INF740K018V0']],
          row('DSP Midcap Fund - Regular Plan - Growth', '7051933541 / 38', '50.000', '100.0000', '6,000.00', '5,000.00', '(1,000.00)'),
          [[30, 'ISIN : INF740K01797']],
          [[30, 'Total'], [600, '18,000.00', 'r'], [690, '20,000.00', 'r']], [],
          [[30, 'Grand Total'], [600, '18,000.00', 'r'], [690, '20,000.00', 'r']],
        ],
        footer: [[[30, 'KFin Technologies Ltd.'], [812, 'Page 1 of 1', 'r']]],
      },
    ]);
    const classification = classifyStatement(pages);
    expect(classification).toMatchObject({ code: 'KFINTECH_SUMMARY_CAS', holdings_statement: true });
    const draft = extractStatement(buildLines(pages), classification);
    expect(holdings(draft)).toEqual([
      ['INF740K018V0', '7051933541 / 38', 'DSP ELSS Tax Saver Fund - Regular Plan - Growth', 100, 150, 15000, 12000, 'DSP Mutual Fund'],
      ['INF740K01797', '7051933541 / 38', 'DSP Midcap Fund - Regular Plan - Growth', 50, 100, 5000, 6000, 'DSP Mutual Fund'],
    ]);
    expect(draft.stated_total).toBe(20000);
    expect(validateExtraction(draft).flags).toEqual([]);
  });
});

describe('figures under labels no vocabulary knows', () => {
  const header: CellSpec[] = [[30, 'Scheme Name'], [250, 'Folio No.'], [330, 'ISIN'], [470, 'Holding (Nos.)', 'r'], [560, 'Repurchase Price', 'r'], [660, 'Market Value', 'r'], [760, 'Cost Value', 'r']];
  const row = (isin: string, folio: string, a: string, b: string, value: string): CellSpec[] => [[30, 'Axis Large Cap Fund - Regular Plan - Growth'], [250, folio], [330, isin], [470, a, 'r'], [560, b, 'r'], [660, value, 'r'], [760, '1,000.00', 'r']];

  it('are units and NAV by the print\'s conventions: units with 3 decimals, the NAV with 4', () => {
    const draft = read(page(1, [...TITLE, [[30, 'Axis Mutual Fund']], header, row('INF846K01BK3', '91012345678 / 0', '25.000', '60.0000', '1,500.00')]));
    expect(holdings(draft).map((h) => [h[3], h[4], h[5], h[6]])).toEqual([[25, 60, 1500, 1000]]);
  });

  it('are told apart by the NAV the same ISIN is valued at elsewhere when both print 4 decimals, else left null and flagged', () => {
    const labelled: CellSpec[] = [[30, 'Scheme Name'], [250, 'Folio No.'], [330, 'ISIN'], [470, 'Units', 'r'], [560, 'NAV', 'r'], [660, 'Market Value', 'r'], [760, 'Cost Value', 'r']];
    const unlabelledOnly = read(page(1, [...TITLE, [[30, 'Axis Mutual Fund']], header, row('INF846K01BK3', '91012345678 / 0', '25.0000', '60.0000', '1,500.00')]));
    expect(holdings(unlabelledOnly).map((h) => [h[3], h[4], h[5]])).toEqual([[null, null, 1500]]);
    expect(validateExtraction(unlabelledOnly).flags.map((f) => [f.code, f.isin])).toEqual([['FIGURE_MISSING', 'INF846K01BK3']]);

    const withTwin = read(
      page(1, [
        ...TITLE,
        [[30, 'Axis Mutual Fund']],
        header,
        row('INF846K01BK3', '91012345678 / 0', '25.0000', '60.0000', '1,500.00'),
        [[30, 'Investor Name : Ravi Nair'], [400, 'PAN : BCDPN2345F']],
        [[30, 'Axis Mutual Fund']],
        labelled,
        row('INF846K01BK3', '91012345699 / 0', '10.000', '60.0000', '600.00'),
      ]),
    );
    expect(holdings(withTwin).map((h) => [h[1], h[3], h[4], h[5]])).toEqual([
      ['91012345678 / 0', 25, 60, 1500],
      ['91012345699 / 0', 10, 60, 600],
    ]);
  });
});

describe('figures printed short of the statement\'s precision', () => {
  it('are not read: an amount without the paise every other amount prints, a NAV without decimals', () => {
    const header: CellSpec[] = [[30, 'Scheme Name'], [250, 'Folio No.'], [330, 'ISIN'], [470, 'Units', 'r'], [560, 'NAV', 'r'], [660, 'Market Value', 'r'], [760, 'Cost Value', 'r']];
    const row = (isin: string, name: string, units: string, nav: string, value: string, cost: string): CellSpec[] => [[30, name], [250, '91012345678 / 0'], [330, isin], [470, units, 'r'], [560, nav, 'r'], [660, value, 'r'], [760, cost, 'r']];
    const draft = read(
      page(1, [
        ...TITLE,
        [[30, 'Axis Mutual Fund']],
        header,
        // 1,234.567 × 1,217.7608 = 15,03,407.30, printed without its paise.
        row('INF846K01BK3', 'Axis Large Cap Fund - Regular Plan - Growth', '1,234.567', '1,217.7608', '15,03,407', '12,00,000.00'),
        // 0.651 × 64.0054 = 41.67, the NAV printed as 64.
        row('INF846K01AX8', 'Axis Short Duration Fund - Direct Plan - Growth', '0.651', '64', '41.67', '31.06'),
        row('INF846K01DP8', 'Axis Midcap Fund - Direct Plan - Growth', '10.000', '100.0000', '1,000.00', '900.00'),
      ]),
    );
    expect(holdings(draft).map((h) => [h[0], h[3], h[4], h[5]])).toEqual([
      ['INF846K01BK3', 1234.567, 1217.7608, null],
      ['INF846K01AX8', 0.651, null, 41.67],
      ['INF846K01DP8', 10, 100, 1000],
    ]);
    expect(validateExtraction(draft).flags.filter((f) => f.code === 'FIGURE_MISSING').map((f) => f.isin)).toEqual(['INF846K01BK3', 'INF846K01AX8']);
  });
});
