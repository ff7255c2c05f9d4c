import { describe, expect, it } from '@jest/globals';
import type { AmfiNavRecord } from '../../../src/modules/nexus/market-data/amfi-nav-parser.js';
import { withLatestNavs } from '../../../src/modules/nexus/market-data/latest-nav.js';
import type { ExtractionDraft, Holding } from '../../../src/modules/extraction/types.js';
import { makeHolding } from '../../support/holding.js';

const holding = (isin: string, units: number, nav: number): Holding =>
  makeHolding({ scheme_name: `Scheme ${isin}`, isin, units, nav, market_value: Math.round(units * nav * 100) / 100, asset_class: 'Equity', folio: '1234567 / 89', nav_date: '2025-09-30' });

const record = (isin: string, nav: number | null, nav_date: string | null = '2025-10-17'): AmfiNavRecord => ({
  scheme_code: '100001', scheme_name: 'x', isin_growth: isin, isin_reinvestment: null, nav, nav_date, amc: null, category: null,
});

const draft = (holdings: Holding[]): ExtractionDraft => ({
  classification: 'CAMS_DETAILED_CAS', period: { from: null, to: '2025-09-30' }, entities: [{ entity_name: 'A', pan: null, holdings, stated_total: null }], stated_total: null, currency: 'INR',
});

describe('withLatestNavs', () => {
  it.each([
    { name: 'a known ISIN', h: holding('INF200K017V5', 4176.484, 328.9714), r: record('INF200K017V5', 331.2458), expected: { latest_nav: 331.2458, latest_nav_date: '2025-10-17', latest_market_value: 1383442.78 } },
    { name: 'a value rounded to 2 decimals', h: holding('INF200K016P9', 1.5, 10), r: record('INF200K016P9', 0.0123), expected: { latest_nav: 0.0123, latest_nav_date: '2025-10-17', latest_market_value: 0.02 } },
    { name: 'a price without a date', h: holding('INF174K01EL2', 100, 50), r: record('INF174K01EL2', 50.2214, null), expected: { latest_nav: 50.2214, latest_nav_date: null, latest_market_value: 5022.14 } },
  ])('adds the latest NAV to $name, keeping the statement’s own figures', ({ h, r, expected }) => {
    const { draft: out, matched } = withLatestNavs(draft([h]), (isin) => (isin === r.isin_growth ? r : undefined));
    expect(matched).toBe(1);
    expect(out.entities[0].holdings[0]).toEqual({ ...h, ...expected });
  });

  it.each([
    { name: 'an unknown ISIN', r: undefined },
    { name: 'an unpriced record', r: record('INF200K017V5', null) },
  ])('leaves a holding with $name as it is (no new keys)', ({ r }) => {
    const h = holding('INF200K017V5', 10, 10);
    const { draft: out, matched } = withLatestNavs(draft([h]), () => r);
    expect(matched).toBe(0);
    expect(out.entities[0].holdings[0]).toEqual(h);
    expect(Object.keys(out.entities[0].holdings[0])).not.toContain('latest_nav');
  });
});
