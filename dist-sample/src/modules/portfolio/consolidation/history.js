import { compareText, dayNumber, isIsoDate, isoDay } from './dates.js';
/** Units in thousandths (statements print three decimals), so balances add up exactly. */
const milli = (units) => Math.round(units * 1000);
/** What makes two rows one transaction: date, type, units and amount (descriptions vary by issuer). */
export const transactionIdentity = (t) => [t.date, t.type, t.units === null ? '-' : milli(t.units), t.amount === null ? '-' : Math.round(t.amount * 100)].join('|');
/**
 * Rows of `copies` (preferred statement first) merged: a row printed by several statements counts
 * once, but rows one statement prints twice (two SIP instalments of one day) stay two. So each
 * row appears as many times as the statement printing it most often does.
 */
export function mergeTransactions(copies) {
    const merged = [];
    const byIdentity = new Map();
    for (const copy of copies) {
        const seen = new Map();
        for (const tx of copy.holding.transactions) {
            const id = transactionIdentity(tx);
            const n = seen.get(id) ?? 0;
            seen.set(id, n + 1);
            const rows = byIdentity.get(id) ?? [];
            if (n < rows.length) {
                if (!rows[n].documentIds.includes(copy.source.document_id))
                    rows[n].documentIds.push(copy.source.document_id);
                continue;
            }
            const row = { tx, documentIds: [copy.source.document_id] };
            rows.push(row);
            byIdentity.set(id, rows);
            merged.push(row);
        }
    }
    // A stable sort: rows of one day keep the preferred statement's order.
    return merged.sort((a, b) => compareText(a.tx.date, b.tx.date));
}
/** A copy that carries the position's movement over its statement's period (a detailed statement). */
export function coversHistory(copy) {
    const { from, to } = copy.source.period;
    return copy.holding.opening_units !== null && isIsoDate(from) && isIsoDate(to) && from <= to;
}
/** The covered ranges, overlapping or adjoining periods joined; each with its printed opening balance. */
function coveredSegments(copies) {
    const periods = copies
        .filter(coversHistory)
        .map((c) => ({ from: dayNumber(c.source.period.from), to: dayNumber(c.source.period.to), opening: milli(c.holding.opening_units) }))
        .sort((a, b) => a.from - b.from || b.to - a.to);
    const segments = [];
    for (const p of periods) {
        const last = segments.at(-1);
        if (last && p.from <= last.to + 1)
            last.to = Math.max(last.to, p.to);
        else
            segments.push({ from: p.from, to: p.to, openingMilli: p.opening });
    }
    return segments;
}
/**
 * `copies`: the position's copies, preferred first. `closingUnits`: the latest balance (the chosen
 * statement's), `closingDate`: its statement date; a range after the covered history up to it is a gap.
 */
export function rebuildHistory(copies, closingUnits, closingDate) {
    const rows = mergeTransactions(copies);
    const segments = coveredSegments(copies);
    if (!segments.length) {
        return { status: 'SNAPSHOT_ONLY', coveredFrom: null, coveredTo: null, rows, rebuiltUnits: null, gaps: [], lastSegment: null };
    }
    const gapRanges = [];
    for (let i = 1; i < segments.length; i++)
        gapRanges.push([segments[i - 1].to + 1, segments[i].from - 1]);
    const end = segments.at(-1).to;
    const closingDay = isIsoDate(closingDate) ? dayNumber(closingDate) : end;
    const trailingGap = closingDay > end;
    if (trailingGap)
        gapRanges.push([end + 1, closingDay]);
    const gaps = gapRanges.map(([from, to]) => ({
        code: 'HISTORY_GAP',
        message: `No statement covers the transactions from ${isoDay(from)} to ${isoDay(to)}`,
        from: isoDay(from),
        to: isoDay(to),
    }));
    const rebuiltMilli = segments[0].openingMilli + rows.reduce((s, r) => s + milli(r.tx.units ?? 0), 0);
    const rebuiltUnits = rebuiltMilli / 1000;
    const last = segments.at(-1);
    const [lastFrom, lastTo] = [isoDay(last.from), isoDay(last.to)];
    const inLast = rows.filter((r) => r.tx.date >= lastFrom && r.tx.date <= lastTo);
    let status;
    if (closingUnits !== null && milli(closingUnits) !== rebuiltMilli)
        status = 'MISMATCH';
    else if (!trailingGap && reachesZero(last.openingMilli, inLast))
        status = 'FULL_HISTORY';
    else
        status = 'PARTIAL_HISTORY';
    return {
        status,
        coveredFrom: isoDay(segments[0].from),
        coveredTo: isoDay(end),
        rows,
        rebuiltUnits,
        gaps,
        lastSegment: trailingGap ? null : { from: lastFrom, to: lastTo, openingUnits: last.openingMilli / 1000, rows: inLast },
    };
}
/** Whether the balance is zero at the segment's start or after one of its rows. */
function reachesZero(openingMilli, rows) {
    let balance = openingMilli;
    if (balance === 0)
        return true;
    for (const r of rows) {
        balance += milli(r.tx.units ?? 0);
        if (balance === 0)
            return true;
    }
    return false;
}
//# sourceMappingURL=history.js.map