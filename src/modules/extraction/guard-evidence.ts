/**
 * What a statement says about each of a holding's figures besides the figure itself: the evidence the
 * guard (`guard.ts`) weighs. Each figure is confirmed (another printed figure agrees with it), refuted
 * (other printed figures contradict it) or unknown (nothing else speaks of it).
 *
 * - Units: the unit balance's continuity. Opening units + Σ transaction units, and the last printed
 *   running balance, must both be the closing units.
 * - NAV: the NAV printed for the same ISIN on the same date elsewhere in the statement, by holdings
 *   whose own figures hold together, confirms it. Units equal to that NAV mark an exchange of units
 *   and NAV. Another NAV printed by the same fund's other folios refutes it (folios of one fund share
 *   its NAV of the day); across a folio and a demat account another price refutes nothing (a security
 *   may be valued at its NAV and at its market price).
 * - Market value: a printed total (an investor's, an AMC's, a demat account's, the statement's) that
 *   the holdings add up to confirms every value in it.
 * - Any figure printed negative: no closing balance, NAV or value can be.
 */
import { perBasis, pricedUnits, type PrintedPrecision } from './statement-figures.js';
import { UNIT_TOLERANCE, unitsAfterTransactions, valueTolerance } from './validator.js';
import type { Holding } from './types.js';

export type Standing = 'confirmed' | 'refuted' | 'unknown';

export interface Finding {
  standing: Standing;
  /** Why, in plain words: what confirms or refutes the figure. */
  why: string;
}

const UNKNOWN: Finding = { standing: 'unknown', why: '' };

const fmtUnits = (v: number): string => v.toFixed(3);
const fmtNav = (v: number): string => v.toFixed(4);
export const fmtMoney = (v: number): string => v.toFixed(2);

/** Two NAVs as printed (4 decimals at most) are the same figure. */
export const sameNav = (a: number, b: number): boolean => Math.abs(a - b) < 5e-7;

export interface UnitsEvidence {
  finding: Finding;
  /** The closing units the transaction table gives, when its equations agree on one; else null. */
  implied: number | null;
}

/** The closing units against the holding's own transaction table. */
export function unitsEvidence(h: Holding): UnitsEvidence {
  if (h.units === null) return { finding: UNKNOWN, implied: null };
  if (h.units < 0) return { finding: { standing: 'refuted', why: 'a closing balance cannot be negative' }, implied: null };
  const equations: Array<{ units: number; says: string }> = [];
  if (h.opening_units !== null) {
    const units = unitsAfterTransactions(h);
    equations.push({ units, says: h.transactions.length ? `the opening balance and the transactions give ${fmtUnits(units)} units` : `the opening balance is ${fmtUnits(units)} units and no transaction follows` });
  }
  const last = [...h.transactions].reverse().find((t) => t.balance_units !== null)?.balance_units;
  if (last !== undefined && last !== null) equations.push({ units: last, says: `the last transaction leaves ${fmtUnits(last)} units` });
  if (!equations.length) return { finding: UNKNOWN, implied: null };
  const agree = equations.filter((e) => Math.abs(e.units - h.units!) <= UNIT_TOLERANCE);
  const consistent = equations.every((e) => Math.abs(e.units - equations[0].units) <= UNIT_TOLERANCE);
  if (agree.length === equations.length) return { finding: { standing: 'confirmed', why: equations.map((e) => e.says).join(', and ') }, implied: h.units };
  // The transaction table disagrees with itself and one of its figures matches: it neither confirms nor refutes.
  if (agree.length) return { finding: UNKNOWN, implied: null };
  return { finding: { standing: 'refuted', why: equations.map((e) => e.says).join(', and ') }, implied: consistent ? equations[0].units : null };
}

/** units × NAV against the printed market value; null when it cannot be checked (a figure missing, or the value computed from the other two). */
export function productHolds(h: Holding, precision: PrintedPrecision): { holds: boolean | null; says: string } {
  const { units, nav, market_value: value } = h;
  if (units === null || nav === null || value === null || h.market_value_source === 'computed') return { holds: null, says: '' };
  // A price per ₹100 of face value prices the face value held in ₹100s: value = face × price ÷ 100.
  const product = pricedUnits(units, h) * nav;
  const tolerance = valueTolerance(pricedUnits(units, h), nav, precision);
  return {
    holds: Math.abs(product - value) <= tolerance,
    says: `units ${fmtUnits(units)} × NAV ${fmtNav(nav)}${perBasis(h)} = ${fmtMoney(product)}, but the market value is ${fmtMoney(value)}`,
  };
}

/** A figure that cannot be negative. */
export function signFinding(value: number | null, what: string): Finding {
  return value !== null && value < 0 ? { standing: 'refuted', why: `${what} cannot be negative` } : UNKNOWN;
}

export interface NavPeer {
  holding: Holding;
  /** Its own figures hold together (units × NAV = value, units not refuted). */
  sound: boolean;
}

export interface NavEvidence {
  finding: Finding;
  /** Set when the units read are the NAV printed for the same ISIN elsewhere: units and NAV look exchanged. */
  exchanged: string | null;
}

/**
 * The NAV against the NAV of the same ISIN on the same date elsewhere in the statement, as printed by
 * holdings whose own figures hold together (`peers`: the holding itself, when among them, is not its
 * own peer). Each peer is looked at only as far as the answer needs: a NAV the first sound peer
 * confirms costs one comparison, so a fund held in hundreds of folios is not compared pair by pair.
 */
export function navEvidence(h: Holding, peers: readonly NavPeer[]): NavEvidence {
  if (h.nav === null) return { finding: UNKNOWN, exchanged: null };
  if (h.nav < 0) return { finding: { standing: 'refuted', why: 'a NAV cannot be negative' }, exchanged: null };
  /** A peer's NAV when it speaks for this one: another holding, sound, with a NAV. */
  const navOf = (p: NavPeer): number | null => (p.holding !== h && p.sound ? p.holding.nav : null);
  let printed = false;
  for (const p of peers) {
    const nav = navOf(p);
    if (nav === null) continue;
    if (sameNav(nav, h.nav)) return { finding: { standing: 'confirmed', why: 'the same NAV is printed for this ISIN elsewhere in the statement' }, exchanged: null };
    printed = true;
  }
  if (!printed) return { finding: UNKNOWN, exchanged: null };
  for (const p of peers) {
    const nav = navOf(p);
    if (nav !== null && h.units !== null && sameNav(nav, h.units)) {
      return { finding: UNKNOWN, exchanged: `the units read equal the NAV ${fmtNav(nav)} printed for this ISIN elsewhere in the statement: units and NAV are exchanged` };
    }
  }
  // Folios of one fund are valued at its one NAV of the date: a NAV the fund's other sound folios do
  // not print is refuted (two folios that disagree refute each other: which is misread, nothing says).
  // Across a folio and a demat account another price refutes nothing: an ETF's units in a folio are
  // valued at its NAV, those in a demat account at the market price, on the same date.
  const folioNavs = peers.flatMap((p) => (navOf(p) !== null && !p.holding.account_id ? [navOf(p)!] : []));
  if (!h.account_id && folioNavs.length) {
    return { finding: { standing: 'refuted', why: `the fund's other folios print its NAV of the same date as ${[...new Set(folioNavs.map(fmtNav))].join(', ')}` }, exchanged: null };
  }
  return { finding: UNKNOWN, exchanged: null };
}

/** Holdings of the same ISIN valued on the same date, by ISIN and date. */
export function sameSecurityGroups(holdings: Holding[]): Map<string, Holding[]> {
  const groups = new Map<string, Holding[]>();
  for (const h of holdings) {
    const key = `${h.isin}@${h.nav_date ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(h);
    else groups.set(key, [h]);
  }
  return groups;
}
