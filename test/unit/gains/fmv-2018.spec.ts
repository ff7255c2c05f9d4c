/**
 * The fair market value of 31 January 2018 (s.55(2)(ac)) from the shipped AMFI NAV file: found by
 * either ISIN column, from the source tree and from the built tree; unknown ISINs give null. The file
 * is read asynchronously once per process (one shared promise); a missing or malformed file rejects
 * with a message naming it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Fmv2018FileError, findFmv2018File, fmvLookupFromText, loadFmv2018, type FmvLookup } from '../../../src/modules/gains/index.js';

describe('FMV on 31 January 2018 (shipped data/amfi/NAVAll_2018-01-31.txt)', () => {
  let fmv: FmvLookup;
  beforeAll(async () => {
    fmv = await loadFmv2018();
  });

  it.each([
    { name: 'growth ISIN column (Axis Long Term Equity Fund - Growth)', isin: 'INF846K01131', nav: 42.3003 },
    { name: 'payout ISIN column (ABSL Balanced ’95 Direct Dividend)', isin: 'INF209KA1LH3', nav: 216.86 },
    { name: 'reinvestment ISIN column (the same scheme line)', isin: 'INF209K01ZB2', nav: 216.86 },
    { name: 'lower-case input', isin: 'inf846k01131', nav: 42.3003 },
    { name: 'an ISIN the file does not list: null, never a guess', isin: 'INF000000000', nav: null },
  ])('$name', ({ isin, nav }) => {
    expect(fmv(isin)).toBe(nav);
  });

  it('is read and parsed once: every caller shares one promise', () => {
    expect(loadFmv2018()).toBe(loadFmv2018());
  });

  it('the built code (dist/src/modules/gains/fmv) finds the same file above it', async () => {
    const root = resolve('.');
    await expect(findFmv2018File(join(root, 'dist', 'src', 'modules', 'gains', 'fmv'))).resolves.toBe(join(root, 'data', 'amfi', 'NAVAll_2018-01-31.txt'));
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

describe('FMV file that cannot serve: the load rejects with a message naming the file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fmv-2018-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('missing', async () => {
    const path = join(dir, 'absent.txt');
    const load = loadFmv2018(path);
    await expect(load).rejects.toThrow(Fmv2018FileError);
    await expect(load).rejects.toThrow(`the FMV file of 31 January 2018 could not be read at ${path}: ENOENT`);
  });

  it('not an AMFI NAV file', async () => {
    const path = join(dir, 'garbage.txt');
    await writeFile(path, 'this is not a NAV file\nat all\n');
    await expect(loadFmv2018(path)).rejects.toThrow(`the FMV file of 31 January 2018 at ${path} is not an AMFI NAV file: not an AMFI NAV file`);
  });

  it('an AMFI NAV file of another day: no NAV of 31 January 2018, refused rather than every FMV unknown', async () => {
    const path = join(dir, 'other-day.txt');
    await writeFile(path, ['Scheme Code;Scheme Name;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Net Asset Value;Date', '100001;Fund A - Growth;INF000A01011;-;12.3456;30-Jan-2018'].join('\n'));
    await expect(loadFmv2018(path)).rejects.toThrow(`the FMV file of 31 January 2018 at ${path} holds no NAV dated 31 January 2018`);
  });
});
