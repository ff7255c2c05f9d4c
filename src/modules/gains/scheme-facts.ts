/**
 * What the gains computation needs to know of a position besides its history: the scheme's tax class
 * (from the SEBI category heading AMFI files it under, by ISIN) and the NAV its open lots are valued at.
 * Pure functions; the NAV source's records come in through `NavRecord` lookups.
 */
import type { Position } from '../portfolio/index.js';
import { schemeTaxClass } from './rules/index.js';

/** A NAV source's record of an ISIN (AMFI's NAV file): its category heading and latest NAV. */
export interface NavRecord {
  category: string | null;
  nav: number | null;
  nav_date: string | null;
}

export type NavLookup = (isin: string) => NavRecord | undefined;

/** The scheme facts of a position: category (null when the NAV source does not know the ISIN), tax class. */
export function schemeOf(position: Position, lookup: NavLookup | null) {
  const category = lookup?.(position.isin)?.category ?? null;
  return {
    isin: position.isin,
    scheme_name: position.scheme_name,
    category,
    tax_class: schemeTaxClass({ category, assetClass: position.asset_class, isin: position.isin, schemeName: position.scheme_name }),
  };
}

/** Where a valuation's NAV comes from: the latest statement of the position, or the configured NAV source. */
export type ValuationSource = 'statement' | 'nav_source';

export interface Valuation {
  nav: number;
  date: string;
  source: ValuationSource;
}

/**
 * The NAV open lots are valued at: the NAV source's latest when it is newer than the statement's,
 * else the latest statement's NAV and its date. Null (not valued, never 0) when neither has a dated NAV.
 */
export function valuationOf(position: Position, lookup: NavLookup | null): Valuation | null {
  const record = lookup?.(position.isin);
  const statementDate = position.source.valuation_date;
  const statement: Valuation | null = position.nav !== null && statementDate ? { nav: position.nav, date: statementDate, source: 'statement' } : null;
  if (record?.nav != null && record.nav_date && (!statement || record.nav_date > statement.date)) {
    return { nav: record.nav, date: record.nav_date, source: 'nav_source' };
  }
  return statement;
}
