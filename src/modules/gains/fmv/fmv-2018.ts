/**
 * The fair market value of a mutual-fund unit on 31 January 2018 (s.55(2)(ac), Explanation (a)(ii)
 * for unlisted units: the NAV on that day): AMFI's NAV file of that day, shipped as data in
 * `data/amfi/NAVAll_2018-01-31.txt` and read with the market-data reader (columns by header name,
 * both ISIN columns). An ISIN the file does not price gives null, never a guess.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAmfiNav } from '../../nexus/index.js';
import type { FmvLookup } from '../gains.types.js';

export const FMV_2018_FILE = join('data', 'amfi', 'NAVAll_2018-01-31.txt');
export const FMV_2018_DATE = '2018-01-31';

/** The project directory holding `data/`: found upwards from this module (src/… in tests, dist/src/… built). */
export function findFmv2018File(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, FMV_2018_FILE);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`the FMV file ${FMV_2018_FILE} was not found above ${from}`);
  }
}

/** A lookup over an AMFI NAV file's text: the NAV by either ISIN, only when it is of 31 January 2018. */
export function fmvLookupFromText(text: string): FmvLookup {
  const file = parseAmfiNav(text);
  const byIsin = new Map<string, number>();
  for (const [isin, record] of file.byIsin) {
    if (record.nav !== null && record.nav_date === FMV_2018_DATE) byIsin.set(isin, record.nav);
  }
  return (isin) => byIsin.get(isin.trim().toUpperCase()) ?? null;
}

let shipped: FmvLookup | null = null;

/** The shipped file's lookup, read once on first use. */
export function fmv2018(): FmvLookup {
  shipped ??= fmvLookupFromText(readFileSync(findFmv2018File(), 'latin1'));
  return shipped;
}
