/**
 * A position's transaction history rebuilt from partial statements: the rows of every statement
 * that prints them, merged without repeating a row two statements both print; the ranges no
 * statement covers; and whether the rows rebuild the latest balance from a zero balance.
 */
import type { Transaction } from '../../extraction/index.js';
import { compareText, dayNumber, isIsoDate, isoDay } from './dates.js';
import type { PositionCopy } from './copies.js';
import type { HistoryStatus, PositionFlag } from './types.js';

/** Units in thousandths (statements print three decimals), so balances add up exactly. */
const milli = (units: number): number => Math.round(units * 1000);

/** What makes two rows one transaction: date, type, units and amount (descriptions vary by issuer). */
export const transactionIdentity = (t: Transaction): string =>
  [t.date, t.type, t.units === null ? '-' : milli(t.units), t.amount === null ? '-' : Math.round(t.amount * 100)].join('|');

export interface MergedRow {
  tx: Transaction;
  /** The preferred statement printing the row first. */
  documentIds: string[];
}

/**
 * Rows of `copies` (preferred statement first) merged: a row printed by several statements counts
 * once, but rows one statement prints twice (two SIP instalments of one day) stay two. So each
 * row appears as many times as the statement printing it most often does.
 */
export function mergeTransactions(copies: readonly PositionCopy[]): MergedRow[] {
  const merged: MergedRow[] = [];
  const byIdentity = new Map<string, MergedRow[]>();
  for (const copy of copies) {
    const seen = new Map<string, number>();
    for (const tx of copy.holding.transactions) {
      const id = transactionIdentity(tx);
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      const rows = byIdentity.get(id) ?? [];
      if (n < rows.length) {
        if (!rows[n].documentIds.includes(copy.source.document_id)) rows[n].documentIds.push(copy.source.document_id);
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
export function coversHistory(copy: PositionCopy): boolean {
  const { from, to } = copy.source.period;
  return copy.holding.opening_units !== null && isIsoDate(from) && isIsoDate(to) && from <= to;
}

interface Segment {
  from: number;
  to: number;
  /** The balance before `from`: the opening units of the earliest statement starting the segment. */
  openingMilli: number;
}

/** The covered ranges, overlapping or adjoining periods joined; each with its printed opening balance. */
function coveredSegments(copies: readonly PositionCopy[]): Segment[] {
  const periods = copies
    .filter(coversHistory)
    .map((c) => ({ from: dayNumber(c.source.period.from!), to: dayNumber(c.source.period.to!), opening: milli(c.holding.opening_units!) }))
    .sort((a, b) => a.from - b.from || b.to - a.to);
  const segments: Segment[] = [];
  for (const p of periods) {
    const last = segments.at(-1);
    if (last && p.from <= last.to + 1) last.to = Math.max(last.to, p.to);
    else segments.push({ from: p.from, to: p.to, openingMilli: p.opening });
  }
  return segments;
}

export interface RebuiltHistory {
  status: HistoryStatus;
  coveredFrom: string | null;
  coveredTo: string | null;
  rows: MergedRow[];
  rebuiltUnits: number | null;
  gaps: PositionFlag[];
  /** The covered range that reaches the latest balance, for the XIRR; null when none does. */
  lastSegment: { from: string; to: string; openingUnits: number; rows: MergedRow[] } | null;
}

/**
 * `copies`: the position's copies, preferred first. `closingUnits`: the latest balance (the chosen
 * statement's), `closingDate`: its statement date; a range after the covered history up to it is a gap.
 */
export function rebuildHistory(copies: readonly PositionCopy[], closingUnits: number | null, closingDate: string | null): RebuiltHistory {
  const rows = mergeTransactions(copies);
  const segments = coveredSegments(copies);
  if (!segments.length) {
    return { status: 'SNAPSHOT_ONLY', coveredFrom: null, coveredTo: null, rows, rebuiltUnits: null, gaps: [], lastSegment: null };
  }
  const gapRanges: Array<[number, number]> = [];
  for (let i = 1; i < segments.length; i++) gapRanges.push([segments[i - 1].to + 1, segments[i].from - 1]);
  const end = segments.at(-1)!.to;
  const closingDay = isIsoDate(closingDate) ? dayNumber(closingDate) : end;
  const trailingGap = closingDay > end;
  if (trailingGap) gapRanges.push([end + 1, closingDay]);
  const gaps: PositionFlag[] = gapRanges.map(([from, to]) => ({
    code: 'HISTORY_GAP',
    message: `No statement covers the transactions from ${isoDay(from)} to ${isoDay(to)}`,
    from: isoDay(from),
    to: isoDay(to),
  }));

  const rebuiltMilli = segments[0].openingMilli + rows.reduce((s, r) => s + milli(r.tx.units ?? 0), 0);
  const rebuiltUnits = rebuiltMilli / 1000;
  const last = segments.at(-1)!;
  const [lastFrom, lastTo] = [isoDay(last.from), isoDay(last.to)];
  const inLast = rows.filter((r) => r.tx.date >= lastFrom && r.tx.date <= lastTo);

  let status: HistoryStatus;
  if (closingUnits !== null && milli(closingUnits) !== rebuiltMilli) status = 'MISMATCH';
  else if (!trailingGap && reachesZero(last.openingMilli, inLast)) status = 'FULL_HISTORY';
  else status = 'PARTIAL_HISTORY';

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
function reachesZero(openingMilli: number, rows: readonly MergedRow[]): boolean {
  let balance = openingMilli;
  if (balance === 0) return true;
  for (const r of rows) {
    balance += milli(r.tx.units ?? 0);
    if (balance === 0) return true;
  }
  return false;
}
