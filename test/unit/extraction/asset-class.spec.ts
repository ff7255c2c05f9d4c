import { describe, expect, it } from '@jest/globals';
import { assetClassFromName, assetClassOfCategory, classifyAssetClass } from '../../../src/modules/nexus/extraction/asset-class.js';
import { readFileSync } from 'node:fs';
import { parseAmfiNav } from '../../../src/modules/nexus/market-data/amfi-nav-parser.js';
import { AMCS, DEMAT_FUNDS } from '../../fixtures/generator/catalog.js';

describe('asset class from the scheme name', () => {
  it.each([
    // Equity: SEBI's categories
    ['Axis Large Cap Fund - Regular Plan - Growth', 'Equity'],
    ['Parag Parikh Flexi Cap Fund - Direct Plan - Growth', 'Equity'],
    ['Kotak Standard Multicap Fund - Growth', 'Equity'],
    ['Mirae Asset Large & Midcap Fund - Regular Plan - Growth', 'Equity'],
    ['HDFC Mid-Cap Opportunities Fund - Direct Plan - Growth', 'Equity'],
    ['Quant Small Cap Fund - Growth', 'Equity'],
    ['DSP ELSS Tax Saver Fund - Regular Plan - Growth', 'Equity'],
    ['Tata India Tax Savings Fund - Regular Plan - Growth', 'Equity'], // "Savings" here is ELSS, not debt
    ['ICICI Prudential Value Discovery Fund - Growth', 'Equity'],
    ['Invesco India Contra Fund - Direct Plan - Growth', 'Equity'],
    ['Motilal Oswal Focused 25 Fund - Regular Plan - Growth', 'Equity'],
    ['Kotak Select Focus Fund - Growth', 'Equity'],
    ['UTI Dividend Yield Fund - Regular Plan - IDCW', 'Equity'],
    ['Templeton India Equity Income Fund - Growth', 'Equity'], // "Income" after "Equity" is not debt
    ['ICICI Prudential Technology Fund - Direct Plan - Growth', 'Equity'],
    ['Nippon India Pharma Fund - Growth Plan - Growth Option', 'Equity'],
    ['Nippon India Banking & Financial Services Fund - Growth', 'Equity'],
    ['SBI PSU Fund - Regular Plan - Growth', 'Equity'],
    ['Aditya Birla Sun Life Digital India Fund - Regular Plan - Growth', 'Equity'],
    ['Quant Commodities Fund - Growth', 'Equity'], // shares of commodity companies
    ['UTI Nifty 50 Index Fund - Direct Plan - Growth', 'Equity'],
    ['NIPPON INDIA ETF NIFTY 50 BEES', 'Equity'],
    ['CPSE ETF', 'Equity'],
    ['BHARAT 22 ETF', 'Equity'],
    ['Nippon India Growth Fund - Regular Plan - Growth', 'Equity'],
    // Equity: old names
    ['Franklin India Smaller Companies Fund - Direct - Growth', 'Equity'],
    ['Axis Bluechip Fund - Direct Plan - Growth', 'Equity'],
    ['Mirae Asset Emerging Bluechip Fund - Regular Plan - Growth', 'Equity'],
    ['Kotak Emerging Equity Fund - Regular Plan - Growth', 'Equity'],
    ['HDFC Top 100 Fund - Growth Option - Direct Plan', 'Equity'],
    ['Aditya Birla Sun Life Frontline Equity Fund - Growth', 'Equity'],
    ["Aditya Birla Sun Life Tax Relief '96 - Growth Option", 'Equity'],
    ['SBI Magnum Taxgain Scheme 1993 - Growth', 'Equity'],
    ['Axis Long Term Equity Fund - Direct Growth', 'Equity'],
    ['Parag Parikh Long Term Equity Fund - Direct Plan - Growth', 'Equity'],
    ['SBI Magnum Global Fund - Regular Plan - Growth', 'Equity'], // an Indian MNC fund, not overseas
    ['Franklin India Prima Fund - Growth', 'Equity'],
    ['DSP Micro Cap Fund - Regular Plan - Growth', 'Equity'],
    ['Canara Robeco Emerging Equities - Regular Plan - Growth', 'Equity'],
    ['UTI Mastershare Unit Scheme - Growth', 'Equity'],
    ['HDFC Retirement Savings Fund - Equity Plan - Direct Plan - Growth', 'Equity'],
    ['HDFC Long Term Advantage Fund - Growth', 'Equity'], // an old ELSS
    ['Reliance Equity Linked Saving Fund - Series I - Growth Plan', 'Equity'],
    ['UTI - Equity Fund-Income Option', 'Equity'], // "Income Option" is the option, not a debt word
    ['UTI-Dividend Yield Fund.-Income', 'Equity'],
    ['Reliance Diversified Power Sector Fund - Growth', 'Equity'],
    // Debt
    ['HDFC Liquid Fund - Regular Plan - Growth', 'Debt'],
    ['Axis Overnight Fund - Direct Plan - Growth', 'Debt'],
    ['HDFC Money Market Fund - Direct Plan - Growth', 'Debt'],
    ['SBI Magnum Gilt Fund - Regular Plan - Growth', 'Debt'],
    ['SBI Magnum Constant Maturity Fund - Regular Plan - Growth', 'Debt'],
    ['ICICI Prudential Corporate Bond Fund - Direct Plan - Growth', 'Debt'],
    ['Kotak Banking and PSU Debt Fund - Direct Growth', 'Debt'], // not equity's "Banking" or "PSU"
    ['Aditya Birla Sun Life Banking & PSU Debt Fund - Regular Plan - Growth', 'Debt'],
    ['Aditya Birla Sun Life Credit Risk Fund - Regular Plan - Growth', 'Debt'],
    ['Axis Short Duration Fund - Regular Plan - Growth', 'Debt'],
    ['Franklin India Ultra Short Bond Fund - Super Institutional Plan - Growth', 'Debt'],
    ['Nippon India Floater Fund - Growth', 'Debt'],
    ['IDFC Dynamic Bond Fund - Regular Plan - Growth', 'Debt'],
    ['DSP Strategic Bond Fund - Regular Plan - Growth', 'Debt'],
    ['ICICI Prudential Long Term Bond Fund - Growth', 'Debt'],
    ['Axis Treasury Advantage Fund - Growth', 'Debt'],
    ['HDFC Fixed Maturity Plan - 1181D - March 2018 (1) - Regular - Growth', 'Debt'],
    ['Bharat Bond ETF - April 2030', 'Debt'],
    ['Edelweiss Nifty PSU Bond Plus SDL Index Fund - 2027 - Direct Plan - Growth', 'Debt'],
    ['Nippon India ETF Nifty 1D Rate Liquid BeES', 'Debt'],
    ['ICICI Prudential Savings Fund - Regular Plan - Growth', 'Debt'],
    ['Aditya Birla Sun Life Medium Term Plan - Regular Plan - Growth', 'Debt'],
    ['HDFC Income Fund - Growth', 'Debt'], // old: medium to long duration
    ['Kotak Income Opportunities Fund - Growth', 'Debt'],
    ['Franklin India Credit Risk Fund - Segregated Portfolio 1 - 8.25% Vodafone Idea Ltd 10JUL20 - Regular Plan - Growth', 'Debt'],
    ['Kotak Bond Short Term Fund - Regular Plan - Growth', 'Debt'],
    ['Baroda Pioneer Credit Opportunities Fund -Plan A -Growth Option', 'Debt'], // not equity's "Opportunities"
    ['ICICI Prudential Saving Fund - Growth', 'Debt'],
    ['DSP BlackRock Money Manager Fund - Regular Plan - Growth', 'Debt'],
    ['Tata Dynamic Bond Fund - Regular Plan - Income Distribution cum Capital Withdrawal Option', 'Debt'],
    // Hybrid
    ['HDFC Balanced Advantage Fund - Regular Plan - Growth', 'Hybrid'],
    ['HDFC Prudence Fund - Growth', 'Hybrid'], // old name of HDFC Balanced Advantage
    ["Aditya Birla Sun Life Balanced '95 Fund - Regular Plan - Growth", 'Hybrid'], // old "Balanced"
    ['ICICI Prudential Equity & Debt Fund - Growth', 'Hybrid'],
    ['SBI Equity Hybrid Fund - Regular Plan - IDCW', 'Hybrid'],
    ['SBI Conservative Hybrid Fund - Regular Plan - Growth', 'Hybrid'],
    ['ICICI Prudential Regular Savings Fund - Growth', 'Hybrid'], // conservative hybrid, unlike "Savings Fund"
    ['ICICI Prudential MIP 25 - Growth', 'Hybrid'],
    ['HDFC Monthly Income Plan - Long Term Plan - Growth', 'Hybrid'],
    ['Kotak Equity Arbitrage Fund - Direct Plan - Growth', 'Hybrid'],
    ['Edelweiss Equity Savings Fund - Growth', 'Hybrid'],
    ['Nippon India Multi Asset Allocation Fund - Direct Plan - Growth', 'Hybrid'],
    ['DSP Dynamic Asset Allocation Fund - Regular Plan - Growth', 'Hybrid'],
    ['Invesco India Dynamic Equity Fund - Growth', 'Hybrid'], // a balanced advantage fund
    ['Axis Triple Advantage Fund - Growth Option', 'Hybrid'],
    ['HDFC Retirement Savings Fund - Hybrid Debt Plan - Regular Plan - Growth', 'Hybrid'],
    ['Kotak Balance - Growth', 'Hybrid'], // old "Balance"
    ['BOI AXA Equity Debt Rebalancer Fund - Regular Plan - Growth', 'Hybrid'],
    // Other: gold and silver, and their funds of funds
    ['Nippon India ETF Gold BeES', 'Other'],
    ['HDFC Gold ETF Fund of Fund - Regular Plan - Growth', 'Other'],
    ['ICICI Prudential Regular Gold Savings Fund (FOF) - Growth', 'Other'],
    ['Nippon India Gold Savings Fund - Direct Plan - Growth', 'Other'],
    ['ICICI Prudential Silver ETF', 'Other'],
    ['ICICI Prudential Silver ETF Fund of Fund - Direct Plan - Growth', 'Other'],
    // Other: abroad (before "Technology", "Opportunities" and "Equity" in their names)
    ['Motilal Oswal Nasdaq 100 Fund of Fund - Direct Plan - Growth', 'Other'],
    ['MOTILAL OSWAL MUTUAL FUND - MOTILAL OSWAL NASDAQ 100 ETF', 'Other'],
    ['Motilal Oswal S&P 500 Index Fund - Regular Plan - Growth', 'Other'],
    ['Mirae Asset NYSE FANG+ ETF', 'Other'],
    ['Franklin India Feeder - Franklin U.S. Opportunities Fund - Growth', 'Other'],
    ['Edelweiss US Technology Equity Fund of Fund - Regular Plan - Growth', 'Other'],
    ['Nippon India US Equity Opportunities Fund - Growth', 'Other'],
    ['Aditya Birla Sun Life Global Emerging Opportunities Fund - Growth', 'Other'],
    ['Axis Greater China Equity Fund of Fund - Regular Plan - Growth', 'Other'],
    ['Nippon India Japan Equity Fund - Growth', 'Other'],
    ['Nippon India ETF Hang Seng BeES', 'Other'],
    ['Kotak International REIT FOF - Regular Plan - Growth', 'Other'],
    // Unknown: nothing is guessed
    ['Some Unheard Of Scheme', null],
    ["HDFC Children's Gift Fund - Growth", null],
  ])('%s → %s', (name, cls) => {
    expect(assetClassFromName(name)).toBe(cls);
  });

  it("reproduces the class of every scheme in the statement generator's catalogue, in every plan and option", () => {
    const wrong: string[] = [];
    for (const amc of AMCS) {
      for (const scheme of amc.schemes) {
        for (const suffix of ['', ' - Regular Plan - Growth', ' - Direct Plan - IDCW Payout', ' - Regular Plan - Income Distribution cum Capital Withdrawal Option']) {
          const name = `${amc.brand} ${scheme.name}${suffix}`;
          if (assetClassFromName(name) !== scheme.asset_class) wrong.push(`${name}: ${assetClassFromName(name)} != ${scheme.asset_class}`);
        }
      }
    }
    for (const fund of DEMAT_FUNDS) {
      const expected = /GOLD|NASDAQ/.test(fund.name) ? 'Other' : 'Equity'; // as test/fixtures/generator/build/demat.ts assigns it
      if (assetClassFromName(fund.name) !== expected) wrong.push(`${fund.name}: ${assetClassFromName(fund.name)} != ${expected}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('asset class of a listed security', () => {
  it.each([
    ['RELIANCE INDUSTRIES LIMITED', 'INE002A01018', 'Equity'],
    ['HDFC BANK LIMITED', 'INE040A01034', 'Equity'],
    ['8.25% NHAI TAX FREE BONDS 2031', 'INE906B07CB9', 'Debt'],
    ['GOI 7.26% 2033', 'IN0020220151', 'Debt'],
    ['SOVEREIGN GOLD BOND 2.50% 2028', 'IN0020200039', 'Other'],
    ['EMBASSY OFFICE PARKS REIT', 'INE041025011', 'Other'],
    ['INDIA GRID TRUST INVIT FUND', 'INE219X23014', 'Other'],
    // the security type decides, whatever equity or debt words the company's name has
    ['GOLDIAM INTERNATIONAL LIMITED', 'INE025B01017', 'Equity'],
  ])('%s (%s) → %s', (name, isin, cls) => {
    expect(classifyAssetClass(name, isin)).toBe(cls);
  });
});

describe('asset class of an AMFI category heading', () => {
  it.each([
    // SEBI's categories (AMFI's headings since 2018)
    ['Open Ended Schemes(Equity Scheme - Large Cap Fund)', '', 'Equity'],
    ['Open Ended Schemes(Equity Scheme - ELSS)', '', 'Equity'],
    ['Open Ended Schemes(Equity Scheme - Sectoral/ Thematic)', '', 'Equity'],
    ['Open Ended Schemes(Debt Scheme - Liquid Fund)', '', 'Debt'],
    ['Open Ended Schemes(Debt Scheme - Banking and PSU Fund)', '', 'Debt'],
    ['Close Ended Schemes(Debt Scheme - Credit Risk Fund)', '', 'Debt'],
    ['Open Ended Schemes(Hybrid Scheme - Balanced Advantage)', '', 'Hybrid'],
    ['Open Ended Schemes(Hybrid Scheme - Dynamic Asset Allocation or Balanced Advantage)', '', 'Hybrid'],
    ['Open Ended Schemes(Hybrid Scheme - Arbitrage Fund)', 'Kotak Equity Arbitrage Fund', 'Hybrid'],
    ['Open Ended Schemes(Other Scheme - Gold ETF)', '', 'Other'],
    ['Open Ended Schemes(Other Scheme - FoF Overseas)', 'Axis Greater China Equity Fund of Fund', 'Other'],
    // index funds and ETFs: by what they track
    ['Open Ended Schemes(Other Scheme - Index Funds)', 'UTI Nifty 50 Index Fund - Direct Plan - Growth', 'Equity'],
    ['Open Ended Schemes(Other Scheme - Index Funds)', 'Edelweiss Nifty PSU Bond Plus SDL Index Fund - 2027', 'Debt'],
    ['Open Ended Schemes(Other Scheme - Index Funds)', 'Motilal Oswal S&P 500 Index Fund', 'Other'],
    ['Open Ended Schemes(Other Scheme - Index Funds)', 'Navi Nifty Smallcap 250 Index Fund', 'Equity'],
    ['Open Ended Schemes(Other Scheme - Index Funds)', 'ABC Momentum 30 Index Fund', 'Equity'],
    ['Open Ended Schemes(Other Scheme - Other  ETFs)', 'Bharat Bond ETF - April 2030', 'Debt'],
    ['Open Ended Schemes(Other Scheme - Other ETFs)', 'CPSE ETF', 'Equity'],
    ['Open Ended Schemes(Other Scheme - Other ETFs)', 'Nippon India ETF Liquid BeES', 'Debt'],
    // headings that do not say what the scheme holds
    ['Open Ended Schemes(Other Scheme - FoF Domestic)', 'ICICI Prudential Asset Allocator Fund (FOF)', null],
    ['Open Ended Schemes(Solution Oriented Scheme - Retirement Fund)', 'HDFC Retirement Savings Fund - Equity Plan', null],
    ["Open Ended Schemes(Solution Oriented Scheme - Children's Fund)", '', null],
    // AMFI's categories before 2018
    ['Open Ended Schemes(Balanced)', '', 'Hybrid'],
    ['Open Ended Schemes(Income)', '', 'Debt'],
    ['Open Ended Schemes(Money Market)', '', 'Debt'],
    ['Open Ended Schemes(Liquid)', '', 'Debt'],
    ['Open Ended Schemes(Gilt)', '', 'Debt'],
    ['Open Ended Schemes(Floating Rate)', '', 'Debt'],
    ['Open Ended Schemes(Growth)', '', 'Equity'],
    ['Open Ended Schemes(ELSS)', '', 'Equity'],
    ['Open Ended Schemes(GOLD ETFs)', 'Kotak Gold ETF', 'Other'],
    ['Open Ended Schemes(Other ETFs)', 'Nippon India ETF Nifty BeES', 'Equity'],
    ['Open Ended Schemes(Fund of Funds - Overseas)', 'DSP World Mining Fund', 'Other'],
    ['Open Ended Schemes(Fund of Funds - Domestic)', 'Franklin India Multi-Asset Solution Fund', null],
    ['Close Ended Schemes(Growth)', '', 'Equity'],
    ['Close Ended Schemes(ELSS)', '', 'Equity'],
    ['Close Ended Schemes(Income)', '', 'Debt'],
    ['Interval Fund Schemes(Income)', '', 'Debt'],
    // the name refines a heading: an equity scheme investing abroad, hybrids in the coarse pre-2018 headings
    ['Open Ended Schemes(Equity Scheme - Sectoral/ Thematic)', 'Aditya Birla Sun Life International Equity Fund - Plan A', 'Other'],
    ['Open Ended Schemes(Equity Scheme - Sectoral/ Thematic)', 'Nippon India US Equity Opportunities Fund', 'Other'],
    ['Open Ended Schemes(Growth)', 'Kotak Equity Arbitrage Fund - Growth', 'Hybrid'],
    ['Open Ended Schemes(Income)', 'Aditya Birla Sun Life MIP - Regular Plan - Growth', 'Hybrid'],
    ['Open Ended Schemes(Income)', 'Baroda Pioneer Credit Opportunities Fund', 'Debt'],
    ['Open Ended Schemes(Debt Scheme - Credit Risk Fund)', 'Acme Hybrid Income Fund', 'Debt'], // SEBI's category is trusted
    // a category nobody knows yet
    ['Open Ended Schemes(Specialised Scheme - Long-Short)', '', null],
  ])('%s, %s → %s', (heading, name, cls) => {
    expect(assetClassOfCategory(heading, name)).toBe(cls);
  });
});

describe('the name rules against AMFI\'s own categories', () => {
  it.each(['NAVAll-2018-01-31-excerpt.txt', 'NAVAll.txt'])('never contradict the category heading of a scheme in %s where both answer', (name) => {
    const nav = parseAmfiNav(readFileSync(new URL(`../../fixtures/amfi/${name}`, import.meta.url), 'utf8'));
    const records = [...new Set(nav.byIsin.values())];
    const both = records.map((r) => ({ name: r.scheme_name, category: r.category, heading: assetClassOfCategory(r.category ?? '', r.scheme_name), byName: assetClassFromName(r.scheme_name) })).filter((r) => r.heading && r.byName);
    expect(both.length).toBeGreaterThan(10);
    expect(both.filter((r) => r.heading !== r.byName)).toEqual([]);
  });
});
