import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { AmfiFormatError, parseAmfiNav, type AmfiNavRecord } from '../../../src/modules/nexus/market-data/amfi-nav-parser.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/amfi/${name}`, import.meta.url), 'utf8');

interface Row {
  code: string;
  growth: string;
  reinvest: string;
  name: string;
  plan: string;
  option: string;
  nav: string;
  date: string;
}

const ROWS: Row[] = [
  { code: '119551', growth: 'INF209KA12Z1', reinvest: 'INF209KA13Z9', name: 'Aditya Birla Sun Life Banking & PSU Debt Fund - Direct - IDCW', plan: 'Direct', option: 'IDCW', nav: '108.4129', date: '17-Oct-2025' },
  { code: '120465', growth: 'INF846K01DP8', reinvest: '-', name: 'Axis Large Cap Fund - Direct Plan - Growth', plan: 'Direct', option: 'Growth', nav: '61.41', date: '17-Oct-2025' },
  { code: '112090', growth: 'INF174K01RE9', reinvest: '', name: 'Kotak Flexicap Fund - Regular Plan - Growth', plan: 'Regular', option: 'Growth', nav: 'N.A.', date: 'N.A.' },
];

/** The column sets AMFI has published, each with how a row is written in it. */
const LAYOUTS: Array<{ label: string; header: string; line: (r: Row) => string; planOption: boolean }> = [
  {
    label: 'until 2018: eight columns with repurchase and sale prices',
    header: 'Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Repurchase Price;Sale Price;Date',
    line: (r) => [r.code, r.growth, r.reinvest, r.name, r.nav, r.nav, r.nav, r.date].join(';'),
    planOption: false,
  },
  {
    label: '2019 to August 2026: six columns',
    header: 'Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Date',
    line: (r) => [r.code, r.growth, r.reinvest, r.name, r.nav, r.date].join(';'),
    planOption: false,
  },
  {
    label: 'since 19 August 2026, as one report has it: Plan and Option after the scheme name',
    header: 'Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Plan;Option;Net Asset Value;Date',
    line: (r) => [r.code, r.growth, r.reinvest, r.name, r.plan, r.option, r.nav, r.date].join(';'),
    planOption: true,
  },
  {
    label: 'since 19 August 2026, as another report has it: the ISINs after Plan and Option',
    header: 'Scheme Code;Scheme Name;Plan;Option;ISIN Div Payout/ISIN Growth;ISIN Div Reinvestment;Net Asset Value;Date',
    line: (r) => [r.code, r.name, r.plan, r.option, r.growth, r.reinvest, r.nav, r.date].join(';'),
    planOption: true,
  },
  {
    label: 'a header written loosely: case, spacing and slashes',
    header: ' scheme code ; ISIN Div Payout /ISIN Growth;isin  div  reinvestment;SCHEME NAME;net asset value;DATE ',
    line: (r) => [r.code, r.growth, r.reinvest, r.name, r.nav, r.date].join(';'),
    planOption: false,
  },
];

const CATEGORY = 'Open Ended Schemes(Equity Scheme - Large Cap Fund)';
const expected = (r: Row, planOption: boolean): AmfiNavRecord => ({
  scheme_code: r.code,
  scheme_name: r.name,
  isin_growth: r.growth,
  isin_reinvestment: r.reinvest.startsWith('INF') ? r.reinvest : null,
  nav: r.nav === 'N.A.' ? null : Number(r.nav),
  nav_date: r.date === 'N.A.' ? null : '2025-10-17',
  amc: 'Some Mutual Fund',
  category: CATEGORY,
  ...(planOption ? { plan: r.plan, option: r.option } : {}),
});

describe('AMFI NAV file columns, found by their header names', () => {
  it.each(LAYOUTS)('reads the column set $label', ({ header, line, planOption }) => {
    const text = [header, '', CATEGORY, '', 'Some Mutual Fund', '', ...ROWS.map(line)].join('\r\n');
    const nav = parseAmfiNav(text);
    expect(nav).toMatchObject({ schemes: 3, unpriced: 1, skipped: [], latestDate: '2025-10-17', unknownColumns: [] });
    for (const row of ROWS) expect(nav.byIsin.get(row.growth)).toEqual(expected(row, planOption));
    expect(nav.byIsin.get('INF209KA13Z9')).toBe(nav.byIsin.get('INF209KA12Z1'));
  });

  it.each([
    { name: 'the 2018 file', file: 'NAVAll-2018-01-31-excerpt.txt' },
    { name: 'a six-column file', file: 'NAVAll.txt' },
    { name: 'a 2026 file with the ISINs first', file: 'NAVAll-2026-isin-first.txt' },
    { name: 'a 2026 file with Plan and Option first', file: 'NAVAll-2026-plan-first.txt' },
  ])('reads $name (test/fixtures/amfi/$file) with nothing skipped but its own bad lines', ({ file }) => {
    const nav = parseAmfiNav(fixture(file));
    expect(nav.unknownColumns).toEqual([]);
    expect(nav.schemes).toBeGreaterThan(10);
    expect(nav.skipped.every((s) => /is not an ISIN/.test(s.reason))).toBe(true);
  });

  it('gives the same prices and categories from the six-column file and both 2026 orders, with Plan and Option from the new ones', () => {
    const six = parseAmfiNav(fixture('NAVAll.txt'));
    for (const name of ['NAVAll-2026-isin-first.txt', 'NAVAll-2026-plan-first.txt']) {
      const file = parseAmfiNav(fixture(name));
      expect([...file.byIsin.keys()].sort()).toEqual([...six.byIsin.keys()].sort());
      for (const [isin, record] of six.byIsin) {
        const { plan, option, ...rest } = file.byIsin.get(isin)!;
        expect(rest).toEqual(record);
        expect([plan, option]).not.toEqual([undefined, undefined]);
      }
    }
    expect(parseAmfiNav(fixture('NAVAll-2026-plan-first.txt')).byIsin.get('INF200K017V5')).toMatchObject({ plan: 'Direct', option: 'Growth', nav: 331.2458 });
  });

  it("reads AMFI's 31 January 2018 file: old headings, repurchase and sale prices ignored, its quirks", () => {
    const nav = parseAmfiNav(fixture('NAVAll-2018-01-31-excerpt.txt'));
    expect(nav.latestDate).toBe('2018-01-31');
    expect(nav.byIsin.get('INF179K01AV8')).toEqual({
      scheme_code: '101977',
      scheme_name: 'HDFC Prudence Fund - Growth Option',
      isin_growth: 'INF179K01AV8',
      isin_reinvestment: null,
      nav: 531.871, // the Net Asset Value column, not the repurchase price (526.5520) beside it
      nav_date: '2018-01-31',
      amc: 'HDFC Mutual Fund',
      category: 'Open Ended Schemes(Balanced)',
    });
    const categories = new Set([...nav.byIsin.values()].map((r) => r.category));
    expect(categories).toEqual(
      new Set([
        'Open Ended Schemes(Balanced)', 'Open Ended Schemes(ELSS)', 'Open Ended Schemes(Floating Rate)', 'Open Ended Schemes(Fund of Funds - Domestic)',
        'Open Ended Schemes(Fund of Funds - Overseas)', 'Open Ended Schemes(GOLD ETFs)', 'Open Ended Schemes(Gilt)', 'Open Ended Schemes(Growth)',
        'Open Ended Schemes(Income)', 'Open Ended Schemes(Liquid)', 'Open Ended Schemes(Money Market)', 'Open Ended Schemes(Other ETFs)',
        'Close Ended Schemes(ELSS)', 'Close Ended Schemes(Growth)', 'Close Ended Schemes(Income)', 'Interval Fund Schemes(Income)',
      ]),
    );
    // the file's quirks: a NAV of 0.0000 is no price, NOTAPP and #N/A are no ISIN, an ISIN one character short is skipped
    expect(nav.unpriced).toBeGreaterThan(0);
    expect(nav.skipped).toEqual([{ line: expect.any(Number), reason: '"INF78901059" is not an ISIN' }]);
  });

  it('ignores and reports a column it does not know', () => {
    const nav = parseAmfiNav(['Scheme Code;ISIN Div Payout/ ISIN Growth;Scheme Name;Risk Grade;Net Asset Value;Date', 'X Mutual Fund', '1;INF179K01BE2;A;High;10.5;17-Oct-2025'].join('\n'));
    expect(nav.unknownColumns).toEqual(['Risk Grade']);
    expect(nav.byIsin.get('INF179K01BE2')).toMatchObject({ nav: 10.5, isin_reinvestment: null });
  });

  it.each([
    { name: 'no ISIN column', header: 'Scheme Code;Scheme Name;Plan;Option;Net Asset Value;Date', message: /header has no ISIN column, so AMFI has changed its format again: "Scheme Code;Scheme Name;Plan;Option;Net Asset Value;Date"/ },
    { name: 'no NAV column', header: 'Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Price;Date', message: /header has no Net Asset Value column/ },
    { name: 'neither', header: 'Scheme Code;Scheme Name;Date', message: /header has no ISIN and no Net Asset Value column/ },
    { name: 'a column twice', header: 'Scheme Code;ISIN Growth;ISIN Div Payout;Scheme Name;Net Asset Value;Date', message: /names the isin_growth column twice \("ISIN Growth" and "ISIN Div Payout"\)/ },
    { name: 'no known column at all', header: 'Fund;Price;When', message: /not an AMFI NAV file: line 1 should be a header/ },
  ])('refuses a header with $name, naming what is missing', ({ header, message }) => {
    const text = [header, 'HDFC Mutual Fund', '100001;INF179K01BE2;-;HDFC Flexi Cap Fund;1945.12;17-Oct-2025'].join('\n');
    expect(() => parseAmfiNav(text)).toThrow(AmfiFormatError);
    expect(() => parseAmfiNav(text)).toThrow(message);
  });

  it('finds the header below a title line', () => {
    const nav = parseAmfiNav(['Net Asset Value as on 17-Oct-2025', '', 'Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Date', 'HDFC Mutual Fund', '1;INF179K01BE2;-;A;10;17-Oct-2025'].join('\n'));
    expect(nav.byIsin.get('INF179K01BE2')?.nav).toBe(10);
  });
});
