import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { AmfiFormatError, parseAmfiNav } from '../../../src/modules/nexus/market-data/amfi-nav-parser.js';

const HEADER = 'Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Date';
const file = (...lines: string[]) => [HEADER, '', ...lines].join('\n');
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/amfi/${name}`, import.meta.url), 'utf8');

describe('parseAmfiNav', () => {
  it('reads the fixture file: headings, both ISIN columns, N.A. values, CRLF line ends', () => {
    const nav = parseAmfiNav(fixture('NAVAll.txt'));
    expect(nav.schemes).toBe(15);
    expect(nav.unpriced).toBe(2);
    expect(nav.skipped).toEqual([]);
    expect(nav.latestDate).toBe('2025-10-17');
    expect(nav.byIsin.get('INF200K017V5')).toEqual({
      scheme_code: '119609',
      scheme_name: 'SBI Equity Hybrid Fund - Direct Plan - Growth',
      isin_growth: 'INF200K017V5',
      isin_reinvestment: null,
      nav: 331.2458,
      nav_date: '2025-10-17',
      amc: 'SBI Mutual Fund',
      category: 'Open Ended Schemes(Hybrid Scheme - Aggressive Hybrid Fund)',
    });
    // the same record by its payout ISIN and by its reinvestment ISIN
    expect(nav.byIsin.get('INF174K01PB9')).toBe(nav.byIsin.get('INF174K01PA1'));
    expect(nav.byIsin.get('INF174K01PB9')).toMatchObject({ nav: 53.8127, amc: 'Kotak Mahindra Mutual Fund', category: 'Open Ended Schemes(Equity Scheme - Mid Cap Fund)' });
    // an N.A. NAV gives no price, but the record (and its category) is kept
    expect(nav.byIsin.get('INF174K01RE9')).toMatchObject({ nav: null, category: 'Open Ended Schemes(Equity Scheme - Flexi Cap Fund)' });
    // headings of closed-ended and interval schemes are categories, not AMCs
    expect([...nav.byIsin.values()].find((r) => r.scheme_code === '149245')).toMatchObject({ amc: 'ICICI Prudential Mutual Fund', category: 'Close Ended Schemes(Income)', nav_date: '2025-10-16' });
    expect([...nav.byIsin.values()].find((r) => r.scheme_code === '108012')).toMatchObject({ amc: 'Nippon India Mutual Fund', category: 'Interval Fund Schemes(Income)' });
  });

  it.each([
    { name: 'a growth ISIN only, reinvestment "-"', line: '100001;INF179K01BE2;-;HDFC Flexi Cap Fund - Growth;1945.123;17-Oct-2025', isins: ['INF179K01BE2'] },
    { name: 'a reinvestment ISIN only, payout empty', line: '100002;;INF179K01BF9;HDFC Flexi Cap Fund - IDCW Reinvestment;45.5;17-Oct-2025', isins: ['INF179K01BF9'] },
    { name: 'both ISINs', line: '100003;INF179K01BG7;INF179K01BH5;HDFC Flexi Cap Fund - IDCW;45.5;17-Oct-2025', isins: ['INF179K01BG7', 'INF179K01BH5'] },
    { name: 'no ISIN at all', line: '100004;-;-;HDFC Old Plan;12.5;17-Oct-2025', isins: [] },
    { name: 'lower-case ISINs and spaces around cells', line: ' 100005 ; inf179k01bi3 ; - ; HDFC Flexi Cap Fund ; 10.25 ; 17-Oct-2025 ', isins: ['INF179K01BI3'] },
  ])('indexes $name', ({ line, isins }) => {
    const nav = parseAmfiNav(file('HDFC Mutual Fund', line, '100099;INF179K01ZZ1;-;Filler;1;17-Oct-2025'));
    expect(nav.skipped).toEqual([]);
    for (const isin of isins) expect(nav.byIsin.get(isin)?.scheme_code).toBe(line.trim().slice(0, 6));
    expect([...nav.byIsin.values()].filter((r) => r.scheme_code === line.trim().slice(0, 6)).length).toBe(isins.length);
  });

  it.each([
    { name: 'an N.A. NAV', line: '100010;INF179K01BJ1;-;HDFC Scheme;N.A.;17-Oct-2025' },
    { name: 'an NA NAV and an N.A. date', line: '100011;INF179K01BK9;-;HDFC Scheme;NA;N.A.' },
    { name: 'an empty NAV', line: '100012;INF179K01BL7;-;HDFC Scheme;;17-Oct-2025' },
    { name: 'a NAV of 0.0000 (AMFI\'s 2018 file has these)', line: '100013;INF179K01BL7;-;HDFC Scheme;0.0000;17-Oct-2025' },
  ])('reads $name as unpriced', ({ line }) => {
    const nav = parseAmfiNav(file('HDFC Mutual Fund', line, '100099;INF179K01ZZ1;-;Filler;1;17-Oct-2025'));
    expect(nav).toMatchObject({ schemes: 2, unpriced: 1, skipped: [] });
    expect([...nav.byIsin.values()].filter((r) => r.nav === null)).toHaveLength(1);
    expect(nav.latestDate).toBe('2025-10-17');
  });

  it.each(['NOTAPP', '#N/A', 'N/A', '-', ''])('reads an ISIN cell of "%s" as no ISIN', (cell) => {
    const nav = parseAmfiNav(file('HDFC Mutual Fund', `100014;INF179K01BM5;${cell};HDFC Scheme;12.5;17-Oct-2025`));
    expect(nav).toMatchObject({ schemes: 1, skipped: [] });
    expect(nav.byIsin.get('INF179K01BM5')?.isin_reinvestment).toBeNull();
  });

  it('keeps a priced line over an unpriced one for the same ISIN, whatever their order', () => {
    const priced = '100015;INF179K01BS2;-;Priced;10;16-Oct-2025';
    const unpriced = '100016;INF179K01BS2;-;Unpriced;N.A.;17-Oct-2025';
    expect(parseAmfiNav(file('HDFC Mutual Fund', priced, unpriced)).byIsin.get('INF179K01BS2')?.scheme_code).toBe('100015');
    expect(parseAmfiNav(file('HDFC Mutual Fund', unpriced, priced)).byIsin.get('INF179K01BS2')?.scheme_code).toBe('100015');
  });

  it.each([
    { name: 'too few fields', line: '100020;INF179K01BM5;HDFC Scheme;12.5;17-Oct-2025', reason: /5 fields instead of 6/ },
    { name: 'a scheme code that is not a number', line: 'ABC;INF179K01BN3;-;HDFC Scheme;12.5;17-Oct-2025', reason: /scheme code "ABC"/ },
    { name: 'a cell that is not an ISIN', line: '100021;INF179K01;-;HDFC Scheme;12.5;17-Oct-2025', reason: /"INF179K01" is not an ISIN/ },
    { name: 'a NAV that is not a price', line: '100022;INF179K01BO1;-;HDFC Scheme;12.5x;17-Oct-2025', reason: /NAV "12.5x"/ },
    { name: 'a negative NAV', line: '100023;INF179K01BP8;-;HDFC Scheme;-3.2;17-Oct-2025', reason: /NAV "-3.2"/ },
    { name: 'a date that is not a date', line: '100024;INF179K01BQ6;-;HDFC Scheme;12.5;31-Feb-2025', reason: /date "31-Feb-2025"/ },
    { name: 'no scheme name', line: '100025;INF179K01BR4;-;;12.5;17-Oct-2025', reason: /no scheme name/ },
  ])('skips and reports a line with $name', ({ line, reason }) => {
    const nav = parseAmfiNav(file('HDFC Mutual Fund', '100099;INF179K01ZZ1;-;Filler;1;17-Oct-2025', line));
    expect(nav.schemes).toBe(1);
    expect(nav.skipped).toHaveLength(1);
    expect(nav.skipped[0].line).toBe(5);
    expect(nav.skipped[0].reason).toMatch(reason);
  });

  it('keeps the most recent price of an ISIN listed twice', () => {
    const nav = parseAmfiNav(file('HDFC Mutual Fund', '100030;INF179K01BS2;-;Old;10;16-Oct-2025', '100031;INF179K01BS2;-;New;11;17-Oct-2025', '100032;INF179K01BS2;-;Older;9;15-Oct-2025'));
    expect(nav.byIsin.get('INF179K01BS2')).toMatchObject({ scheme_code: '100031', nav: 11 });
  });

  it('accepts a byte-order mark, blank lines before the header and a repeated header', () => {
    const nav = parseAmfiNav(`\uFEFF\n \n${file('HDFC Mutual Fund', '100040;INF179K01BT0;-;A;10;17-Oct-2025', HEADER, '100041;INF179K01BU8;-;B;11;17-Oct-2025')}`);
    expect(nav).toMatchObject({ schemes: 2, skipped: [] });
  });

  it.each([
    { name: 'an empty file', text: '', message: /empty/ },
    { name: 'only blank lines', text: ' \r\n\r\n', message: /empty/ },
    { name: 'an HTML error page', text: fixture('NAVAll-error-page.txt'), message: /not an AMFI NAV file: line 1 should be a header .* but is "<!DOCTYPE html>"/ },
    { name: 'another CSV', text: 'Date,Open,High,Low,Close\n2025-10-17,1,2,3,4', message: /not an AMFI NAV file/ },
    { name: 'a header with no scheme lines', text: file('Open Ended Schemes(Equity)', 'HDFC Mutual Fund'), message: /no readable scheme lines/ },
    { name: 'mostly malformed lines', text: file('HDFC Mutual Fund', '1;INF179K01ZZ1;-;A;1;17-Oct-2025', 'x;y', 'a;b;c', '2;3'), message: /most scheme lines .* 3 bad, 1 good .*line 5: 2 fields/ },
  ])('refuses $name with a clear error', ({ text, message }) => {
    expect(() => parseAmfiNav(text)).toThrow(AmfiFormatError);
    expect(() => parseAmfiNav(text)).toThrow(message);
  });
});
