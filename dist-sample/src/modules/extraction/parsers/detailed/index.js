/**
 * Detailed Consolidated Account Statement of the mutual-fund registrars (CAMS, and KFintech with its
 * own wording), in whatever print:
 *
 *   <AMC name ending "Mutual Fund"/"MF">
 *   Folio No: 1234567 / 89   PAN: ABCPD1234E   KYC: OK  PAN: OK     (KFintech: "Folio No : …")
 *   <holder name>                                                    (KFintech: "Name : …")
 *   <code>-<scheme name> (Non-Demat) - ISIN: INF…(Advisor: ARN-…) Registrar : CAMS
 *       (the name may wrap; the ISIN may come first; advisor and registrar may sit on their own line)
 *   Opening Unit Balance: 1,234.567          (KFintech: "Opening Balance as on 01/04/2025 : 0.000 Units")
 *   <date> <description> <figures>           (the columns in any order and wording: transactions.ts)
 *   <closing block>                          (closing balance, NAV, cost and market value in any order
 *                                             and shape: closing.ts)
 *
 * Each part is read by its own module: `scheme.ts` (name and ISIN), `transactions.ts` (the table),
 * `closing.ts` (the closing block), with the labels in `labels.ts`.
 */
import { findIsin, findPan } from '../../identifiers.js';
import { cleanName, dropPageFurniture, EntityBook, findPeriod, isAmcLine, labelValue, nameBeforePan, newHolding, numericCells, splitNumberTokens } from '../common.js';
import { closingLabelsIn, isClosingTableHeader, readClosingLine, readClosingTable } from './closing.js';
import { detailedLabels } from '../../families/index.js';
import { DETAILED_LABELS } from '../../families/vocabulary.js';
import { CONTINUED, FOLIO, SCHEME_CODE } from './labels.js';
import { readSchemeHeader, schemeBlock } from './scheme.js';
import { readGuardian, readJointHolder, readNominees } from '../folio-people.js';
import { isHeaderFragment, NO_COLUMNS, readTransaction, startsWithDate, transactionTables } from './transactions.js';
export function parseDetailedCas(input, classification) {
    const period = findPeriod(input);
    const labels = detailedLabels(classification) ?? DETAILED_LABELS;
    const openingLabel = labels.opening;
    // A closing block printed as a table has the same labels for every scheme: where it opens several
    // pages at the same height it is still content, never a running header.
    const kept = new Set(dropPageFurniture(input));
    const lines = input.filter((l) => kept.has(l) || isClosingTableHeader(l, labels.closing));
    const book = new EntityBook();
    let statedTotal = null;
    const groupTotals = [];
    // Columns from the first transaction header, read before page furniture goes (a header repeated
    // at the top of every page is furniture).
    const tables = transactionTables(input);
    let cols = tables.values().next().value ?? NO_COLUMNS;
    let amc = null;
    let folio = null;
    let pan = null;
    let holder = null;
    let jointHolders = [];
    let nominees = null;
    let guardian = null;
    let expectHolder = false;
    let header = [];
    let pending = null;
    let phase = 'idle';
    let seenFolio = false;
    let previousHeaderLine = null;
    let lastRow = null;
    let closingTable = null;
    const finish = () => {
        if (pending) {
            const h = pending.holding;
            if (!pending.marketValueSeen && h.units !== null && h.nav !== null) {
                // Not printed: computed, and marked so the validator reports it rather than passing it off as read.
                h.market_value = Math.round(h.units * h.nav * 100) / 100;
                h.market_value_source = 'computed';
            }
            // The folio's other holders and nominees, printed under it before its schemes.
            if (jointHolders.length)
                h.joint_holders = jointHolders.map((j) => ({ ...j }));
            if (nominees)
                h.nominees = [...nominees];
            const entity = book.entity(pending.pan, pending.name);
            // A minor's guardian: recorded beside the minor, whose PAN (or null) stays the entity's.
            if (guardian && !entity.guardian)
                entity.guardian = { ...guardian };
            entity.holdings.push(h);
        }
        pending = null;
    };
    const startHolding = (line, opening) => {
        const block = schemeBlock(header);
        header = [];
        const scheme = readSchemeHeader(block, classification);
        if (!scheme.isin)
            return;
        const holding = newHolding({
            isin: scheme.isin,
            page: block[0]?.page ?? line.page,
            scheme_name: scheme.name,
            folio,
            amc,
            opening_units: opening,
            nav_date: null,
        });
        pending = { holding, pan, name: holder, marketValueSeen: false };
    };
    const takeClosing = (figures, p) => {
        const h = p.holding;
        const { units, nav, cost, value } = figures.values;
        if (units !== undefined)
            h.units = units;
        if (nav !== undefined) {
            h.nav = nav;
            h.nav_date = figures.navDate ?? h.nav_date;
        }
        if (cost !== undefined)
            h.cost_value = cost;
        if (value !== undefined) {
            h.market_value = value;
            p.marketValueSeen = true;
        }
    };
    /** A line of the closing block: its labelled figures, the header of a two-row table, or that table's figures. */
    const readClosing = (line, p) => {
        if (findIsin(line.text))
            return false;
        if (closingTable) {
            const table = closingTable;
            closingTable = null;
            if (numericCells(line.cells).length && line.cells.every((c) => splitNumberTokens(c.text))) {
                takeClosing(readClosingTable(table, line, labels.closing), p);
                return true;
            }
        }
        if (isClosingTableHeader(line, labels.closing)) {
            closingTable = line;
            return true;
        }
        if (!closingLabelsIn(line.text, labels.closing).length)
            return false;
        takeClosing(readClosingLine(line.text, labels.closing), p);
        return true;
    };
    for (const line of lines) {
        const text = line.text.trim();
        const table = tables.get(line);
        if (table) {
            cols = table;
            continue;
        }
        // The scheme goes on after a page break: nothing to read, and nothing ends.
        if (seenFolio && CONTINUED.test(text) && !findIsin(text))
            continue;
        // Before the first folio: investor names next to PANs, and the portfolio total.
        if (!seenFolio && !FOLIO.test(text)) {
            const p = findPan(text);
            if (p) {
                const before = nameBeforePan(line);
                if (before)
                    book.learnName(p, before);
                else if (previousHeaderLine && /Name\s*:/i.test(previousHeaderLine.text))
                    book.learnName(p, previousHeaderLine.text);
            }
            if (/^(?:Grand\s+)?Total\b/i.test(text)) {
                const nums = numericCells(line.cells);
                if (nums.length)
                    statedTotal = nums[nums.length - 1].value;
            }
            const amcTotal = amcSummaryRow(line);
            if (amcTotal)
                groupTotals.push(amcTotal);
            previousHeaderLine = line;
            if (!isAmcLine(line))
                continue;
        }
        if (isAmcLine(line)) {
            finish();
            amc = text.replace(/\s+/g, ' ');
            phase = 'idle';
            header = [];
            continue;
        }
        const folioMatch = FOLIO.exec(text);
        if (folioMatch) {
            finish();
            seenFolio = true;
            folio = folioMatch[1].replace(/\s+/g, ' ').trim();
            pan = findPan(text);
            holder = book.nameOf(pan);
            jointHolders = [];
            nominees = null;
            guardian = null;
            expectHolder = true;
            phase = 'scheme';
            header = [];
            continue;
        }
        // Under the folio: a minor's guardian, its joint holders (their PANs are theirs, never the
        // investor's) and its nominees.
        if (phase === 'scheme') {
            const ward = readGuardian(text);
            const joint = ward ? null : readJointHolder(text);
            const named = ward || joint ? null : readNominees(text);
            if (ward || joint || named) {
                if (ward)
                    guardian = ward;
                if (joint)
                    jointHolders.push(joint);
                if (named)
                    nominees = [...(nominees ?? []), ...named];
                expectHolder = false;
                continue;
            }
        }
        if (expectHolder) {
            // The PAN (or KYC status) may sit on its own line under the folio.
            const linePan = findPan(text);
            if (linePan || /^(?:KYC|PAN)\s*:/i.test(text)) {
                pan = pan ?? linePan;
                holder = holder ?? book.nameOf(pan);
                continue;
            }
            expectHolder = false;
            const looksLikeScheme = SCHEME_CODE.test(text) || /ISIN|Non-Demat|Advisor|Registrar|\bFund\b|\bPlan\b/i.test(text);
            if (!looksLikeScheme && !openingLabel.test(text) && !/\d{3,}/.test(text)) {
                holder = cleanName(text);
                book.learnName(pan, holder);
                continue;
            }
        }
        if (openingLabel.test(text)) {
            finish();
            startHolding(line, labelValue(text, openingLabel));
            phase = pending ? 'transactions' : 'idle';
            closingTable = null;
            continue;
        }
        const current = pending;
        if (current && (phase === 'transactions' || phase === 'closing') && readClosing(line, current)) {
            phase = 'closing';
            continue;
        }
        if (current && phase === 'closing') {
            finish();
            phase = 'scheme';
        }
        if (current && phase === 'transactions') {
            const tx = readTransaction(line, cols, lastBalance(current.holding));
            if (tx) {
                current.holding.transactions.push(tx);
                lastRow = line;
                continue;
            }
            if (/no\s+transactions?/i.test(text) || isHeaderFragment(line))
                continue;
            // A wrapped description: text only, in the description column, right under its row.
            const last = current.holding.transactions[current.holding.transactions.length - 1];
            const close = lastRow !== null && lastRow.page === line.page && line.y - lastRow.y < 16;
            if (last && close && !line.cells.some((c) => splitNumberTokens(c.text)) && (cols.description === null || line.cells[0].x >= cols.description - 5)) {
                last.description = `${last.description} ${text}`.trim();
                lastRow = line;
            }
            continue;
        }
        if (phase === 'scheme' || (phase === 'idle' && folio)) {
            // Rows of a scheme that could not be read (no ISIN) are not part of the next scheme's header.
            if (/^Nominee|^KYC|^Joint/i.test(text) || startsWithDate(text) || closingLabelsIn(text, labels.closing).length || isHeaderFragment(line))
                continue;
            header.push(line);
            phase = 'scheme';
        }
    }
    finish();
    return {
        classification,
        period,
        entities: book.result(),
        stated_total: statedTotal,
        stated_group_totals: groupTotals,
        currency: 'INR',
    };
}
/** A row of the portfolio summary: an AMC's name, then its cost and market value (the last number). */
function amcSummaryRow(line) {
    const name = line.cells[0]?.text.trim() ?? '';
    if (!/(?:Mutual\s*Fund|\bMF)(?:\s*\([^)]*\))?$/i.test(name) || /Total/i.test(name))
        return null;
    const nums = numericCells(line.cells.slice(1));
    return nums.length ? { kind: 'amc', name: name.replace(/\s+/g, ' '), market_value: nums[nums.length - 1].value } : null;
}
function lastBalance(h) {
    for (let i = h.transactions.length - 1; i >= 0; i--) {
        const b = h.transactions[i].balance_units;
        if (b !== null)
            return b;
    }
    return h.opening_units;
}
//# sourceMappingURL=index.js.map