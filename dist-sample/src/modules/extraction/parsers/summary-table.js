/**
 * The one reader of summary statements (CAMS and KFintech "Consolidated Account Summary"): one row
 * per folio and scheme, as on a date, under each investor and fund house, in whatever print the
 * registrar chose — a landscape table for the whole statement or a ruled table per fund house, its
 * columns in any order and subset, labelled in any wording, the ISIN in a column of its own or on a
 * line of its own under (or over) the scheme's name, names wrapping over several lines, the header
 * repeated, relabelled or absent after a page break.
 *
 * Columns come from geometry (`tables/`): each header is found by its vocabulary and each row's text
 * is given to the column it sits in, so a figure is what its label says it is (`summary-figures.ts`
 * completes a row whose figures are not all labelled). What differs between the two registrars is
 * data in their family descriptions (`families/`): fund-house headings, total labels, product codes.
 */
import { assetClassOfPrinted } from '../asset-class.js';
import { anyOf, sectionOf, stripProductCode } from '../families/index.js';
import { CONTINUED_HEADING } from '../families/vocabulary.js';
import { findIsin, findPan } from '../identifiers.js';
import { readGuardian, readJointHolder, readNominees } from './folio-people.js';
import { parseDate, printedDecimals } from '../numbers.js';
import { FIGURE_KINDS, piecesOf, readHeader, TableLayout } from '../tables/index.js';
import { dropPageFurniture, EntityBook, findPeriod, holderName, newHolding, TableNames } from './common.js';
import { completeFigures, noFigures, printedNumber } from './summary-figures.js';
/** The first ISIN printed in one of a line's cells (never one made of two columns' text, a registrar's name and a folio). */
function isinOf(line) {
    for (const c of line.cells) {
        const isin = findIsin(c.text);
        if (isin)
            return isin;
    }
    return null;
}
/** Headers are found before page furniture goes: a header repeated atop every page is furniture. */
function findTables(lines) {
    const headers = [];
    const headerLines = new Set();
    lines.forEach((line, i) => {
        if (headerLines.has(line))
            return;
        const header = readHeader(lines, i);
        if (!header)
            return;
        headers.push({ at: i, header });
        for (const l of header.lines)
            headerLines.add(l);
    });
    const layoutOf = new Map();
    headers.forEach(({ at, header }, k) => {
        const end = headers[k + 1]?.at ?? lines.length;
        // A folio's joint holders and nominees are no row: their cells never place a column.
        const body = lines.slice(at + 1, end).filter((l) => !headerLines.has(l) && !readJointHolder(l.text) && !readNominees(l.text) && !readGuardian(l.text));
        const layout = TableLayout.of(header, body);
        for (const l of body)
            layoutOf.set(l, layout);
    });
    return { layoutOf, headerLines };
}
/** The row a line of a table prints, or null when it prints none (fewer than two figures and no ISIN). */
function readRow(line, layout) {
    const isin = isinOf(line);
    if (!layout)
        return isin ? readUnlabelledRow(line, isin) : null;
    const cells = layout.cells(line);
    const labelled = noFigures();
    const texts = {};
    const take = (field, text) => {
        const n = printedNumber(text);
        if (n) {
            labelled[field] = n.value;
            texts[field] = n.text;
        }
    };
    take('units', cells.byKind.units);
    take('nav', cells.byKind.nav);
    take('value', cells.byKind.value);
    take('cost', cells.byKind.cost);
    const unlabelled = [...Object.values(cells.other), ...cells.loose.map((p) => p.text)].map(printedNumber).filter((n) => n !== null);
    const figureCount = Object.entries(cells.byKind).filter(([kind, text]) => FIGURE_KINDS.has(kind) && printedNumber(text)).length + unlabelled.length;
    if (figureCount < 2)
        return null;
    return {
        isin,
        folio: cells.byKind.folio?.trim() || null,
        name: cells.byKind.name ?? '',
        navDate: parseDate(cells.byKind.nav_date ?? '') ?? null,
        category: cells.byKind.category ?? null,
        figures: completeFigures(labelled, texts, unlabelled),
        printed: texts,
        again: (navs) => completeFigures(labelled, texts, unlabelled, navs),
    };
}
/**
 * A row of a table without a header: the folio before the ISIN, the name up to the first figure, a
 * date the NAV's, and the figures told apart by their conventions and arithmetic alone.
 */
function readUnlabelledRow(line, isin) {
    const pieces = piecesOf(line);
    const at = pieces.findIndex((p) => findIsin(p.text) === isin);
    const before = at < 0 ? [] : pieces.slice(0, at);
    const after = at < 0 ? pieces : pieces.slice(at + 1);
    const name = [];
    const numbers = [];
    let navDate = null;
    for (const p of after) {
        const date = parseDate(p.text);
        if (date && !navDate)
            navDate = date;
        else if (p.numeric)
            numbers.push(printedNumber(p.text));
        else if (!numbers.length && !navDate)
            name.push(p.text);
    }
    return {
        isin,
        folio: before.map((p) => p.text).join(' ').trim() || null,
        name: name.join(' '),
        navDate,
        category: null,
        figures: completeFigures(noFigures(), {}, numbers),
        printed: {},
        again: (navs) => completeFigures(noFigures(), {}, numbers, navs),
    };
}
/**
 * Gives every row its whole name and, where the ISIN is printed on a line of its own, its ISIN.
 * Where a statement prints ISIN lines, they divide its rows: each ISIN line closes its holding (ISINs
 * under the names) or opens it (ISINs over them, as the first shows), and every name line between two
 * of them belongs to the one row there, whatever stands between (a page break, a repeated header).
 * Elsewhere `TableNames` splits name lines between the rows of a block by their spacing.
 */
function resolveNames(events) {
    const lines = events.filter((e) => e.kind !== 'break');
    const firstIsin = lines.findIndex((e) => e.kind === 'isin');
    if (firstIsin < 0) {
        const names = new TableNames();
        for (const e of events) {
            if (e.kind === 'row')
                names.anchor(e.line, e.own, e.set);
            else if (e.kind === 'name')
                names.fragment(e.line, e.text);
            else if (e.kind === 'break')
                names.break();
        }
        names.resolve();
        return;
    }
    const isinsBefore = firstIsin < lines.findIndex((e) => e.kind === 'row');
    const segments = [[]];
    for (const e of lines) {
        if (e.kind === 'isin' && isinsBefore && segments[segments.length - 1].length)
            segments.push([]);
        segments[segments.length - 1].push(e);
        if (e.kind === 'isin' && !isinsBefore)
            segments.push([]);
    }
    for (const segment of segments) {
        const rows = segment.filter((e) => e.kind === 'row');
        if (rows.length !== 1)
            continue;
        const [row] = rows;
        const isin = segment.find((e) => e.kind === 'isin');
        if (!row.holding.isin && isin?.kind === 'isin')
            row.holding.isin = isin.isin;
        const text = segment.map((e) => (e === row ? e.own : e.kind === 'name' ? e.text : '')).filter(Boolean);
        row.set(text.join(' ').replace(/\s+/g, ' ').trim());
    }
}
const FIELD = { units: 'units', nav: 'nav', value: 'market_value', cost: 'cost_value' };
/**
 * Figures printed short of the statement's own precision are not read: an amount without the paise
 * every other amount of the statement prints (values and costs alike), or units or a NAV printed
 * without decimals where every other row prints them. Such a figure has lost digits (`1,23,456` for
 * `1,23,456.01`, `64` for `64.0054`) by less than units × NAV or a total could show, so only the print's
 * convention tells; it is left null, and the validator flags it.
 */
function dropShortFigures(rows) {
    // How many figures of each kind print each number of decimals, counted once for the whole table: a
    // row then compares its figure with every other row's by taking its own out of the count.
    const tally = (fields) => {
        const counts = new Map();
        for (const { row } of rows)
            for (const f of fields)
                if (row.printed[f] !== undefined)
                    counts.set(printedDecimals(row.printed[f]), (counts.get(printedDecimals(row.printed[f])) ?? 0) + 1);
        return counts;
    };
    /** The decimals printed by the counted figures other than one printing `own`. */
    const othersThan = (counts, own) => [...counts].flatMap(([decimals, n]) => (n - (decimals === own ? 1 : 0) > 0 ? [decimals] : []));
    const money = tally(['value', 'cost']);
    const byField = { units: tally(['units']), nav: tally(['nav']) };
    for (const { holding, row } of rows) {
        for (const field of ['value', 'cost']) {
            const text = row.printed[field];
            if (text === undefined)
                continue;
            // Every other amount of the table, this row's other amount included.
            const decimals = othersThan(money, printedDecimals(text));
            if (decimals.length === 1 && printedDecimals(text) < decimals[0])
                holding[FIELD[field]] = null;
        }
        for (const field of ['units', 'nav']) {
            const text = row.printed[field];
            if (text === undefined || printedDecimals(text) !== 0)
                continue;
            const others = othersThan(byField[field], 0);
            const zeros = (byField[field].get(0) ?? 0) - 1;
            if (others.length && zeros === 0)
                holding[FIELD[field]] = null;
        }
    }
}
function totalValue(line, layout) {
    if (layout) {
        const value = printedNumber(layout.cells(line).byKind.value);
        if (value)
            return value.value;
    }
    const numbers = piecesOf(line).filter((p) => p.numeric);
    return numbers.length ? printedNumber(numbers[numbers.length - 1].text).value : null;
}
/** The statement's total and the fund houses' totals among the printed ones. */
function statedTotals(totals) {
    const strong = totals.filter((t) => !t.group && !t.plain);
    const plain = totals.filter((t) => t.plain);
    let statement = null;
    const groupTotals = totals.filter((t) => t.group);
    if (strong.length) {
        statement = strong[strong.length - 1].value;
        groupTotals.push(...plain);
    }
    else if (plain.length === 1) {
        statement = plain[0].value;
    }
    else {
        groupTotals.push(...plain);
    }
    const byAmc = new Map();
    for (const t of groupTotals) {
        if (t.amc === null || t.value === null)
            continue;
        byAmc.set(t.amc, Math.round(((byAmc.get(t.amc) ?? 0) + t.value) * 100) / 100);
    }
    return { statement, groups: [...byAmc].map(([name, market_value]) => ({ kind: 'amc', name, market_value })) };
}
export function readSummaryStatement(input, family) {
    const period = findPeriod(input);
    const { layoutOf, headerLines } = findTables(input);
    const lines = dropPageFurniture(input);
    const grand = anyOf(family.totals.grand);
    const group = anyOf(family.totals.group);
    const book = new EntityBook();
    const events = [];
    const totals = [];
    let pan = null;
    let holder = null;
    let amc = null;
    /** The index of the line that named the current investor. */
    let investorAt = -Infinity;
    /** The fund houses of the rows since the last total: a total is a fund house's only when they are one. */
    let totalled = new Set();
    const read = [];
    lines.forEach((line, i) => {
        const text = line.text.trim();
        if (headerLines.has(line)) {
            events.push({ kind: 'break' });
            return;
        }
        const layout = layoutOf.get(line);
        // A total's label may stand anywhere on its line (in the name column, after the figures' columns),
        // and a total prints a figure: a wrapped name's line may begin "Total Market Index Fund".
        const label = isinOf(line) || !piecesOf(line).some((p) => p.numeric) ? undefined : line.cells.map((c) => c.text.trim()).find((t) => group.test(t) || grand.test(t));
        if (label !== undefined) {
            const isGroup = group.test(label);
            const [only] = totalled;
            totals.push({ value: totalValue(line, layout), group: isGroup, plain: !isGroup && /^total$/i.test(label), amc: totalled.size === 1 ? only : null });
            totalled = new Set();
            events.push({ kind: 'break' });
            return;
        }
        // A minor's guardian, printed under the minor: recorded beside them, the guardian's PAN never the investor's.
        const guardian = readGuardian(text);
        if (guardian) {
            // Only right under the investor's own line: a guardian printed anywhere else names no one for certain.
            if (i - investorAt <= 2 && (pan !== null || holder !== null))
                book.entity(pan, holder).guardian ??= guardian;
            events.push({ kind: 'break' });
            return;
        }
        // A folio's joint holders and nominees, printed under its rows: theirs, never an investor's PAN.
        const joint = readJointHolder(text);
        const named = joint ? null : readNominees(text);
        if (joint || named) {
            const last = read[read.length - 1]?.holding;
            for (const { holding } of last ? read.filter((r) => r.holding.folio === last.folio && r.holding.amc === last.amc) : []) {
                if (joint)
                    holding.joint_holders = [...(holding.joint_holders ?? []), { ...joint }];
                if (named)
                    holding.nominees = [...(holding.nominees ?? []), ...named];
            }
            events.push({ kind: 'break' });
            return;
        }
        const row = readRow(line, layout);
        if (row) {
            const holding = newHolding({
                isin: row.isin ?? '',
                page: line.page,
                units: row.figures.units,
                nav: row.figures.nav,
                market_value: row.figures.value,
                cost_value: row.figures.cost,
                folio: row.folio,
                amc,
                nav_date: row.navDate,
            });
            const set = (name) => {
                holding.scheme_name = stripProductCode(family.code, name);
                // A printed category decides the asset class (the source 'statement' wins over any other).
                const printed = row.category ? assetClassOfPrinted(row.category, holding.scheme_name) : null;
                if (printed) {
                    holding.asset_class = printed;
                    holding.asset_class_source = 'statement';
                }
            };
            book.add(pan, holder, holding);
            read.push({ holding, row });
            events.push({ kind: 'row', line, own: row.name, holding, set });
            totalled.add(amc);
            return;
        }
        if (findPan(text)) {
            investorAt = i;
            pan = findPan(text);
            holder = holderName(line, lines[i - 1] ?? null) ?? book.nameOf(pan);
            book.learnName(pan, holder);
            events.push({ kind: 'break' });
            return;
        }
        const heading = text.replace(CONTINUED_HEADING, '').replace(/\s+/g, ' ').trim();
        if (sectionOf(family.code, heading)?.kind === 'mutual_fund_folios' && !piecesOf(line).some((p) => p.numeric)) {
            amc = heading;
            events.push({ kind: 'break' });
            return;
        }
        if (!layout)
            return;
        const isin = isinOf(line);
        if (isin)
            events.push({ kind: 'isin', line, isin });
        else if (isNameLine(line, layout))
            events.push({ kind: 'name', line, text });
        else
            events.push({ kind: 'break' });
    });
    resolveNames(events);
    // Units and NAV no label or convention told apart: the NAV the same ISIN is valued at elsewhere does.
    for (const { holding, row } of read) {
        if (row.figures.units !== null && row.figures.nav !== null && row.figures.value !== null)
            continue;
        const navs = events.flatMap((e) => (e.kind === 'row' && e.holding !== holding && e.holding.isin === holding.isin && e.holding.nav !== null ? [e.holding.nav] : []));
        if (!navs.length)
            continue;
        const figures = row.again(navs);
        Object.assign(holding, { units: figures.units, nav: figures.nav, market_value: figures.value, cost_value: figures.cost });
    }
    dropShortFigures(read);
    const { statement, groups } = statedTotals(totals);
    const entities = book.result();
    // A row whose ISIN was printed nowhere it could be found is no holding.
    for (const e of entities)
        e.holdings = e.holdings.filter((h) => h.isin);
    return {
        classification: family.code,
        period,
        entities: entities.filter((e) => e.holdings.length),
        stated_total: statement,
        ...(groups.length ? { stated_group_totals: groups } : {}),
        currency: 'INR',
    };
}
/** A line of a wrapped scheme name: text only, all of it in the name column. */
function isNameLine(line, layout) {
    const cells = layout.cells(line);
    return Boolean(cells.byKind.name) && Object.keys(cells.byKind).length === 1 && !Object.keys(cells.other).length && !cells.loose.length;
}
//# sourceMappingURL=summary-table.js.map