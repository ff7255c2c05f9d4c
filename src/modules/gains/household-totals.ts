/**
 * A household's gains totals: the members' figures added up, by tax class. The s.112A exemption is each
 * member's own (an individual's), so the household adds the exemption each member applied; it is never
 * applied to the household as one. A sum with an unknown member figure is null, with the known part beside it.
 */
import type { GainsByTaxClass, GainsTotal } from './gains.types.js';
import type { TaxClass } from './rules/index.js';
import type { InvestorGains } from './gains-of.js';

const TAX_CLASSES: readonly TaxClass[] = ['equity_oriented', 'specified_mutual_fund', 'other'];

/** Rupees added in paise, so 0.1 + 0.2 is 0.3. */
const paise = (n: number) => Math.round(n * 100);
const rupees = (p: number) => p / 100;

export function sumOrNull(values: ReadonlyArray<number | null>): number | null {
  return values.some((v) => v === null) ? null : rupees(values.reduce((s: number, v) => s + paise(v!), 0));
}

function addTotals(totals: readonly GainsTotal[]): GainsTotal {
  return {
    gain: sumOrNull(totals.map((t) => t.gain)),
    known_gain: rupees(totals.reduce((s, t) => s + paise(t.known_gain), 0)),
    lots: totals.reduce((s, t) => s + t.lots, 0),
    unknown_lots: totals.reduce((s, t) => s + t.unknown_lots, 0),
  };
}

const EMPTY: GainsTotal = { gain: 0, known_gain: 0, lots: 0, unknown_lots: 0 };

/** The members' rows of one tax class added up; a class no member has is all zeros (no lots, so no gain). */
export function addByTaxClass(lists: ReadonlyArray<readonly GainsByTaxClass[]>): GainsByTaxClass[] {
  return TAX_CLASSES.map((taxClass) => {
    const rows = lists.flatMap((l) => l.filter((r) => r.tax_class === taxClass));
    return { tax_class: taxClass, short_term: addTotals([EMPTY, ...rows.map((r) => r.short_term)]), long_term: addTotals([EMPTY, ...rows.map((r) => r.long_term)]) };
  });
}

export interface HouseholdGainsTotals {
  realised: { by_tax_class: GainsByTaxClass[]; exemption_112a_applied: number | null };
  unrealised: { by_tax_class: GainsByTaxClass[]; harvestable_ltcg: number | null };
  /** Flag codes any member has. */
  flags: string[];
}

export function householdTotals(members: readonly InvestorGains[]): HouseholdGainsTotals {
  return {
    realised: {
      by_tax_class: addByTaxClass(members.map((m) => m.realised.by_tax_class)),
      exemption_112a_applied: sumOrNull(members.map((m) => m.realised.exemption_112a.applied)),
    },
    unrealised: {
      by_tax_class: addByTaxClass(members.map((m) => m.unrealised.by_tax_class)),
      harvestable_ltcg: sumOrNull(members.map((m) => m.unrealised.harvestable_ltcg)),
    },
    flags: [...new Set(members.flatMap((m) => m.flags.map((f) => f.code)))].sort(),
  };
}
