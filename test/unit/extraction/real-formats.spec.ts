/**
 * Parsers on hand-built lines shaped like the real statements (layouts the generator does not
 * draw): two-line column headers, nominee lines, the NSDL "Stock Symbol" and "Mutual Fund Folios
 * (F)" tables, the CDSL mutual-fund table with the name before the ISIN, depository transaction
 * sections, cells without right edges.
 */
import { describe, expect, it } from '@jest/globals';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import type { TextLine } from '../../../src/modules/extraction/types.js';
import { classifiedAs, line, page, type CellSpec } from '../../support/text-lines.js';

const L = line;
const cls = classifiedAs;

describe('CAMS detailed, real layout', () => {
  const header: CellSpec[][] = [
    [[30, 'Date'], [88, 'Transaction'], [360, 'Amount', 'r'], [420, 'Units', 'r'], [490, 'Price', 'r'], [565, 'Unit', 'r']],
    [[360, '(INR)', 'r'], [490, '(INR)', 'r'], [565, 'Balance', 'r']],
  ];
  const lines = [
    ...page(1, [
      [[30, 'Consolidated Account Statement']],
      [[30, '01-Apr-2024 To 31-Mar-2025']],
      [[30, 'PORTFOLIO SUMMARY']],
      [[30, 'Mutual Fund'], [430, 'Cost Value', 'r'], [565, 'Market Value', 'r']],
      [[30, 'HDFC Mutual Fund'], [430, '1,10,000.00', 'r'], [565, '2,01,122.80', 'r']],
      [[30, 'Total'], [430, '1,10,000.00', 'r'], [565, '2,01,122.80', 'r']],
      ...header,
      [[30, 'HDFC Mutual Fund']],
      [[30, 'Folio No: 1234567/89'], [200, 'PAN: ABCPD1234E'], [320, 'KYC: OK PAN: OK']],
      [[30, 'Ramesh Kumar']],
      [[30, 'B205RG-HDFC Flexi Cap Fund - Regular Plan - Growth (Non-Demat) - ISIN: INF179K01BE2(Advisor: ARN-0155) Registrar : CAMS']],
      [[30, 'Nominee 1: Sita Kumar']],
      [[30, 'Opening Unit Balance: 100.000']],
      [[30, '05-Apr-2024'], [88, 'Purchase - via Internet'], [360, '10,000.00', 'r'], [420, '6.543', 'r'], [490, '1,528.3500', 'r'], [565, '106.543', 'r']],
      [[30, '05-Apr-2024'], [88, '*** Stamp Duty ***'], [360, '0.50', 'r']],
    ]),
    // page 2: repeated two-line header, then the rest of the scheme
    ...page(2, [
      ...header,
      [[30, '10-May-2024'], [88, 'IDCW Paid @ Rs.0.50 per unit'], [360, '53.27', 'r']],
      [[30, 'Closing Unit Balance: 106.543'], [150, 'NAV on 31-Mar-2025: INR 1,700.0000'], [275, 'Total Cost Value: 1,00,000.00'], [390, 'Market Value on 31-Mar-2025: INR 1,81,123.10']],
      [[30, 'P8042-ICICI Prudential Liquid Fund - Direct Plan - Growth']],
      [[30, '(Non-Demat) - ISIN: INF109K01Z48']],
      [[30, '(Advisor: DIRECT)']],
      [[30, 'Registrar : CAMS']],
      [[30, 'Opening Unit Balance: 0.000']],
      [[30, '12-Jun-2024'], [88, 'Purchase'], [360, '9,999.50', 'r'], [420, '28.571', 'r'], [490, '349.9900', 'r'], [565, '28.571', 'r']],
      [[30, '12-Jun-2024'], [88, '*** Stamp Duty ***'], [360, '0.50', 'r']],
      [[30, 'Closing Unit Balance: 28.571   NAV on 31-Mar-2025: INR 700.0000   Total Cost Value: 10,000.00   Market Value on 31-Mar-2025: INR 19,999.70']],
    ]),
  ];

  it('reads holdings, transactions and totals', () => {
    const draft = extractStatement(lines, cls('CAMS_DETAILED_CAS'));
    expect(draft.period).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    expect(draft.stated_total).toBe(201122.8);
    expect(draft.entities).toHaveLength(1);
    const [e] = draft.entities;
    expect(e).toMatchObject({ entity_name: 'Ramesh Kumar', pan: 'ABCPD1234E' });
    expect(e.holdings.map((h) => [h.isin, h.scheme_name, h.folio, h.amc, h.units, h.nav, h.market_value, h.cost_value, h.opening_units])).toEqual([
      ['INF179K01BE2', 'HDFC Flexi Cap Fund - Regular Plan - Growth', '1234567/89', 'HDFC Mutual Fund', 106.543, 1700, 181123.1, 100000, 100],
      ['INF109K01Z48', 'ICICI Prudential Liquid Fund - Direct Plan - Growth', '1234567/89', 'HDFC Mutual Fund', 28.571, 700, 19999.7, 10000, 0],
    ]);
    expect(e.holdings[0].transactions).toEqual([
      { date: '2024-04-05', type: 'purchase', description: 'Purchase - via Internet', amount: 10000, units: 6.543, nav: 1528.35, balance_units: 106.543 },
      { date: '2024-04-05', type: 'stamp_duty', description: '*** Stamp Duty ***', amount: 0.5, units: null, nav: null, balance_units: null },
      { date: '2024-05-10', type: 'idcw_payout', description: 'IDCW Paid @ Rs.0.50 per unit', amount: 53.27, units: null, nav: null, balance_units: null },
    ]);
    expect(e.holdings[0].nav_date).toBe('2025-03-31');
    expect(validateExtraction(draft).flags).toEqual([]);
  });

  it('assigns numbers by arithmetic when cells carry no right edges', () => {
    const bare = lines.map((l) => ({ ...l, cells: l.cells.map(({ x, text }) => ({ x, text })) }));
    const draft = extractStatement(bare, cls('CAMS_DETAILED_CAS'));
    const [h] = draft.entities[0].holdings;
    expect(h.transactions[0]).toMatchObject({ amount: 10000, units: 6.543, nav: 1528.35, balance_units: 106.543 });
    expect(validateExtraction(draft).flags).toEqual([]);
  });

  it('reads KFintech column order (Amount, NAV, Units, Balance) from the header', () => {
    const kf = [
      ...page(1, [
        [[30, 'KFIN TECHNOLOGIES LIMITED']],
        [[30, 'Statement Period : 01-Apr-2024 to 31-Mar-2025']],
        [[30, 'Date'], [85, 'Transaction Description'], [350, 'Amount', 'r'], [415, 'NAV', 'r'], [485, 'Units', 'r'], [565, 'Balance Units', 'r']],
        [[30, 'Axis Mutual Fund']],
        [[30, 'Folio No : 91012345678 / 0'], [220, 'PAN : ABCPD1234E']],
        [[30, 'Name : Ramesh Kumar']],
        [[30, '120LCGPG - Axis Large Cap Fund - Regular Growth (Non-Demat)']],
        [[30, 'ISIN : INF846K01164']],
        [[30, 'Opening Balance : 10.000']],
        [[30, '02/05/2024'], [85, 'Purchase'], [350, '1,000.00', 'r'], [415, '50.0000', 'r'], [485, '20.000', 'r'], [565, '30.000', 'r']],
        [[30, '03/06/2024'], [85, 'Redemption'], [350, '(260.00)', 'r'], [415, '52.0000', 'r'], [485, '(5.000)', 'r'], [565, '25.000', 'r']],
        [[30, 'Closing Balance : 25.000'], [145, 'NAV on 31-Mar-2025 : 60.0000'], [268, 'Cost Value : 1,240.00']],
        [[385, 'Valuation on 31-Mar-2025 : INR 1,500.00']],
      ]),
    ];
    const draft = extractStatement(kf, cls('KFINTECH_DETAILED_CAS'));
    const [h] = draft.entities[0].holdings;
    expect(draft.entities[0]).toMatchObject({ entity_name: 'Ramesh Kumar', pan: 'ABCPD1234E' });
    expect(h).toMatchObject({ isin: 'INF846K01164', scheme_name: 'Axis Large Cap Fund - Regular Growth', folio: '91012345678 / 0', units: 25, nav: 60, market_value: 1500, cost_value: 1240 });
    expect(h.transactions.map((t) => [t.amount, t.nav, t.units, t.balance_units])).toEqual([
      [1000, 50, 20, 30],
      [-260, 52, -5, 25],
    ]);
    expect(validateExtraction(draft).flags).toEqual([]);
  });
});

describe('CAMS detailed, awkward cases', () => {
  it('skips a scheme printed without an ISIN and reads a PAN printed under the folio', () => {
    const lines = page(1, [
      [[30, 'Consolidated Account Statement']],
      [[30, '01-Apr-2024 To 31-Mar-2025']],
      [[30, 'Date'], [88, 'Transaction'], [360, 'Amount', 'r'], [420, 'Units', 'r'], [490, 'Price', 'r'], [565, 'Unit Balance', 'r']],
      [[30, 'SBI Mutual Fund']],
      [[30, 'Folio No: 11223344 / 55']],
      [[30, 'PAN: ABCPD1234E'], [200, 'KYC: OK PAN: OK']],
      [[30, 'Meera Iyer']],
      [[30, 'L123RG-SBI Old Closed Scheme - Regular Plan (Non-Demat) Registrar : CAMS']],
      [[30, 'Opening Unit Balance: 10.000']],
      [[30, '05-Apr-2024'], [88, 'Redemption'], [360, '(1,000.00)', 'r'], [420, '(10.000)', 'r'], [490, '100.0000', 'r'], [565, '0.000', 'r']],
      [[30, 'Closing Unit Balance: 0.000   NAV on 31-Mar-2025: INR 100.0000   Total Cost Value: 0.00   Market Value on 31-Mar-2025: INR 0.00']],
      [[30, 'L456RG-SBI Contra Fund - Regular Plan - Growth (Non-Demat) - ISIN: INF200K01008(Advisor: ARN-1) Registrar : CAMS']],
      [[30, 'Opening Unit Balance: 2.000']],
      [[88, '*** No transactions during this statement period ***']],
      [[30, 'Closing Unit Balance: 2.000   NAV on 31-Mar-2025: INR 350.0000   Total Cost Value: 500.00   Market Value on 31-Mar-2025: INR 700.00']],
    ]);
    const draft = extractStatement(lines, cls('CAMS_DETAILED_CAS'));
    expect(draft.entities).toHaveLength(1);
    expect(draft.entities[0]).toMatchObject({ entity_name: 'Meera Iyer', pan: 'ABCPD1234E' });
    expect(draft.entities[0].holdings.map((h) => [h.isin, h.scheme_name, h.units, h.market_value, h.transactions.length])).toEqual([
      ['INF200K01008', 'SBI Contra Fund - Regular Plan - Growth', 2, 700, 0],
    ]);
  });
});

describe('NSDL CAS, real layout', () => {
  const lines = page(1, [
    [[30, 'NSDL Consolidated Account Statement']],
    [[30, 'Statement for the period from 01-Mar-2025 to 31-Mar-2025']],
    [[30, 'NSDL Demat Account'], [300, 'ACCOUNT HOLDER']],
    [[30, 'HDFC BANK LIMITED'], [300, 'RAMESH KUMAR (PAN:ABCPD1234E)']],
    [[30, 'DP ID: IN300126 Client ID: 10001234']],
    [[30, 'Equity Shares']],
    [[30, 'ISIN'], [95, 'Stock Symbol'], [160, 'Company Name'], [330, 'Face Value', 'r'], [400, 'No. of Shares', 'r'], [470, 'Market Price', 'r'], [565, 'Value', 'r']],
    [[30, 'INE002A01018'], [95, 'RELIANCE'], [160, 'RELIANCE INDUSTRIES'], [330, '10.00', 'r'], [400, '100', 'r'], [470, '1,275.10', 'r'], [565, '1,27,510.00', 'r']],
    [[30, 'RIL'], [160, 'LIMITED']],
    [[30, 'INE009A01021'], [95, 'INFY'], [160, 'INFOSYS LIMITED'], [330, '5.00', 'r'], [400, '10', 'r'], [470, '1,560.40', 'r'], [565, '15,604.00', 'r']],
    [[160, 'Sub Total'], [565, '1,43,114.00', 'r']],
    [[30, 'Mutual Fund Folios (F)']],
    [[30, 'ISIN'], [85, 'UCC'], [130, 'ISIN Description'], [250, 'Folio No.'], [300, 'No. of Units', 'r'], [340, 'Average Cost', 'r'], [390, 'Total Cost', 'r'], [440, 'Current NAV', 'r'], [500, 'Current Value', 'r'], [540, 'Unrealised', 'r'], [565, 'Return', 'r']],
    [[30, 'INF179K01BE2'], [85, 'MFHDFC0001'], [130, 'HDFC Flexi Cap Fund - Regular'], [250, '1234567/89'], [300, '106.543', 'r'], [340, '938.59', 'r'], [390, '1,00,000.00', 'r'], [440, '1,700.0000', 'r'], [500, '1,81,123.10', 'r'], [540, '81,123.10', 'r'], [565, '18.50', 'r']],
    [[130, 'Plan - Growth']],
    [[30, 'Total'], [500, '1,81,123.10', 'r']],
    [[30, 'STATEMENT OF TRANSACTIONS FOR THE PERIOD']],
    [[30, 'INE002A01018'], [95, 'RELIANCE INDUSTRIES LIMITED'], [400, 'Opening Balance', 'r'], [470, '90', 'r']],
    [[30, '05-03-2025'], [95, 'Market Buy'], [400, '10', 'r'], [470, '100', 'r']],
    [[30, 'Grand Total'], [565, '3,24,237.10', 'r']],
  ]);

  it('reads equities (symbol column, ticker under the ISIN, wrapped names) and the MF folios table', () => {
    const draft = extractStatement(lines, cls('NSDL_CAS'));
    expect(draft.period).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    expect(draft.stated_total).toBe(324237.1);
    expect(draft.entities).toHaveLength(1);
    expect(draft.entities[0]).toMatchObject({ entity_name: 'RAMESH KUMAR', pan: 'ABCPD1234E' });
    expect(draft.entities[0].holdings.map((h) => [h.isin, h.scheme_name, h.units, h.nav, h.market_value, h.folio])).toEqual([
      ['INE002A01018', 'RELIANCE INDUSTRIES LIMITED', 100, 1275.1, 127510, null],
      ['INE009A01021', 'INFOSYS LIMITED', 10, 1560.4, 15604, null],
      ['INF179K01BE2', 'HDFC Flexi Cap Fund - Regular Plan - Growth', 106.543, 1700, 181123.1, '1234567/89'],
    ]);
    expect(draft.entities[0].holdings[0].account_id).toBe('IN30012610001234');
    expect(validateExtraction(draft).flags).toEqual([]);
  });
});

describe('NSDL CAS, joint account', () => {
  it('gives an account\'s holdings to its first holder', () => {
    const lines = page(1, [
      [[30, 'NSDL Consolidated Account Statement']],
      [[30, 'Statement for the period from 01-Mar-2025 to 31-Mar-2025']],
      [[30, 'NSDL Demat Account'], [300, 'ACCOUNT HOLDERS']],
      [[30, 'ICICI BANK LIMITED'], [300, 'SITA KUMAR (PAN:BCDPK2345F)']],
      [[30, 'DP ID: IN301549 Client ID: 20002345'], [300, 'RAMESH KUMAR (PAN:ABCPD1234E)']],
      [[30, 'ISIN'], [95, 'Company Name'], [400, 'No. of Shares', 'r'], [470, 'Market Price', 'r'], [565, 'Value', 'r']],
      [[30, 'INE009A01021'], [95, 'INFOSYS LIMITED'], [400, '10', 'r'], [470, '1,560.40', 'r'], [565, '15,604.00', 'r']],
      [[30, 'NSDL Demat Account'], [300, 'ACCOUNT HOLDER']],
      [[30, 'HDFC BANK LIMITED'], [300, 'RAMESH KUMAR (PAN:ABCPD1234E)']],
      [[30, 'DP ID: IN300126 Client ID: 10001234']],
      [[30, 'ISIN'], [95, 'Company Name'], [400, 'No. of Shares', 'r'], [470, 'Market Price', 'r'], [565, 'Value', 'r']],
      [[30, 'INE002A01018'], [95, 'RELIANCE INDUSTRIES LIMITED'], [400, '100', 'r'], [470, '1,275.10', 'r'], [565, '1,27,510.00', 'r']],
    ]);
    const draft = extractStatement(lines, cls('NSDL_CAS'));
    expect(draft.entities.map((e) => [e.entity_name, e.pan, e.holdings.map((h) => h.isin)])).toEqual([
      ['SITA KUMAR', 'BCDPK2345F', ['INE009A01021']],
      ['RAMESH KUMAR', 'ABCPD1234E', ['INE002A01018']],
    ]);
  });
});

describe('CDSL CAS, real layout', () => {
  const lines = page(1, [
    [[30, 'CDSL'], [600, 'Consolidated Account Statement']],
    [[30, 'Statement for the period from 01-03-2025 to 31-03-2025']],
    [[30, 'RAMESH KUMAR']],
    [[30, 'PAN : ABCPD1234E']],
    [[30, 'DP Name : ZERODHA BROKING LIMITED'], [300, 'BO ID : 1208160012345678']],
    [[30, 'HOLDING STATEMENT AS ON 31-03-2025']],
    [[30, 'ISIN'], [100, 'Security'], [330, 'Current Bal', 'r'], [380, 'Frozen Bal', 'r'], [430, 'Pledge Bal', 'r'], [480, 'Free Bal', 'r'], [540, 'Market Price', 'r'], [600, 'Value', 'r']],
    [[30, 'INE009A01021'], [100, 'INFOSYS LIMITED#EQUITY SHARES'], [330, '50.000', 'r'], [380, '0.000', 'r'], [430, '10.000', 'r'], [480, '40.000', 'r'], [540, '1,560.40', 'r'], [600, '78,020.00', 'r']],
    [[100, 'Portfolio Value'], [600, '78,020.00', 'r']],
    [[30, 'MUTUAL FUND UNITS HELD AS ON 31-03-2025']],
    [[30, 'Scheme Name'], [200, 'ISIN'], [260, 'Folio No.'], [320, 'ARN Code'], [380, 'Closing Bal', 'r'], [430, 'NAV', 'r'], [480, 'Invested', 'r'], [540, 'Valuation', 'r'], [600, 'Return %', 'r']],
    [[30, 'HDFC Flexi Cap Fund - Regular Growth'], [200, 'INF179K01BE2'], [260, '1234567/89'], [320, 'ARN-0155'], [380, '106.543', 'r'], [430, '1,700.0000', 'r'], [480, '1,00,000.00', 'r'], [540, '1,81,123.10', 'r'], [600, '18.50', 'r']],
    [[30, 'Grand Total'], [600, '2,59,143.10', 'r']],
  ]);

  it('reads the holding statement and the mutual fund units table', () => {
    const draft = extractStatement(lines, cls('CDSL_CAS'));
    expect(draft.period).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    expect(draft.stated_total).toBe(259143.1);
    expect(draft.entities).toHaveLength(1);
    expect(draft.entities[0]).toMatchObject({ entity_name: 'RAMESH KUMAR', pan: 'ABCPD1234E', stated_total: 78020 });
    expect(draft.entities[0].holdings.map((h) => [h.isin, h.scheme_name, h.units, h.nav, h.market_value])).toEqual([
      ['INE009A01021', 'INFOSYS LIMITED#EQUITY SHARES', 50, 1560.4, 78020],
      ['INF179K01BE2', 'HDFC Flexi Cap Fund - Regular Growth', 106.543, 1700, 181123.1],
    ]);
    expect(draft.entities[0].holdings[0].account_id).toBe('1208160012345678');
  });
});

describe('CAMS summary, real layout', () => {
  it('reads rows with code-prefixed names and folios without spaces', () => {
    const lines = page(1, [
      [[30, 'Consolidated Account Summary']],
      [[30, 'As on 31-Mar-2025']],
      [[30, 'Ramesh Kumar'], [300, 'PAN: ABCPD1234E']],
      [[30, 'Folio No.'], [118, 'ISIN'], [192, 'Scheme Name'], [492, 'Cost Value', 'r'], [560, 'Unit Balance', 'r'], [572, 'NAV Date'], [680, 'NAV', 'r'], [760, 'Market Value', 'r'], [768, 'Registrar']],
      [[30, '1234567/89'], [118, 'INF179K01BE2'], [192, 'B205RG-HDFC Flexi Cap Fund - Regular Plan - Growth'], [492, '1,00,000.00', 'r'], [560, '106.543', 'r'], [572, '31-Mar-2025'], [680, '1,700.0000', 'r'], [760, '1,81,123.10', 'r'], [768, 'CAMS']],
      [[30, '91012345678/0'], [118, 'INF846K01164'], [192, '120LCGPG - Axis Large Cap Fund - Regular Growth'], [492, '1,240.00', 'r'], [560, '25.000', 'r'], [572, '31-Mar-2025'], [680, '60.0000', 'r'], [760, '1,500.00', 'r'], [768, 'KFINTECH']],
      [[30, 'Total'], [492, '1,01,240.00', 'r'], [760, '1,82,623.10', 'r']],
    ]);
    const draft = extractStatement(lines, cls('CAMS_SUMMARY_CAS'));
    expect(draft.period).toEqual({ from: null, to: '2025-03-31' });
    expect(draft.stated_total).toBe(182623.1);
    expect(draft.entities[0]).toMatchObject({ entity_name: 'Ramesh Kumar', pan: 'ABCPD1234E' });
    expect(draft.entities[0].holdings.map((h) => [h.folio, h.isin, h.scheme_name, h.cost_value, h.units, h.nav, h.market_value])).toEqual([
      ['1234567/89', 'INF179K01BE2', 'HDFC Flexi Cap Fund - Regular Plan - Growth', 100000, 106.543, 1700, 181123.1],
      ['91012345678/0', 'INF846K01164', 'Axis Large Cap Fund - Regular Growth', 1240, 25, 60, 1500],
    ]);
    expect(validateExtraction(draft).flags).toEqual([]);
  });
});
