/**
 * Holdings tables of the depository statements (NSDL and CDSL CAS), read from geometry
 * (`tables/`). Per demat account a statement prints tables by kind of security (the sections its
 * family names: equities, ETFs, gold bonds, corporate bonds, government securities, mutual-fund
 * units in demat; CDSL often one table of every security) and the folios held with the registrars.
 * Each table's header is found by its column vocabulary, in any order and wording; its columns are
 * x-bands learnt from its rows, and every cell of a row goes to the column it sits in, so a
 * quantity, a price and a value are told apart by their labels (`demat-figures.ts`), and a name
 * wrapped over several lines stays in its column. A table continued on a new page under its header
 * repeated, relabelled or absent keeps reading in the same columns.
 */
import { sectionOf } from '../families/index.js';
import { findIsin, findPan } from '../identifiers.js';
import { piecesOf, readHeader, TableLayout } from '../tables/index.js';
import { dropPageFurniture, holderName, EntityBook, findPeriod, newHolding, numericCells, TableNames } from './common.js';
import { decimalsOf, dematFigures, printedFigure } from './demat-figures.js';
import { readGuardian, readJointHolder, readNominees } from './folio-people.js';
const FOLIO_CELL = /^\d[\d ]*\s*\/\s*[\dA-Z]+$/;
const FOLIOS_TOTAL = /^(?:Sub\s*)?Total\b(?!\s+Value)/i;
/** Lines that open a demat account's section (or the statement's mutual-fund folios). */
const ACCOUNT_HEADING = /Demat\s+Account|\bBO\s*ID\b|Mutual\s+Fund\s+Folios|UNITS\s+HELD/i;
/** A line that closes a table: a total of any kind. */
const TOTAL_LINE = /\b(?:Sub\s*-?\s*Total|Total|Portfolio\s+Value)\b/i;
/**
 * An investor's total printed over their demat accounts leaves out the folios held with the
 * registrars; with the folio section's own total it covers every holding read for them. Without an
 * account total the investor has none to reconcile.
 */
function withFolioTotals(entities, folioTotals) {
    for (const e of entities) {
        const folios = folioTotals.get(e.pan);
        if (e.stated_total !== null && folios !== undefined)
            e.stated_total = Math.round((e.stated_total + folios) * 100) / 100;
    }
    return entities;
}
/** The statement's tables: each header, keyed by its main line, with the layout its rows give it. */
function tablesOf(lines) {
    const headers = [];
    for (let i = 0; i < lines.length; i++) {
        const header = readHeader(lines, i);
        if (!header)
            continue;
        const first = lines.indexOf(header.lines[0]);
        headers.push({ at: first, end: first + header.lines.length, header });
        i = first + header.lines.length - 1;
    }
    const out = new Map();
    headers.forEach((h, k) => {
        const body = lines.slice(h.end, k + 1 < headers.length ? headers[k + 1].at : lines.length).filter((l) => findIsin(l.text));
        const table = { header: h.header, layout: TableLayout.of(h.header, body) };
        for (const l of h.header.lines)
            out.set(l, table);
    });
    return out;
}
const NO_COLUMNS = new Set();
const kindsOf = (table) => new Set(table.columns.map((c) => c.kind).filter((k) => k !== null));
/** A row's cells when no header was found for its table: every figure unlabelled, a folio number its folio, the other text its name. */
function unlabelledCells(line) {
    const pieces = piecesOf(line).filter((p) => findIsin(p.text) !== p.text);
    const text = pieces.filter((p) => !p.numeric);
    const folio = text.find((p) => FOLIO_CELL.test(p.text));
    const name = text.filter((p) => p !== folio).map((p) => p.text).join(' ');
    return { byKind: folio ? { name, folio: folio.text } : { name }, other: {}, loose: pieces.filter((p) => p.numeric) };
}
/** A ticker under the ISIN, or a code in a column of its own, beside a wrapped name's line. */
const SHORT_CODE = /^[A-Z0-9&.\-]{1,15}$/;
/** A line of a wrapped name: text in the name column, and at most a short code in the ISIN or code column. */
function nameFragment(layout, line) {
    const cells = layout.cells(line);
    if (cells.loose.length || Object.keys(cells.other).length || cells.byKind.name === undefined)
        return null;
    const others = Object.entries(cells.byKind).filter(([kind]) => kind !== 'name');
    if (!others.every(([kind, text]) => (kind === 'isin' || kind === 'code') && SHORT_CODE.test(text ?? '')))
        return null;
    if (piecesOf(line).some((p) => p.numeric && Math.abs(p.x - (layout.column('name')?.x ?? p.x)) > 3))
        return null;
    return cells.byKind.name ?? null;
}
/** The kind of security a section lists; null for a section of every kind (CDSL's holding statement). */
const INSTRUMENT = {
    equities: 'equity',
    etfs: 'etf',
    gold_bonds: 'gold_bond',
    corporate_bonds: 'corporate_bond',
    government_securities: 'government_security',
    mutual_fund_units_demat: 'mutual_fund',
    mutual_fund_folios: 'mutual_fund',
};
/** Sections whose heading says their securities are debt: bonds and government securities. */
const DEBT_SECTIONS = new Set(['corporate_bonds', 'government_securities']);
export function parseDematStatement(input, layout) {
    const period = findPeriod(input);
    const section = (text) => sectionOf(layout.classification, text)?.kind ?? null;
    // Headers and section headings are found before page furniture goes: a table header repeated at the
    // top of every page is furniture, and so is a heading that happens to open each page at one height.
    const tables = tablesOf(input);
    const content = new Set(dropPageFurniture(input));
    const lines = input.filter((l) => content.has(l) || tables.has(l) || section(l.text) !== null);
    // Rows are holdings only inside holdings tables, when the statement marks them (it nearly always does).
    const marked = tables.size > 0 || lines.some((l) => section(l.text) !== null);
    const book = new EntityBook();
    const grand = layout.grandTotals.map(() => null);
    const groupTotals = [];
    const rows = [];
    /** The decimals of every printed total, evidence of how the statement prints values. */
    const totalDecimals = [];
    let account = null;
    let pan = null;
    let holder = null;
    let previous = null;
    const names = new TableNames();
    let table = null;
    let current = null;
    let inHoldings = !marked;
    let panLocked = false;
    /** Inside the folios held with the registrars, and their printed totals by investor (PAN). */
    let inFolios = false;
    const folioTotals = new Map();
    /** The current account's joint holders and nominees, printed under its holder: every holding of the account has them. */
    let joint = [];
    let nominees = null;
    lines.forEach((line, i) => {
        const text = line.text.trim();
        const header = tables.get(line);
        if (header) {
            if (header.header.lines[0] === line) {
                table = header.layout;
                inHoldings = true;
                names.break();
            }
            previous = line;
            return;
        }
        // A minor's guardian, printed under the account's holder: recorded beside the minor, never the investor.
        const guardian = readGuardian(text);
        if (guardian) {
            // Only once the account's own holder is read: before it, the PAN read is another account's.
            if (panLocked && (pan !== null || holder !== null))
                book.entity(pan, holder).guardian ??= guardian;
            names.break();
            previous = line;
            return;
        }
        // An account's other holders and nominees: theirs, never the account's investor.
        const jointHolder = readJointHolder(text);
        const named = jointHolder ? null : readNominees(text);
        if (jointHolder || named) {
            if (jointHolder)
                joint.push(jointHolder);
            if (named)
                nominees = [...(nominees ?? []), ...named];
            names.break();
            previous = line;
            return;
        }
        const isin = findIsin(text);
        // A short line of a wrapped name ("ETF") can read like a section heading; inside an open table,
        // close under the row above and with no table header after it on its page, it is the name's.
        const opensTable = tables.has(lines[i + 1]) && lines[i + 1].page === line.page;
        const close = previous !== null && previous.page === line.page && line.y - previous.y <= 16 && !opensTable;
        const kind = isin || (table && close && nameFragment(table, line) !== null) ? null : section(text);
        if (kind) {
            inHoldings = kind !== 'transactions';
            current = kind;
            table = null;
            if (kind === 'mutual_fund_folios') {
                // Folios held with the registrars are in no demat account.
                account = null;
                inFolios = true;
                joint = [];
                nominees = null;
            }
        }
        // A row with no figure at all is none the reader can read (its table is reported unread).
        if (isin && inHoldings && piecesOf(line).some((p) => p.numeric)) {
            const cells = table ? table.cells(line) : unlabelledCells(line);
            // The folio's own column, or a column whose label the vocabulary does not know.
            const folio = (cells.byKind.folio ?? Object.values(cells.other).find((t) => FOLIO_CELL.test(t.trim())))?.replace(/\s+/g, '') ?? null;
            const own = (cells.byKind.name ?? '').replace(/\s+/g, ' ').trim();
            const holding = newHolding({ isin, page: line.page, scheme_name: own, account_id: account, folio, nav_date: period.to });
            const instrument = current ? INSTRUMENT[current] : undefined;
            if (instrument)
                holding.instrument = instrument;
            // A section the statement heads "Corporate Bonds" or "Government Securities" prints their class.
            if (current && DEBT_SECTIONS.has(current))
                Object.assign(holding, { asset_class: 'Debt', asset_class_source: 'statement' });
            if (account && joint.length)
                holding.joint_holders = joint.map((j) => ({ ...j }));
            if (account && nominees)
                holding.nominees = [...nominees];
            rows.push({ holding, cells, table });
            book.add(pan, holder, holding);
            panLocked = false;
            names.anchor(line, own, (name) => (holding.scheme_name = name));
            previous = line;
            return;
        }
        const acct = layout.account(text);
        if (acct) {
            account = acct;
            joint = [];
            nominees = null;
            inFolios = false;
            table = null;
            current = null;
        }
        // A new account section: its first holder (the first PAN that follows) owns its holdings.
        if (ACCOUNT_HEADING.test(text))
            panLocked = false;
        const linePan = findPan(text);
        if (linePan) {
            const name = holderName(line, previous) ?? '';
            book.learnName(linePan, name || null);
            if (!panLocked) {
                pan = linePan;
                holder = name || book.nameOf(pan);
                panLocked = true;
            }
            table = null;
        }
        const totalIndex = layout.grandTotals.findIndex((re) => re.test(text));
        const fragment = inHoldings && table && !linePan && !kind && !acct && !TOTAL_LINE.test(text) ? nameFragment(table, line) : null;
        const nums = fragment !== null ? [] : numericCells(line.cells);
        if (fragment !== null) {
            names.fragment(line, fragment);
        }
        else if (totalIndex >= 0 && nums.length) {
            grand[totalIndex] = nums[nums.length - 1].value;
        }
        else if (inFolios && FOLIOS_TOTAL.test(text) && nums.length) {
            folioTotals.set(pan, Math.round(((folioTotals.get(pan) ?? 0) + nums[nums.length - 1].value) * 100) / 100);
        }
        else if (layout.accountTotal.test(text) && nums.length) {
            book.addStatedTotal(pan, holder, nums[nums.length - 1].value);
            if (account)
                groupTotals.push({ kind: 'account', name: account, market_value: nums[nums.length - 1].value });
        }
        if (fragment === null) {
            names.break();
            if (TOTAL_LINE.test(text) && nums.length) {
                table = null;
                totalDecimals.push(decimalsOf(nums[nums.length - 1].text));
            }
        }
        previous = line;
    });
    names.resolve();
    assignFigures(rows, totalDecimals);
    return {
        classification: layout.classification,
        period,
        entities: withFolioTotals(book.result(), folioTotals),
        stated_total: grand.find((v) => v !== null) ?? null,
        stated_group_totals: groupTotals,
        currency: 'INR',
    };
}
/**
 * The decimals the statement prints its values with, where its rows' values and its totals agree
 * (most of them, two at least): a row printing its value otherwise ("87" among "1,234.50") is a
 * misprint. Quantities are left out: a table may print whole shares beside units to 3 decimals.
 */
function valueDecimals(rows, totals) {
    const all = [...rows.map((r) => printedFigure(r.cells.byKind.value)?.decimals).filter((d) => d !== undefined), ...totals];
    const counts = new Map();
    for (const d of all)
        counts.set(d, (counts.get(d) ?? 0) + 1);
    const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    return top && top[1] >= 2 && top[1] * 2 > all.length ? top[0] : undefined;
}
/** Each row's figures; a price the same ISIN is printed at under a label elsewhere can settle a row its labels leave open. */
function assignFigures(rows, totals) {
    const decimals = valueDecimals(rows, totals);
    const printed = new Map([...new Set(rows.map((r) => r.table))].map((t) => [t, t ? kindsOf(t) : NO_COLUMNS]));
    const read = (r, elsewhere) => dematFigures(r.cells, { printed: printed.get(r.table), valueDecimals: decimals, elsewhere });
    const figures = rows.map((r) => read(r));
    const prices = new Map();
    rows.forEach((r, i) => {
        if (r.cells.byKind.nav !== undefined && figures[i].nav !== null)
            prices.set(r.holding.isin, (prices.get(r.holding.isin) ?? new Set()).add(figures[i].nav));
    });
    rows.forEach((r, i) => {
        const f = figures[i].units === null || figures[i].nav === null || figures[i].value === null ? read(r, (p) => prices.get(r.holding.isin)?.has(p) ?? false) : figures[i];
        r.holding.units = f.units;
        r.holding.nav = f.nav;
        r.holding.market_value = f.value;
        if (f.cost_value !== null)
            r.holding.cost_value = f.cost_value;
        if (f.face_value !== null)
            r.holding.face_value = f.face_value;
    });
}
//# sourceMappingURL=demat-table.js.map