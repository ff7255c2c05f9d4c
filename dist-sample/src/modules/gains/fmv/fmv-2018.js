/**
 * The fair market value of a mutual-fund unit on 31 January 2018 (s.55(2)(ac), Explanation (a)(ii)
 * for unlisted units: the NAV on that day): AMFI's NAV file of that day, shipped as data in
 * `data/amfi/NAVAll_2018-01-31.txt` and read with the market-data reader (columns by header name,
 * both ISIN columns). An ISIN the file does not price gives null, never a guess.
 *
 * The file is read asynchronously, once per process and path (`loadFmv2018`); the Nest side awaits
 * it at start-up (`Fmv2018`), so no request reads it.
 */
import { access, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAmfiNav } from '../../nexus/index.js';
export const FMV_2018_FILE = join('data', 'amfi', 'NAVAll_2018-01-31.txt');
export const FMV_2018_DATE = '2018-01-31';
/** The FMV file is missing, unreadable, not an AMFI NAV file, or prices nothing on 31 January 2018. */
export class Fmv2018FileError extends Error {
    constructor() {
        super(...arguments);
        this.name = 'Fmv2018FileError';
    }
}
/** The project directory holding `data/`: found upwards from this module (src/… in tests, dist/src/… built). */
export async function findFmv2018File(from = dirname(fileURLToPath(import.meta.url))) {
    for (let dir = from;; dir = dirname(dir)) {
        const candidate = join(dir, FMV_2018_FILE);
        if (await access(candidate).then(() => true, () => false))
            return candidate;
        if (dirname(dir) === dir)
            throw new Fmv2018FileError(`the FMV file of 31 January 2018 (${FMV_2018_FILE}) was not found above ${from}`);
    }
}
function navsOf2018(text) {
    const byIsin = new Map();
    for (const [isin, record] of parseAmfiNav(text).byIsin) {
        if (record.nav !== null && record.nav_date === FMV_2018_DATE)
            byIsin.set(isin, record.nav);
    }
    return byIsin;
}
const lookupOf = (byIsin) => (isin) => byIsin.get(isin.trim().toUpperCase()) ?? null;
/** A lookup over an AMFI NAV file's text: the NAV by either ISIN, only when it is of 31 January 2018. */
export function fmvLookupFromText(text) {
    return lookupOf(navsOf2018(text));
}
async function load(file) {
    const path = file ?? (await findFmv2018File());
    let text;
    try {
        text = await readFile(path, 'latin1');
    }
    catch (error) {
        throw new Fmv2018FileError(`the FMV file of 31 January 2018 could not be read at ${path}: ${error.message}`);
    }
    let byIsin;
    try {
        byIsin = navsOf2018(text);
    }
    catch (error) {
        throw new Fmv2018FileError(`the FMV file of 31 January 2018 at ${path} is not an AMFI NAV file: ${error.message}`);
    }
    if (byIsin.size === 0)
        throw new Fmv2018FileError(`the FMV file of 31 January 2018 at ${path} holds no NAV dated 31 January 2018`);
    return lookupOf(byIsin);
}
const loads = new Map();
/**
 * The FMV lookup of the file (the shipped one when none is named), read and parsed once per process:
 * every caller shares one promise. Rejects with an Fmv2018FileError naming the file and what is wrong.
 */
export function loadFmv2018(file) {
    const key = file ?? '';
    let loading = loads.get(key);
    if (!loading) {
        loading = load(file);
        loads.set(key, loading);
    }
    return loading;
}
//# sourceMappingURL=fmv-2018.js.map