/**
 * The fair market value of 31 January 2018 (s.55(2)(ac)) from the shipped AMFI NAV file: found by
 * either ISIN column, from the source tree and from the built tree; unknown ISINs give null.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { findFmv2018File, fmv2018, fmvLookupFromText } from '../../../src/modules/gains/index.js';

describe('FMV on 31 January 2018 (shipped data/amfi/NAVAll_2018-01-31.txt)', () => {
  it.each([
    { name: 'growth ISIN column (Axis Long Term Equity Fund - Growth)', isin: 'INF846K01131', nav: 42.3003 },
    { name: 'payout ISIN column (ABSL Balanced ’95 Direct Dividend)', isin: 'INF209KA1LH3', nav: 216.86 },
    { name: 'reinvestment ISIN column (the same scheme line)', isin: 'INF209K01ZB2', nav: 216.86 },
    { name: 'lower-case input', isin: 'inf846k01131', nav: 42.3003 },
    { name: 'an ISIN the file does not list: null, never a guess', isin: 'INF000000000', nav: null },
  ])('$name', ({ isin, nav }) => {
    expect(fmv2018()(isin)).toBe(nav);
  });

  it('the built code (dist/src/modules/gains/fmv) finds the same file above it', () => {
    const root = resolve('.');
    expect(findFmv2018File(join(root, 'dist', 'src', 'modules', 'gains', 'fmv'))).toBe(join(root, 'data', 'amfi', 'NAVAll_2018-01-31.txt'));
  });

  it('columns are found by header name (a file with the ISIN columns after the name), and a NAV of another day is no FMV', () => {
    const text = [
      'Scheme Name;Scheme Code;Net Asset Value;ISIN Div Reinvestment;ISIN Div Payout/ ISIN Growth;Date',
      'Open Ended Schemes(Equity Scheme - Large Cap Fund)',
      'Some Mutual Fund',
      'Fund A - Growth;100001;12.3456;-;INF000A01011;31-Jan-2018',
      'Fund B - Growth;100002;20.5;-;INF000B01019;30-Jan-2018',
    ].join('\n');
    const lookup = fmvLookupFromText(text);
    expect(lookup('INF000A01011')).toBe(12.3456);
    expect(lookup('INF000B01019')).toBeNull();
  });
});
