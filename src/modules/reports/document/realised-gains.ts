/**
 * The period's realised gains as the report prints them, from the gains computation's answer (pure):
 * short- and long-term over every tax class, null when any lot's gain is unknown (never a partial sum
 * passed off as the total), and the schemes whose tax class was defaulted.
 */
import type { GainsByTaxClass, GainsTotal, SchemeTaxClass } from '../../gains/index.js';
import { sumRupees } from './format.js';
import type { RealisedGains } from './report-model.js';

/** What the report reads of `GET /clients/{id}/gains?fy=`. */
export interface GainsAnswer {
  fy: string;
  realised: { by_tax_class: readonly GainsByTaxClass[] };
  holdings: ReadonlyArray<{ scheme_name: string; folio: string | null; tax_class: SchemeTaxClass }>;
}

/** What the household report reads of `GET /households/{id}/gains?fy=`. */
export interface HouseholdGainsAnswer {
  fy: string;
  members: ReadonlyArray<GainsAnswer & { client_id: string; name: string | null }>;
  totals: { realised: { by_tax_class: readonly GainsByTaxClass[] } };
}

const total = (parts: readonly GainsTotal[]): number | null => (parts.some((p) => p.gain === null) ? null : sumRupees(parts.map((p) => p.gain!)));

export function realisedGains(gains: GainsAnswer): RealisedGains {
  const short = gains.realised.by_tax_class.map((c) => c.short_term);
  const long = gains.realised.by_tax_class.map((c) => c.long_term);
  const shortTerm = total(short);
  const longTerm = total(long);
  return {
    fy: gains.fy,
    short_term: shortTerm,
    long_term: longTerm,
    total: shortTerm === null || longTerm === null ? null : sumRupees([shortTerm, longTerm]),
    lots: [...short, ...long].reduce((n, p) => n + p.lots, 0),
    unknown_lots: [...short, ...long].reduce((n, p) => n + p.unknown_lots, 0),
    defaulted_tax_class: gains.holdings.filter((h) => h.tax_class.defaulted).map((h) => `${h.scheme_name}${h.folio ? ` (folio ${h.folio})` : ''}`),
  };
}

/**
 * A household's realised gains: each member's own, and the household's from the members' totals added
 * up (the gains API's `totals`), with every member's defaulted schemes named with the member.
 */
export function householdRealisedGains(gains: HouseholdGainsAnswer): { household: RealisedGains; members: Map<string, RealisedGains> } {
  const members = new Map(gains.members.map((m) => [m.client_id, realisedGains(m)]));
  const household = realisedGains({ fy: gains.fy, realised: gains.totals.realised, holdings: [] });
  household.defaulted_tax_class = gains.members.flatMap((m) => members.get(m.client_id)!.defaulted_tax_class.map((scheme) => `${m.name ?? 'A member without a name'}: ${scheme}`));
  return { household, members };
}
