import type { Holding } from '../../src/modules/nexus/extraction/types.js';

/** A `Holding` with neutral defaults (nulls for optional fields, page 1, no transactions); `overrides` replace any of them. */
export function makeHolding(overrides: Partial<Holding> = {}): Holding {
  return {
    scheme_name: 'Scheme',
    isin: 'INF000000000',
    units: 0,
    nav: 0,
    market_value: 0,
    asset_class: null,
    folio: null,
    amc: null,
    cost_value: null,
    opening_units: null,
    plan: null,
    option: null,
    page: 1,
    transactions: [],
    ...overrides,
  };
}
