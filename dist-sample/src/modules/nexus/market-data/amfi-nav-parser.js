/**
 * AMFI's published NAV file (`NAVAll.txt`): a header line, then semicolon-separated scheme lines
 * grouped under heading lines without semicolons — the scheme category ("Open Ended Schemes(Equity
 * Scheme - Large Cap Fund)") and the AMC ("HDFC Mutual Fund") — with blank lines in between:
 *
 *   Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Date
 *   Open Ended Schemes(Equity Scheme - Large Cap Fund)
 *   Axis Mutual Fund
 *   120465;INF846K01DP8;-;Axis Large Cap Fund - Direct Plan - Growth;61.41;30-Sep-2025
 *
 * Columns are found by their header names (`amfi-nav-columns.ts`: three column sets so far). A scheme
 * line carries up to two ISINs (payout or growth, and reinvestment); either finds it, with its NAV and
 * the category heading it sits under. A NAV of `N.A.` (or 0) means none is published (the line gives
 * no price, but its category still counts). A malformed scheme line is skipped and reported; a file that
 * is not this format at all, or whose header has no ISIN or NAV column, is an AmfiFormatError.
 */
import { parseDate } from '../../extraction/index.js';
import { AmfiFormatError, isSameHeader, readHeader } from './amfi-nav-columns.js';
export { AmfiFormatError } from './amfi-nav-columns.js';
const ISIN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
/** What AMFI prints for "none" (the 2018 file has NOTAPP and #N/A in ISIN cells). */
const NOT_AVAILABLE = /^(?:|-+|N\.?A\.?|#?N\/A|NIL|NOT\s*APP(?:LICABLE)?)$/i;
const NAV = /^\d{1,9}(?:\.\d+)?$/;
/** Headings that name a category rather than an AMC. */
const CATEGORY = /Schemes?\s*\(|^(?:Open|Close|Closed|Interval)[\s-]+Ended\b|^Interval\s+Fund/i;
/** How many non-blank lines may come before the header (a title line, say). */
const HEADER_SEARCH_LINES = 3;
function isinCell(cell) {
    const value = cell.trim().toUpperCase();
    if (NOT_AVAILABLE.test(value))
        return null;
    return ISIN.test(value) ? value : undefined;
}
/** The header and its line index; throws AmfiFormatError when the file has none. */
function findHeader(lines) {
    const first = lines.findIndex((l) => l.trim() !== '');
    if (first < 0)
        throw new AmfiFormatError('the NAV file is empty');
    let seen = 0;
    for (let i = first; i < lines.length && seen < HEADER_SEARCH_LINES; i++) {
        if (!lines[i].trim())
            continue;
        seen++;
        const cells = lines[i].split(';');
        const header = cells.length >= 2 ? readHeader(cells) : null;
        if (header)
            return { header, at: i };
    }
    const start = lines[first].trim().slice(0, 60);
    throw new AmfiFormatError(`not an AMFI NAV file: line ${first + 1} should be a header like "Scheme Code;ISIN Div Payout/ ISIN Growth;…;Net Asset Value;Date" but is "${start}"`);
}
/** Parses the file's text; throws AmfiFormatError when it is not an AMFI NAV file this reader understands. */
export function parseAmfiNav(text) {
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
    const { header, at } = findHeader(lines);
    const cell = (cells, column) => {
        const i = header.index[column];
        return i === undefined ? undefined : cells[i].trim();
    };
    const byIsin = new Map();
    const skipped = [];
    let category = null;
    let amc = null;
    let schemes = 0;
    let unpriced = 0;
    let latestDate = null;
    for (let i = at + 1; i < lines.length; i++) {
        const raw = lines[i].trim();
        if (!raw)
            continue;
        const lineNo = i + 1;
        if (!raw.includes(';')) {
            if (CATEGORY.test(raw)) {
                category = raw.replace(/\s+/g, ' ');
                amc = null;
            }
            else {
                amc = raw.replace(/\s+/g, ' ');
            }
            continue;
        }
        const cells = raw.split(';');
        if (isSameHeader(cells, header))
            continue; // a repeated header
        if (cells.length !== header.names.length) {
            skipped.push({ line: lineNo, reason: `${cells.length} fields instead of ${header.names.length}` });
            continue;
        }
        const code = cell(cells, 'code');
        const name = cell(cells, 'name');
        const growthCell = cell(cells, 'isin_growth') ?? '';
        const reinvestCell = cell(cells, 'isin_reinvestment') ?? '';
        const navCell = cell(cells, 'nav');
        const dateCell = cell(cells, 'date') ?? '';
        const isinGrowth = isinCell(growthCell);
        const isinReinvestment = isinCell(reinvestCell);
        const navText = navCell.replace(/,/g, '');
        const navDate = NOT_AVAILABLE.test(dateCell) ? null : parseDate(dateCell);
        const problem = code !== undefined && !/^\d+$/.test(code)
            ? `scheme code "${code}" is not a number`
            : name === ''
                ? 'no scheme name'
                : isinGrowth === undefined || isinReinvestment === undefined
                    ? `"${isinGrowth === undefined ? growthCell : reinvestCell}" is not an ISIN`
                    : !NOT_AVAILABLE.test(navText) && !NAV.test(navText)
                        ? `NAV "${navCell}" is not a price`
                        : !NOT_AVAILABLE.test(dateCell) && !navDate
                            ? `date "${dateCell}" is not a date`
                            : null;
        if (problem) {
            skipped.push({ line: lineNo, reason: problem });
            continue;
        }
        schemes++;
        // A NAV of 0 (the 2018 file has some) is no price either: never a holding valued at 0.
        const nav = NOT_AVAILABLE.test(navText) || Number(navText) === 0 ? null : Number(navText);
        if (nav === null)
            unpriced++;
        const record = {
            scheme_code: code ?? null,
            scheme_name: (name ?? '').replace(/\s+/g, ' '),
            isin_growth: isinGrowth ?? null,
            isin_reinvestment: isinReinvestment ?? null,
            nav,
            nav_date: navDate,
            amc,
            category,
        };
        if (header.index.plan !== undefined)
            record.plan = cell(cells, 'plan') || null;
        if (header.index.option !== undefined)
            record.option = cell(cells, 'option') || null;
        if (nav !== null && navDate && (!latestDate || navDate > latestDate))
            latestDate = navDate;
        for (const isin of [record.isin_growth, record.isin_reinvestment]) {
            if (!isin)
                continue;
            const known = byIsin.get(isin);
            if (!known || supersedes(record, known))
                byIsin.set(isin, record);
        }
    }
    if (schemes === 0) {
        throw new AmfiFormatError(`the NAV file has no readable scheme lines${skipped.length ? ` (${describeSkipped(skipped)})` : ''}`);
    }
    if (skipped.length > schemes) {
        throw new AmfiFormatError(`most scheme lines of the NAV file are malformed: ${skipped.length} bad, ${schemes} good (${describeSkipped(skipped)})`);
    }
    return { byIsin, schemes, unpriced, skipped, latestDate, unknownColumns: header.unknown };
}
/** An ISIN listed twice keeps a priced line over an unpriced one, then the most recent price. */
function supersedes(record, known) {
    if ((record.nav === null) !== (known.nav === null))
        return record.nav !== null;
    return (record.nav_date ?? '') > (known.nav_date ?? '');
}
/** "line 12: NAV "abc" is not a price; line 40: …" for the first few. */
export function describeSkipped(skipped, max = 3) {
    const shown = skipped.slice(0, max).map((s) => `line ${s.line}: ${s.reason}`);
    return skipped.length > max ? `${shown.join('; ')}; and ${skipped.length - max} more` : shown.join('; ');
}
//# sourceMappingURL=amfi-nav-parser.js.map