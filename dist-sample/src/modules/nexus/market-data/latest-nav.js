import { roundTo } from '../../extraction/index.js';
/**
 * Adds `latest_nav`, `latest_nav_date` and `latest_market_value` (units × latest NAV, 2 decimals)
 * to each holding whose ISIN the lookup knows. Holdings it does not know are left as they are, and
 * the statement's own `nav` and `market_value` are never touched.
 */
export function withLatestNavs(draft, lookup) {
    let matched = 0;
    const entities = draft.entities.map((e) => ({
        ...e,
        holdings: e.holdings.map((h) => {
            const record = h.isin ? lookup(h.isin) : undefined;
            if (!record || record.nav === null)
                return h;
            matched++;
            // Unknown units (null) give no latest value: never one priced from 0 units.
            return { ...h, latest_nav: record.nav, latest_nav_date: record.nav_date, ...(h.units === null ? {} : { latest_market_value: roundTo(h.units * record.nav, 2) }) };
        }),
    }));
    return { draft: { ...draft, entities }, matched };
}
//# sourceMappingURL=latest-nav.js.map