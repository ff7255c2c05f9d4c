/**
 * The family descriptions and their accessors: one description per class, account ids, product
 * codes, section headings and total labels as each family prints them. Table-driven; the parsers'
 * and classifier's own tests show the descriptions at work on whole statements.
 */
import { describe, expect, it } from '@jest/globals';
import {
  anyOf,
  describeClass,
  FAMILIES,
  familyOf,
  isHoldingsClass,
  readAccountId,
  sectionOf,
  stripProductCode,
  totalLabels,
  type FamilyCode,
} from '../../../src/modules/extraction/families/index.js';
import { cdslAccount } from '../../../src/modules/extraction/parsers/cdsl.parser.js';
import { nsdlAccount } from '../../../src/modules/extraction/parsers/nsdl.parser.js';
import type { StatementClass } from '../../../src/modules/extraction/types.js';

/** Every class but UNKNOWN, and whether it is a statement of holdings (the compiler makes the list complete). */
const HOLDINGS: Record<FamilyCode, boolean> = {
  CAMS_DETAILED_CAS: true,
  CAMS_SUMMARY_CAS: true,
  KFINTECH_DETAILED_CAS: true,
  KFINTECH_SUMMARY_CAS: true,
  NSDL_CAS: true,
  CDSL_CAS: true,
  BANK_STATEMENT: false,
  DEPOSIT_CERTIFICATE: false,
  TAX_CERTIFICATE: false,
};

describe('FAMILIES', () => {
  it('describes every class but UNKNOWN once, holdings or not', () => {
    expect(FAMILIES.map((f) => f.code).sort()).toEqual(Object.keys(HOLDINGS).sort());
    for (const [code, holdings] of Object.entries(HOLDINGS)) expect({ code, holdings: isHoldingsClass(code as StatementClass) }).toEqual({ code, holdings });
    expect(familyOf('UNKNOWN')).toBeNull();
    expect(isHoldingsClass('UNKNOWN')).toBe(false);
  });

  it('only statements of holdings name sections, and only depository statements account ids', () => {
    for (const f of FAMILIES) {
      expect({ code: f.code, sections: f.sections.length > 0 }).toEqual({ code: f.code, sections: f.holdings });
      expect({ code: f.code, accountId: f.accountId !== null }).toEqual({ code: f.code, accountId: f.securities === 'any' });
    }
  });

  it('no pattern is global or sticky (a stateful pattern would answer differently on the next document)', () => {
    const patterns = FAMILIES.flatMap((f) => [...f.cues.map((c) => c.pattern), ...f.sections.map((s) => s.pattern), ...Object.values(f.totals).flat(), ...(f.accountId ? [f.accountId.pattern] : []), ...(f.productCode ? [f.productCode] : []), ...(f.issuer?.names ?? [])]);
    expect(patterns.filter((p) => p.global || p.sticky)).toEqual([]);
  });

  it.each([
    { code: 'CAMS_SUMMARY_CAS', title: 'a CAMS summary Consolidated Account Statement' },
    { code: 'DEPOSIT_CERTIFICATE', title: 'a fixed-deposit receipt or certificate' },
    { code: 'UNKNOWN', title: 'a document whose layout is not one Foliodesk knows' },
  ] as const)('describeClass($code)', ({ code, title }) => {
    expect(describeClass(code)).toBe(title);
  });
});

describe('account ids', () => {
  it.each([
    { code: 'NSDL_CAS', text: 'DP ID : IN300126  Client ID : 12345678', id: 'IN30012612345678' },
    { code: 'NSDL_CAS', text: 'DP ID: in300126 Client ID: 12345678', id: 'IN30012612345678' },
    { code: 'NSDL_CAS', text: 'DP ID : 12088700  Client ID : 31955384', id: '1208870031955384' },
    { code: 'NSDL_CAS', text: 'Client ID : 12345678', id: null },
    { code: 'CDSL_CAS', text: 'BO ID : 1208160012345678', id: '1208160012345678' },
    { code: 'CDSL_CAS', text: 'BO ID No. 12081600 12345678  DP Name : X', id: '1208160012345678' },
    { code: 'CDSL_CAS', text: 'BO ID : 120816001234', id: null },
    { code: 'CAMS_DETAILED_CAS', text: 'BO ID : 1208160012345678', id: null },
  ] as const)('$code: "$text" → $id', ({ code, text, id }) => {
    expect(readAccountId(code, text)).toBe(id);
  });

  it('the depository parsers read them through their families', () => {
    expect(nsdlAccount('DP ID : IN300126  Client ID : 12345678')).toBe('IN30012612345678');
    expect(cdslAccount('BO ID : 1208160012345678')).toBe('1208160012345678');
  });
});

describe('product codes', () => {
  it.each([
    { code: 'CAMS_DETAILED_CAS', name: 'B205RG-HDFC Flexi Cap Fund - Regular Plan - Growth', stripped: 'HDFC Flexi Cap Fund - Regular Plan - Growth' },
    { code: 'CAMS_DETAILED_CAS', name: 'Q271RG-quant Mid Cap Fund - Growth', stripped: 'quant Mid Cap Fund - Growth' },
    { code: 'CAMS_SUMMARY_CAS', name: '128TSGPG - Axis Small Cap Fund', stripped: 'Axis Small Cap Fund' },
    { code: 'CAMS_DETAILED_CAS', name: '10-Apr-25 - a date, not a code', stripped: '10-Apr-25 - a date, not a code' },
    { code: 'KFINTECH_SUMMARY_CAS', name: '117 IOD1G-Mirae Asset Large Cap Fund', stripped: 'Mirae Asset Large Cap Fund' },
    { code: 'KFINTECH_DETAILED_CAS', name: 'D110 - DSP Small Cap Fund', stripped: 'DSP Small Cap Fund' },
    { code: 'KFINTECH_SUMMARY_CAS', name: '10 Year Gilt Fund', stripped: '10 Year Gilt Fund' },
    { code: 'KFINTECH_SUMMARY_CAS', name: 'Axis Nifty 100 Index Fund', stripped: 'Axis Nifty 100 Index Fund' },
    { code: 'NSDL_CAS', name: '8.25% GOI 2033 - TAX FREE', stripped: '8.25% GOI 2033 - TAX FREE' },
  ] as const)('$code: "$name"', ({ code, name, stripped }) => {
    expect(stripProductCode(code, name)).toBe(stripped);
  });
});

describe('section headings', () => {
  it.each([
    { code: 'NSDL_CAS', heading: 'Equities (E)', kind: 'equities' },
    { code: 'NSDL_CAS', heading: 'Mutual Fund Units held with NSDL', kind: 'mutual_fund_units_demat' },
    { code: 'NSDL_CAS', heading: 'Mutual Funds (M)', kind: 'mutual_fund_units_demat' },
    { code: 'NSDL_CAS', heading: 'Mutual Fund Folios (F)', kind: 'mutual_fund_folios' },
    { code: 'NSDL_CAS', heading: 'Corporate Bonds (C)', kind: 'corporate_bonds' },
    { code: 'NSDL_CAS', heading: 'Government Securities (G)', kind: 'government_securities' },
    { code: 'NSDL_CAS', heading: 'Sovereign Gold Bonds', kind: 'gold_bonds' },
    { code: 'NSDL_CAS', heading: 'Exchange Traded Funds', kind: 'etfs' },
    { code: 'NSDL_CAS', heading: 'STATEMENT OF TRANSACTIONS', kind: 'transactions' },
    { code: 'CDSL_CAS', heading: 'HOLDING STATEMENT AS ON 30-SEP-2025', kind: 'demat_securities' },
    { code: 'CAMS_SUMMARY_CAS', heading: 'HDFC Mutual Fund', kind: 'mutual_fund_folios' },
    { code: 'KFINTECH_DETAILED_CAS', heading: 'Axis MF', kind: 'mutual_fund_folios' },
    { code: 'CAMS_DETAILED_CAS', heading: 'Franklin Templeton Investments', kind: 'mutual_fund_folios' },
    { code: 'CAMS_DETAILED_CAS', heading: 'DSP Mutual Fund (contd.)', kind: 'mutual_fund_folios' },
    { code: 'CAMS_DETAILED_CAS', heading: 'Mutual Fund Cost Value (INR) Market Value (INR)', kind: null },
    { code: 'CAMS_DETAILED_CAS', heading: 'Total Mutual Fund', kind: null },
    { code: 'NSDL_CAS', heading: 'RELIANCE INDUSTRIES LIMITED', kind: null },
    { code: 'BANK_STATEMENT', heading: 'Equities (E)', kind: null },
  ] as const)('$code: "$heading" → $kind', ({ code, heading, kind }) => {
    expect(sectionOf(code, heading)?.kind ?? null).toBe(kind);
  });
});

describe('total labels', () => {
  it('NSDL: the account total and the grand totals in order of preference', () => {
    const labels = totalLabels('NSDL_CAS');
    expect(anyOf(labels.account).test('Total Value of the Account 71,96,500.41')).toBe(true);
    expect(anyOf(labels.account).test('Grand Total 2,03,21,663.81')).toBe(false);
    expect(labels.grand.findIndex((re) => re.test('YOUR CONSOLIDATED PORTFOLIO VALUE Rs. 2,03,21,663.81'))).toBe(1);
    expect(labels.grand.findIndex((re) => re.test('Grand Total Rs. 2,03,21,663.81'))).toBe(0);
  });

  it('CDSL: "Portfolio Value" closes an account, "Total Portfolio Value" is the statement', () => {
    const labels = totalLabels('CDSL_CAS');
    expect(anyOf(labels.account).test('Portfolio Value 56,13,427.08')).toBe(true);
    expect(anyOf(labels.account).test('Total Portfolio Value 1,87,07,409.23')).toBe(false);
    expect(labels.grand.some((re) => re.test('Total Portfolio Value 1,87,07,409.23'))).toBe(true);
  });

  it('KFintech summary: a sub-total per fund house and a grand total', () => {
    const labels = totalLabels('KFINTECH_SUMMARY_CAS');
    expect(labels.group.some((re) => re.test('Sub Total 1,13,888.58'))).toBe(true);
    expect(labels.grand.some((re) => re.test('Portfolio Total 33,23,936.14'))).toBe(true);
  });

  it('anyOf of no labels matches nothing', () => {
    expect(anyOf([]).test('Total')).toBe(false);
    expect(anyOf([]).test('')).toBe(false);
  });
});
