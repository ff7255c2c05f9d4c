/**
 * Detailed statements (CAMS, KFintech) on hand-built lines: the prints the random layouts do not
 * draw, and the rules that decide a figure where labels cannot — the row's arithmetic, and null when
 * it cannot choose. The random layouts (`layout-variation.spec.ts`) draw column orders, subsets,
 * wordings, ISIN places and closing blocks.
 */
import { describe, expect, it } from '@jest/globals';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { readTransaction, readTransactionHeader, NO_COLUMNS } from '../../../src/modules/extraction/parsers/detailed/transactions.js';
import type { TextLine } from '../../../src/modules/extraction/types.js';
import { classifiedAs, line, page, type CellSpec } from '../../support/text-lines.js';

const kfintech = (scheme: CellSpec[][], closing: CellSpec[][]): TextLine[] =>
  page(1, [
    [[30, 'KFIN TECHNOLOGIES LIMITED']],
    [[30, 'Consolidated Account Statement']],
    [[30, 'Statement Period : 01/04/2025 to 30/09/2025']],
    [[30, 'Investor Name : Ramesh Kumar'], [300, 'PAN : ABCPD1234E']],
    [[30, 'Date'], [85, 'Transaction Description'], [350, 'Amount', 'r'], [415, 'NAV', 'r'], [485, 'Units', 'r'], [565, 'Balance Units', 'r']],
    [[30, 'quant Mutual Fund']],
    [[30, 'Folio No : 12345678 / 90'], [220, 'PAN : ABCPD1234E']],
    [[30, 'Name : Ramesh Kumar']],
    ...scheme,
    [[30, 'Opening Balance as on 01/04/2025 : 0.000 Units']],
    [[30, '15/04/2025'], [85, 'Purchase'], [350, '25,000.00', 'r'], [415, '250.0000', 'r'], [485, '100.000', 'r'], [565, '100.000', 'r']],
    ...closing,
  ]);

describe('KFintech detailed prints', () => {
  it('reads a dated opening balance with its unit, and an undated valuation as the printed market value', () => {
    const lines = kfintech(
      [[[30, 'Q271RG-quant Mid Cap Fund - Growth (']], [[30, 'Non-Demat)']], [[30, 'ISIN : INF966L01580   (Advisor: DIRECT)   Registrar : KFINTECH']]],
      [[[30, 'Closing Balance : 100.000'], [145, 'NAV on 30/09/2025 : 250.0000'], [268, 'Cost Value : 25,000.00'], [385, 'Valuation : Rs. 25,000.00']]],
    );
    const [h] = extractStatement(lines, classifiedAs('KFINTECH_DETAILED_CAS')).entities[0].holdings;
    expect(h).toMatchObject({ isin: 'INF966L01580', scheme_name: 'quant Mid Cap Fund - Growth', opening_units: 0, units: 100, nav: 250, cost_value: 25000, market_value: 25000, nav_date: '2025-09-30' });
    expect(h.market_value_source).not.toBe('computed');
  });

  it('reads a closing block printed as two rows, labels over their figures, in its own order', () => {
    const lines = kfintech(
      [[[30, 'ISIN : INF966L01580']], [[30, 'Q271RG-quant Mid Cap Fund - Growth (Non-Demat)']]],
      [
        [[30, 'Valuation on 30/09/2025 :'], [150, 'Closing Balance :'], [260, 'NAV on 30/09/2025 :'], [380, 'Cost Value :']],
        [[30, 'INR 25,000.00'], [150, '100.000'], [260, '250.0000'], [380, '25,000.00']],
      ],
    );
    const [h] = extractStatement(lines, classifiedAs('KFINTECH_DETAILED_CAS')).entities[0].holdings;
    expect(h).toMatchObject({ scheme_name: 'quant Mid Cap Fund - Growth', units: 100, nav: 250, cost_value: 25000, market_value: 25000 });
  });
});

describe('transaction rows: the columns by their labels, else the arithmetic', () => {
  const header = line(1, 40, [30, 'Txn Date'], [88, 'Particulars'], [360, 'Units', 'r'], [420, 'NAV (Rs.)', 'r'], [490, 'Gross Amount', 'r'], [565, 'Closing Units', 'r']);
  const row = (...cells: CellSpec[]): TextLine => line(1, 50, [30, '15-Apr-25'], [88, 'Purchase'], ...cells);

  it('names the columns by their labels, in the order printed', () => {
    const cols = readTransactionHeader(header);
    expect(cols?.right).toEqual({ units: 360, nav: 420, amount: 490, balance: 565 });
    const tx = readTransaction(row([360, '100.000', 'r'], [420, '250.0000', 'r'], [490, '25,000.00', 'r'], [565, '150.000', 'r']), cols!, 50);
    expect(tx).toMatchObject({ date: '2025-04-15', units: 100, nav: 250, amount: 25000, balance_units: 150 });
  });

  it('reads a Dr amount and a trailing minus as an outflow', () => {
    const tx = readTransaction(line(1, 50, [30, '15-Apr-25'], [88, 'Redemption'], [360, '40.000-', 'r'], [420, '250.0000', 'r'], [490, '10,000.00 Dr', 'r'], [565, '110.000', 'r']), readTransactionHeader(header)!, 150);
    expect(tx).toMatchObject({ type: 'redemption', units: -40, amount: -10000, balance_units: 110 });
  });

  it('without a header, the running balance, units × NAV and the printed decimals decide', () => {
    const tx = readTransaction(row([200, '250.0000'], [260, '100.000'], [320, '150.000'], [380, '25,000.00']), NO_COLUMNS, 50);
    expect(tx).toMatchObject({ nav: 250, units: 100, balance_units: 150, amount: 25000 });
  });

  it('leaves the figures null when no single reading is best', () => {
    // Two figures of three decimals, no balance to continue: units and balance cannot be told apart.
    const tx = readTransaction(row([200, '12.500'], [260, '30.000']), NO_COLUMNS, null);
    expect(tx).toMatchObject({ units: null, balance_units: null, amount: null, nav: null });
  });
});
