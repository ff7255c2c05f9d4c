/**
 * A lot: units acquired together, with their acquisition date and cost (exact: ten-thousandths of a unit,
 * paise). An unseen lot stands for units held before the history the statements show (or across a
 * gap in it): no date, no cost, and a size that may itself be unknown.
 */
import type { TransactionType } from '../../extraction/index.js';
import type { GainsFlagCode } from '../gains.types.js';
import type { IsoDate } from '../rules/types.js';
import { share, type Milli, type Paise } from './exact.js';

export interface Lot {
  openType: TransactionType | null;
  acquired: IsoDate | null;
  /** Units left; null for an unseen lot of unknown size (it never runs out). */
  units: Milli | null;
  /** Cost left, stamp duty included; null when unknown. */
  cost: Paise | null;
  /** The stamp duty within `cost`. */
  stamp: Paise | null;
  /** Purchase NAV per unit as held now (a merger converts it). */
  nav: number | null;
  unseen: boolean;
  /** The ISIN the units were acquired in and the ratio of original units to units now, for the 2018 FMV. */
  fmvIsin: string | null;
  fmvScale: readonly [bigint, bigint];
  /** Flags the lot carries into every sale of it (CARRIED_OVER, COST_UNKNOWN, …). */
  flags: GainsFlagCode[];
}

/** The portion `units` of `lot`, its cost and stamp duty apportioned (the whole lot when units equal). */
export function portion(lot: Lot, units: Milli): Lot {
  if (lot.units === null || units === lot.units) return { ...lot, units, flags: [...lot.flags] };
  const part = (v: Paise | null) => (v === null ? null : share(v, units, lot.units!));
  return { ...lot, units, cost: part(lot.cost), stamp: part(lot.stamp), flags: [...lot.flags] };
}

/** `lot` less `taken` (a portion of it). */
export function reduce(lot: Lot, taken: Lot): void {
  if (lot.units === null) return;
  lot.units -= taken.units!;
  if (lot.cost !== null) lot.cost -= taken.cost!;
  if (lot.stamp !== null) lot.stamp -= taken.stamp!;
}

export function unseenLot(units: Milli | null, flags: GainsFlagCode[] = ['HISTORY_INCOMPLETE']): Lot {
  return { openType: null, acquired: null, units, cost: null, stamp: null, nav: null, unseen: true, fmvIsin: null, fmvScale: [1n, 1n], flags };
}
