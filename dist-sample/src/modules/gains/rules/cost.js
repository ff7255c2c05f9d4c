import { costInflationIndex } from './cost-inflation-index.js';
import { financialYearOf, parseIsoDate } from './dates.js';
/**
 * The cost of a grandfathered lot (s.55(2)(ac)): the higher of the actual cost and the lower of the
 * fair market value on 31 January 2018 and the full value of consideration (the sale value). Null when
 * the FMV is unknown (no NAV for the ISIN on that day): the cost is then never guessed.
 */
export function grandfatheredCost(lot) {
    if (lot.fmvOn31Jan2018 === null)
        return null;
    return Math.max(lot.actualCost, Math.min(lot.fmvOn31Jan2018, lot.saleValue));
}
/**
 * The indices of the second proviso to s.48: the CII of the transfer's year and of the acquisition's
 * year. Null when either is not notified, or the unit was acquired before 1 April 2001 (its cost may be
 * taken as the FMV on that day under s.55, which this does not have).
 */
export function indexationIndices(acquired, transferred) {
    parseIsoDate(acquired);
    if (acquired < '2001-04-01')
        return null;
    const from = costInflationIndex(financialYearOf(acquired));
    const to = costInflationIndex(financialYearOf(transferred));
    return from === null || to === null ? null : { from, to };
}
/**
 * The indexed cost of acquisition (second proviso to s.48): cost × CII of the transfer's year ÷ CII of
 * the acquisition's year, unrounded. Null as `indexationIndices`. The gains computation applies the
 * same ratio to paise exactly (compute/lot-gain.ts).
 */
export function indexedCost(cost, acquired, transferred) {
    const cii = indexationIndices(acquired, transferred);
    return cii === null ? null : (cost * cii.to) / cii.from;
}
//# sourceMappingURL=cost.js.map