import { describe, expect, it } from '@jest/globals';
import type { ExtractionDraft, Holding } from '../../../src/modules/extraction/types.js';
import type { AmfiNavRecord } from '../../../src/modules/nexus/market-data/amfi-nav-parser.js';
import { withLatestNavs } from '../../../src/modules/nexus/market-data/latest-nav.js';
import { makeHolding } from '../../support/holding.js';

const ISIN = 'INF200K017V5';
const record: AmfiNavRecord = { scheme_code: '100001', scheme_name: 'x', isin_growth: ISIN, isin_reinvestment: null, nav: 331.2458, nav_date: '2025-10-17', amc: null, category: null };

const draft = (holdings: Holding[]): ExtractionDraft => ({
  classification: 'CAMS_DETAILED_CAS',
  period: { from: null, to: '2025-09-30' },
  entities: [{ entity_name: 'A', pan: null, holdings, stated_total: null }],
  stated_total: null,
  currency: 'INR',
});

describe('withLatestNavs on a holding whose units are unknown', () => {
  it('adds the latest NAV and its date but no latest market value, and keeps the figures null', () => {
    const h = makeHolding({ isin: ISIN, units: null, nav: 328.9714, market_value: null });
    const { draft: out, matched } = withLatestNavs(draft([h]), (isin) => (isin === ISIN ? record : undefined));
    const enriched = out.entities[0].holdings[0];
    expect(matched).toBe(1);
    expect(enriched).toEqual({ ...h, latest_nav: 331.2458, latest_nav_date: '2025-10-17' });
    expect(Object.keys(enriched)).not.toContain('latest_market_value');
    expect([enriched.units, enriched.market_value]).toEqual([null, null]);
  });

  it('still prices known units when the market value is the unknown figure', () => {
    const h = makeHolding({ isin: ISIN, units: 10, nav: 328.9714, market_value: null });
    const enriched = withLatestNavs(draft([h]), () => record).draft.entities[0].holdings[0];
    expect(enriched.latest_market_value).toBe(3312.46);
    expect(enriched.market_value).toBeNull();
  });
});
