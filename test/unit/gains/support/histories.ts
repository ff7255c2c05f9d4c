/**
 * Builders of gains inputs for the unit tests and the benchmark: schemes of each tax class and
 * transaction rows as the extraction types them.
 */
import type { TransactionType } from '../../../../src/modules/extraction/index.js';
import type { GainsHolding, GainsScheme } from '../../../../src/modules/gains/index.js';
import type { TaxClass } from '../../../../src/modules/gains/rules/types.js';

type Row = GainsHolding['transactions'][number];

export function scheme(isin: string, taxClass: TaxClass | [TaxClass, TaxClass], options: { listed?: boolean; defaulted?: boolean; name?: string } = {}): GainsScheme {
  const [untilFy2025, fromFy2026] = Array.isArray(taxClass) ? taxClass : [taxClass, taxClass];
  return {
    isin,
    scheme_name: options.name ?? `Scheme ${isin}`,
    category: null,
    tax_class: { untilFy2025, fromFy2026, listed: options.listed ?? false, basis: 'category', defaulted: options.defaulted ?? false },
  };
}

/** A row: units signed (negative out), amount positive as printed for the type. */
export function tx(date: string, type: TransactionType, units: number | null, amount: number | null, nav: number | null = null, balance: number | null = null): Row {
  return { date, type, description: type, units, amount, nav, balance_units: balance };
}

export function holding(s: GainsScheme, transactions: Row[], options: Partial<Omit<GainsHolding, 'scheme' | 'transactions'>> = {}): GainsHolding {
  return {
    position_id: options.position_id ?? `pos-${s.isin}-${options.folio ?? 'F1'}`,
    folio: options.folio ?? 'F1',
    account_id: options.account_id ?? null,
    investor_pan: options.investor_pan ?? 'ABCDE1234F',
    scheme: s,
    opening_units: options.opening_units === undefined ? 0 : options.opening_units,
    gaps: options.gaps ?? [],
    transactions,
    valuation: options.valuation ?? null,
  };
}

/** A fixed FMV table for tests (the shipped file is tested on its own). */
export const fmvOf =
  (table: Record<string, number>) =>
  (isin: string): number | null =>
    table[isin] ?? null;
