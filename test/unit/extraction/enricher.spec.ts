import { describe, expect, it } from '@jest/globals';
import { amcFromScheme, detectOption, detectPlan, enrichExtraction, normaliseAmcName } from '../../../src/modules/extraction/enricher.js';
import type { ExtractionDraft, Holding } from '../../../src/modules/extraction/types.js';
import { makeHolding } from '../../support/holding.js';

const holding = (scheme_name: string, isin: string, extra: Partial<Holding> = {}): Holding =>
  makeHolding({ scheme_name, isin, units: 10, nav: 10, market_value: 100, page: 2, ...extra });
const draftOf = (holdings: Holding[], extra: Partial<ExtractionDraft> = {}): ExtractionDraft => ({
  classification: 'CAMS_DETAILED_CAS',
  period: { from: null, to: null },
  stated_total: null,
  currency: 'INR',
  entities: [{ entity_name: 'Priya Sharma', pan: 'ABCPS1234E', stated_total: null, holdings }],
  ...extra,
});
const amfi = (categories: Record<string, string>) => ({ amfiCategory: (isin: string) => categories[isin] });
const LLM_REPORT = { model: 'm', outcome: 'extracted', pages_sent: 1, pages_total: 1, truncated: false, rows_returned: 1, rows_accepted: 1, rejected: [], error: null } as const;

describe('asset class: which source decides', () => {
  it.each([
    { name: 'a printed category wins over the name', h: holding('HDFC Flexi Cap Fund - Growth', 'INF179K01BE2', { asset_class: 'Debt', asset_class_source: 'statement' }), context: {}, extra: {}, cls: 'Debt', source: 'statement', flagged: false },
    { name: 'a printed category wins over AMFI', h: holding('HDFC Flexi Cap Fund - Growth', 'INF179K01BE2', { asset_class: 'Debt', asset_class_source: 'statement' }), context: amfi({ INF179K01BE2: 'Open Ended Schemes(Equity Scheme - Flexi Cap Fund)' }), extra: {}, cls: 'Debt', source: 'statement', flagged: false },
    { name: "a parser's class without a source is the statement's", h: holding('HDFC Flexi Cap Fund - Growth', 'INF179K01BE2', { asset_class: 'Hybrid' }), context: {}, extra: {}, cls: 'Hybrid', source: 'statement', flagged: false },
    { name: "AMFI's category wins over the name", h: holding('XYZ Flexi Cap Fund - Growth', 'INF179K01BE2'), context: amfi({ INF179K01BE2: 'Open Ended Schemes(Hybrid Scheme - Balanced Advantage)' }), extra: {}, cls: 'Hybrid', source: 'amfi', flagged: false },
    { name: "AMFI's category for a name that says nothing", h: holding('HDFC Capital Builder Fund - Growth', 'INF179K01BE2'), context: amfi({ INF179K01BE2: 'Open Ended Schemes(Growth)' }), extra: {}, cls: 'Equity', source: 'amfi', flagged: false },
    { name: 'the name, when AMFI does not list the ISIN', h: holding('Franklin India Smaller Companies Fund - Growth', 'INF090I01239'), context: amfi({}), extra: {}, cls: 'Equity', source: 'scheme_name', flagged: true },
    { name: "the name, when AMFI's heading does not say (domestic FoF)", h: holding('ICICI Prudential Asset Allocator Fund (FOF) - Growth', 'INF109K01BE2'), context: amfi({ INF109K01BE2: 'Open Ended Schemes(Other Scheme - FoF Domestic)' }), extra: {}, cls: 'Hybrid', source: 'scheme_name', flagged: true },
    { name: 'the name, without market data', h: holding('Kotak Banking and PSU Debt Fund - Direct Growth', 'INF174K01EL2'), context: {}, extra: {}, cls: 'Debt', source: 'scheme_name', flagged: true },
    { name: 'the security type for listed shares', h: holding('HDFC BANK LIMITED', 'INE040A01034'), context: {}, extra: { classification: 'NSDL_CAS' }, cls: 'Equity', source: 'security_type', flagged: false },
    { name: 'the security type for a gold bond', h: holding('SOVEREIGN GOLD BOND 2.50% 2028', 'IN0020200039'), context: amfi({}), extra: { classification: 'NSDL_CAS' }, cls: 'Other', source: 'security_type', flagged: false },
    { name: "the name over a language model's class", h: holding('SBI Gold Fund - Direct Growth', 'INF200K01K01', { asset_class: 'Equity' }), context: {}, extra: { llm_extraction: LLM_REPORT }, cls: 'Other', source: 'scheme_name', flagged: true },
    { name: "a language model's class where the name says nothing", h: holding('Acme Prosperity Scheme', 'INF200K01K01', { asset_class: 'Hybrid' }), context: {}, extra: { llm_extraction: LLM_REPORT }, cls: 'Hybrid', source: 'model', flagged: true },
    { name: 'nothing known: null, unflagged', h: holding('Acme Prosperity Scheme', 'INF200K01K01'), context: amfi({}), extra: {}, cls: null, source: null, flagged: false },
  ] as const)('$name', ({ h, context, extra, cls, source, flagged }) => {
    const out = enrichExtraction(draftOf([h], extra as Partial<ExtractionDraft>), context);
    expect(out.entities[0].holdings[0]).toMatchObject({ asset_class: cls, asset_class_source: source });
    expect(out.enrichment_flags).toEqual(
      flagged ? [{ code: 'ASSET_CLASS_INFERRED', isin: h.isin, entity: 'Priya Sharma', page: 2, message: expect.stringContaining(`Asset class ${cls}`) }] : [],
    );
  });

  it('says in the flag what was missing: a market-data source, a readable NAV file, or a category for the ISIN', () => {
    const h = holding('HDFC Liquid Fund - Growth', 'INF179K01BE2');
    expect(enrichExtraction(draftOf([h])).enrichment_flags[0].message).toBe(
      'Asset class Debt was inferred from the scheme name: the statement prints no category and no market-data source is configured',
    );
    expect(enrichExtraction(draftOf([h]), amfi({})).enrichment_flags[0].message).toBe(
      "Asset class Debt was inferred from the scheme name: the statement prints no category and AMFI's NAV file has no category for this ISIN",
    );
    expect(enrichExtraction(draftOf([h]), { marketDataUnavailable: true }).enrichment_flags[0].message).toBe(
      'Asset class Debt was inferred from the scheme name: the statement prints no category and the market-data NAV file could not be read',
    );
  });

  it('recomputes a class an earlier enrichment inferred (only statement and model classes are inputs)', () => {
    const once = enrichExtraction(draftOf([holding('XYZ Flexi Cap Fund', 'INF179K01BE2')]));
    const again = enrichExtraction(once, amfi({ INF179K01BE2: 'Open Ended Schemes(Hybrid Scheme - Balanced Advantage)' }));
    expect(again.entities[0].holdings[0]).toMatchObject({ asset_class: 'Hybrid', asset_class_source: 'amfi' });
    expect(again.enrichment_flags).toEqual([]);
  });
});

describe('plan and option', () => {
  it.each([
    { name: 'HDFC Flexi Cap Fund - Direct Plan - Growth', plan: 'Direct', option: 'Growth' },
    { name: 'HDFC Flexi Cap Fund - Regular Plan - Growth', plan: 'Regular', option: 'Growth' },
    { name: 'Axis Midcap Fund - Direct Plan - IDCW Payout', plan: 'Direct', option: 'IDCW' },
    { name: 'HDFC Liquid Fund - Direct Plan - IDCW Reinvestment', plan: 'Direct', option: 'IDCW' },
    { name: 'Axis Bluechip Fund - Regular Dividend', plan: 'Regular', option: 'IDCW' },
    { name: 'Nippon India Growth Fund - Regular Plan - IDCW', plan: 'Regular', option: 'IDCW' },
    { name: 'Nippon India Growth Fund - Direct Plan - Growth', plan: 'Direct', option: 'Growth' },
    { name: 'NIPPON INDIA ETF NIFTY 50 BEES', plan: null, option: null },
    { name: 'AXIS MUTUAL FUND - AXIS LARGE CAP FUND - DIRECT PLAN - GROWTH', plan: 'Direct', option: 'Growth' },
  ])('$name → $plan / $option', ({ name, plan, option }) => {
    expect(detectPlan(name)).toBe(plan);
    expect(detectOption(name)).toBe(option);
  });
});

describe('AMC names', () => {
  it.each([
    { raw: 'HDFC Mutual Fund', canonical: 'HDFC Mutual Fund' },
    { raw: 'HDFC MF', canonical: 'HDFC Mutual Fund' },
    { raw: 'ICICI PRUDENTIAL MUTUAL FUND', canonical: 'ICICI Prudential Mutual Fund' },
    { raw: 'Franklin Templeton Investments', canonical: 'Franklin Templeton Mutual Fund' },
    { raw: 'Reliance Mutual Fund', canonical: 'Nippon India Mutual Fund' },
    { raw: 'IDFC Mutual Fund', canonical: 'Bandhan Mutual Fund' },
    { raw: 'PPFAS Mutual Fund', canonical: 'PPFAS Mutual Fund' },
    { raw: 'Kotak Mahindra Mutual Fund', canonical: 'Kotak Mahindra Mutual Fund' },
    { raw: 'ACME CAPITAL MF', canonical: 'Acme Capital Mutual Fund' },
  ])('$raw → $canonical', ({ raw, canonical }) => {
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
    expect(bank).toMatchObject({ asset_class: 'Equity', asset_class_source: 'security_type', amc: null, plan: null, option: null, units: 10, market_value: 100 });
    expect(gold).toMatchObject({ asset_class: 'Other', asset_class_source: 'scheme_name', amc: 'HDFC Mutual Fund' });
    expect(draft.entities[0].holdings[0].asset_class).toBeNull(); // input untouched
  });
});
