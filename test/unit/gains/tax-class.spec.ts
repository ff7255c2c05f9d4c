import { schemeTaxClass, taxClassOn, costInflationIndex, ltcgExemptionFor, financialYearOf } from '../../../src/modules/gains/rules/index.js';
import type { SchemeTaxClass, SchemeTaxClassInput } from '../../../src/modules/gains/rules/index.js';

const scheme = (category: string | null, schemeName = 'A Fund', assetClass: SchemeTaxClassInput['assetClass'] = null, isin: string | null = null): SchemeTaxClassInput => ({
  category,
  schemeName,
  assetClass,
  isin,
});

describe('schemeTaxClass: the SEBI category default table', () => {
  const cases: [string, SchemeTaxClassInput, Partial<SchemeTaxClass>][] = [
    ['equity large cap: equity-oriented by category', scheme('Open Ended Schemes(Equity Scheme - Large Cap Fund)'), { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', defaulted: false, listed: false }],
    ['an equity category scheme investing abroad: not equity-oriented, defaulted', scheme('Equity Scheme - Sectoral/ Thematic', 'XYZ US Equity Fund of Fund'), { untilFy2025: 'specified_mutual_fund', fromFy2026: 'other', defaulted: true }],
    ['debt liquid: specified fund under both definitions', scheme('Debt Scheme - Liquid Fund'), { untilFy2025: 'specified_mutual_fund', fromFy2026: 'specified_mutual_fund', defaulted: false }],
    ['conservative hybrid: specified fund', scheme('Hybrid Scheme - Conservative Hybrid Fund'), { untilFy2025: 'specified_mutual_fund', defaulted: false }],
    ['aggressive hybrid: equity-oriented', scheme('Hybrid Scheme - Aggressive Hybrid Fund'), { untilFy2025: 'equity_oriented', defaulted: false }],
    ['arbitrage: equity-oriented', scheme('Hybrid Scheme - Arbitrage Fund'), { untilFy2025: 'equity_oriented', defaulted: false }],
    ['balanced hybrid: other', scheme('Hybrid Scheme - Balanced Hybrid Fund'), { untilFy2025: 'other', fromFy2026: 'other', defaulted: false }],
    ['balanced advantage: equity-oriented, defaulted', scheme('Hybrid Scheme - Dynamic Asset Allocation or Balanced Advantage'), { untilFy2025: 'equity_oriented', defaulted: true, basis: 'default' }],
    ['multi asset allocation: other, defaulted', scheme('Hybrid Scheme - Multi Asset Allocation'), { untilFy2025: 'other', defaulted: true }],
    ['gold ETF: specified fund until FY 2024-25, other from FY 2025-26, listed', scheme('Other Scheme - Gold ETF'), { untilFy2025: 'specified_mutual_fund', fromFy2026: 'other', listed: true, defaulted: false }],
    ['overseas fund of funds: specified until FY 2024-25, then other', scheme('Other Scheme - FoF Overseas'), { untilFy2025: 'specified_mutual_fund', fromFy2026: 'other' }],
    ['domestic fund of funds: defaulted', scheme('Other Scheme - FoF Domestic'), { untilFy2025: 'specified_mutual_fund', fromFy2026: 'other', defaulted: true }],
    ['index fund of an equity index: by the asset class, defaulted', scheme('Other Scheme - Index Funds', 'Nifty 50 Index Fund', 'Equity'), { untilFy2025: 'equity_oriented', defaulted: true, listed: false }],
    ['other ETF of a debt index: specified fund, listed, fixed by what the ETF holds', scheme('Other Scheme - Other  ETFs', 'Bharat Bond ETF', 'Debt'), { untilFy2025: 'specified_mutual_fund', listed: true, defaulted: false, basis: 'security' }],
    ['an equity ETF in a demat account (no category): equity-oriented, listed, not defaulted', scheme(null, 'NIPPON INDIA ETF NIFTY 50 BEES', 'Equity', 'INF204KB14I2'), { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: true, defaulted: false, basis: 'security' }],
    ['a company’s equity share: equity rules (s.111A, s.112A), listed, never defaulted as a fund', scheme(null, 'RELIANCE INDUSTRIES LIMITED', 'Equity', 'INE002A01018'), { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: true, defaulted: false, basis: 'security' }],
    ['a company’s bond (INE…, not security type 01) is not a share: by the asset class, defaulted', scheme(null, '7.5% XYZ LTD NCD 2030', 'Debt', 'INE001A07RL5'), { untilFy2025: 'specified_mutual_fund', defaulted: true, basis: 'default' }],
    ['pre-2018 AMFI "Growth": equity-oriented', scheme('Open Ended Schemes(Growth)'), { untilFy2025: 'equity_oriented', defaulted: false }],
    ['pre-2018 AMFI "Income": specified fund', scheme('Open Ended Schemes(Income)'), { untilFy2025: 'specified_mutual_fund', defaulted: false }],
    ['pre-2018 AMFI "GOLD ETFs": listed gold', scheme('Open Ended Schemes(GOLD ETFs)'), { untilFy2025: 'specified_mutual_fund', fromFy2026: 'other', listed: true }],
    ['no category and no asset class: other, defaulted', scheme(null), { untilFy2025: 'other', fromFy2026: 'other', defaulted: true }],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(schemeTaxClass(input)).toMatchObject(expected);
  });

  it('an override by ISIN wins over the category and is not defaulted', () => {
    const overrides = [{ isin: 'INF000000001', untilFy2025: 'other' as const, fromFy2026: 'other' as const, reason: 'mandate below 65 % equity' }];
    const result = schemeTaxClass(scheme('Hybrid Scheme - Balanced Advantage', 'B Fund', null, 'INF000000001'), overrides);
    expect(result).toMatchObject({ untilFy2025: 'other', basis: 'override', defaulted: false });
  });

  it('taxClassOn: a gold fund is a specified fund on 31 March 2025 and other on 1 April 2025', () => {
    const gold = schemeTaxClass(scheme('Other Scheme - Gold ETF'));
    expect(taxClassOn(gold, '2025-03-31')).toBe('specified_mutual_fund');
    expect(taxClassOn(gold, '2025-04-01')).toBe('other');
  });
});

describe('Cost Inflation Index (CBDT notifications under s.48)', () => {
  it.each([
    ['2001-02', 100],
    ['2017-18', 272],
    ['2023-24', 348],
    ['2024-25', 363],
    ['2025-26', 376],
  ])('%s is %i', (fy, index) => {
    expect(costInflationIndex(fy)).toBe(index);
  });
  it('an FY not notified (2026-27) or before the base (2000-01) gives null, never an estimate', () => {
    expect(costInflationIndex('2026-27')).toBeNull();
    expect(costInflationIndex('2000-01')).toBeNull();
  });
});

describe('section 112A exemption and financial years', () => {
  it.each([
    ['2018-19', 100_000],
    ['2023-24', 100_000],
    ['2024-25', 125_000],
    ['2026-27', 125_000],
  ])('FY %s: ₹%i', (fy, amount) => {
    expect(ltcgExemptionFor(fy)).toBe(amount);
  });
  it('31 March 2025 is in FY 2024-25 and 1 April 2025 in FY 2025-26', () => {
    expect(financialYearOf('2025-03-31')).toBe('2024-25');
    expect(financialYearOf('2025-04-01')).toBe('2025-26');
  });
});
