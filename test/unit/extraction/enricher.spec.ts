import { describe, expect, it } from '@jest/globals';
import { amcFromScheme, classifyAssetClass, detectOption, detectPlan, enrichExtraction, normaliseAmcName } from '../../../src/modules/nexus/extraction/enricher.js';
import type { ExtractionDraft, Holding } from '../../../src/modules/nexus/extraction/types.js';
import { makeHolding } from '../../support/holding.js';

describe('asset class', () => {
  it.each([
    // Debt
    ['HDFC Liquid Fund - Regular Plan - Growth', 'Debt'],
    ['Axis Overnight Fund - Direct Plan - Growth', 'Debt'],
    ['SBI Magnum Gilt Fund - Regular Plan - Growth', 'Debt'],
    ['ICICI Prudential Corporate Bond Fund - Direct Plan - Growth', 'Debt'],
    ['Aditya Birla Sun Life Credit Risk Fund - Regular Plan - Growth', 'Debt'],
    ['Kotak Banking and PSU Debt Fund - Direct Growth', 'Debt'],
    ['Axis Short Duration Fund - Regular Plan - Growth', 'Debt'],
    ['ICICI Prudential Savings Fund - Regular Plan - Growth', 'Debt'],
    ['Aditya Birla Sun Life Medium Term Plan - Regular Plan - Growth', 'Debt'],
    ['HDFC Money Market Fund - Direct Plan - Growth', 'Debt'],
    ['Franklin India Credit Risk Fund - Segregated Portfolio 1 - 8.25% Vodafone Idea Ltd 10JUL20 - Regular Plan - Growth', 'Debt'],
    ['Nippon India Floater Fund - Growth', 'Debt'],
    // Hybrid
    ['HDFC Balanced Advantage Fund - Regular Plan - Growth', 'Hybrid'],
    ['Kotak Equity Arbitrage Fund - Direct Plan - Growth', 'Hybrid'],
    ['ICICI Prudential Equity & Debt Fund - Growth', 'Hybrid'],
    ['SBI Equity Hybrid Fund - Regular Plan - IDCW', 'Hybrid'],
    ['Nippon India Multi Asset Allocation Fund - Direct Plan - Growth', 'Hybrid'],
    ['Edelweiss Equity Savings Fund - Growth', 'Hybrid'],
    // Equity
    ['Parag Parikh Flexi Cap Fund - Direct Plan - Growth', 'Equity'],
    ['DSP ELSS Tax Saver Fund - Regular Plan - Growth', 'Equity'],
    ['SBI Long Term Equity Fund - Regular Plan - Growth', 'Equity'],
    ['Nippon India Growth Fund - Regular Plan - Growth', 'Equity'],
    ['UTI Nifty 50 Index Fund - Direct Plan - Growth', 'Equity'],
    ['NIPPON INDIA ETF NIFTY 50 BEES', 'Equity'],
    ['Mirae Asset Large & Midcap Fund - Regular Plan - Growth', 'Equity'],
    ['HDFC Mid-Cap Opportunities Fund - Direct Plan - Growth', 'Equity'],
    ['Aditya Birla Sun Life Digital India Fund - Regular Plan - Growth', 'Equity'],
    // Other
    ['HDFC Gold ETF Fund of Fund - Regular Plan - Growth', 'Other'],
    ['Nippon India Gold Savings Fund - Direct Plan - Growth', 'Other'],
    ['Motilal Oswal Nasdaq 100 Fund of Fund - Direct Plan - Growth', 'Other'],
    ['MOTILAL OSWAL MUTUAL FUND - MOTILAL OSWAL NASDAQ 100 ETF', 'Other'],
    ['ICICI Prudential Silver ETF', 'Other'],
    ['Franklin India Feeder - Franklin U.S. Opportunities Fund - Growth', 'Other'],
    // Unknown
    ['Some Unheard Of Scheme', null],
  ])('%s → %s', (name, cls) => {
    expect(classifyAssetClass(name, 'INF000A01000')).toBe(cls);
  });

  it.each([
    ['RELIANCE INDUSTRIES LIMITED', 'INE002A01018', 'Equity'],
    ['HDFC BANK LIMITED', 'INE040A01034', 'Equity'],
    ['8.25% NHAI TAX FREE BONDS 2031', 'INE906B07CB9', 'Debt'],
    ['SOVEREIGN GOLD BOND 2.50% 2028', 'IN0020200039', 'Other'],
  ])('listed security %s → %s', (name, isin, cls) => {
    expect(classifyAssetClass(name, isin)).toBe(cls);
  });
});

describe('plan and option', () => {
  it.each([
    ['HDFC Flexi Cap Fund - Direct Plan - Growth', 'Direct', 'Growth'],
    ['HDFC Flexi Cap Fund - Regular Plan - Growth', 'Regular', 'Growth'],
    ['Axis Midcap Fund - Direct Plan - IDCW Payout', 'Direct', 'IDCW'],
    ['HDFC Liquid Fund - Direct Plan - IDCW Reinvestment', 'Direct', 'IDCW'],
    ['Axis Bluechip Fund - Regular Dividend', 'Regular', 'IDCW'],
    ['Nippon India Growth Fund - Regular Plan - IDCW', 'Regular', 'IDCW'],
    ['Nippon India Growth Fund - Direct Plan - Growth', 'Direct', 'Growth'],
    ['NIPPON INDIA ETF NIFTY 50 BEES', null, null],
    ['AXIS MUTUAL FUND - AXIS LARGE CAP FUND - DIRECT PLAN - GROWTH', 'Direct', 'Growth'],
  ])('%s → %s / %s', (name, plan, option) => {
    expect(detectPlan(name)).toBe(plan);
    expect(detectOption(name)).toBe(option);
  });
});

describe('AMC names', () => {
  it.each([
    ['HDFC Mutual Fund', 'HDFC Mutual Fund'],
    ['HDFC MF', 'HDFC Mutual Fund'],
    ['ICICI PRUDENTIAL MUTUAL FUND', 'ICICI Prudential Mutual Fund'],
    ['Franklin Templeton Investments', 'Franklin Templeton Mutual Fund'],
    ['Reliance Mutual Fund', 'Nippon India Mutual Fund'],
    ['IDFC Mutual Fund', 'Bandhan Mutual Fund'],
    ['PPFAS Mutual Fund', 'PPFAS Mutual Fund'],
    ['Kotak Mahindra Mutual Fund', 'Kotak Mahindra Mutual Fund'],
    ['ACME CAPITAL MF', 'Acme Capital Mutual Fund'],
  ])('%s → %s', (raw, canonical) => {
    expect(normaliseAmcName(raw)).toBe(canonical);
  });

  it('recognises the AMC of fund units from the scheme name or ISIN', () => {
    expect(amcFromScheme('NIPPON INDIA ETF NIFTY 50 BEES', 'INF204KB14I2')).toBe('Nippon India Mutual Fund');
    expect(amcFromScheme('SBI MUTUAL FUND - SBI NIFTY 50 ETF')).toBe('SBI Mutual Fund');
    expect(amcFromScheme('BHARAT 22 ETF', 'INF109KB15Y7')).toBe('ICICI Prudential Mutual Fund');
    expect(amcFromScheme('UNKNOWN ETF', 'INF999Z01000')).toBeNull();
  });

  it('enriches a draft without touching figures, and leaves equities without plan/option/AMC', () => {
    const h = (scheme_name: string, isin: string, amc: string | null): Holding => makeHolding({ scheme_name, isin, units: 10, nav: 10, market_value: 100, amc });
    const draft: ExtractionDraft = {
      classification: 'NSDL_CAS', period: { from: null, to: null }, stated_total: 200, currency: 'INR',
      entities: [{ entity_name: 'A', pan: 'ABCPD1234E', stated_total: null, holdings: [h('HDFC BANK LIMITED', 'INE040A01034', null), h('HDFC MUTUAL FUND - HDFC GOLD ETF', 'INF179KC1BD0', null)] }],
    };
    const out = enrichExtraction(draft);
    const [bank, gold] = out.entities[0].holdings;
    expect(bank).toMatchObject({ asset_class: 'Equity', amc: null, plan: null, option: null, units: 10, market_value: 100 });
    expect(gold).toMatchObject({ asset_class: 'Other', amc: 'HDFC Mutual Fund' });
    expect(draft.entities[0].holdings[0].asset_class).toBeNull(); // input untouched
  });
});
