import { divRound, max, min, toNavQ } from '../lots/exact.js';
import { indexationIndices, ruleFor, taxClassOn } from '../rules/index.js';
const MESSAGES = {
    HISTORY_INCOMPLETE: 'The units were held before the history the statements show (or across a gap in it): purchase date and cost unknown',
    FMV_UNKNOWN: 'No fair market value of 31 January 2018 for the ISIN (the NAV for units not listed, the highest exchange price for listed ones): the grandfathered cost (s.55(2)(ac)) cannot be computed',
    COST_UNKNOWN: 'The cost of the units is not on the statements',
    SALE_VALUE_UNKNOWN: 'The sale amount is not printed',
    RULE_UNKNOWN: 'No rule of the table covers the transfer, or the Cost Inflation Index it needs is not notified',
    TAX_CLASS_DEFAULTED: "The scheme's tax class is a default, not fixed by its category: review",
    REVERSAL_UNMATCHED: 'A reversal whose original row is not in the history',
    UNITS_WITHOUT_TYPE: 'Units moved by a row that does not say how',
    CARRIED_OVER: 'Cost and acquisition date carried over from a merger, transfer or segregation',
    BONUS_STRIPPING_CHECK: 'Loss on units bought within 3 months before a bonus allotment and sold within 9 months after it: s.94(8) may ignore it',
};
export const flagsOf = (codes) => [...new Set(codes)].map((code) => ({ code, message: MESSAGES[code] }));
/**
 * `fmv` is the lookup for the scheme's kind of unit: the NAV for units not listed, the exchange's
 * highest price for listed ones (s.55(2)(ac) Explanation).
 */
export function lotGain(scheme, lot, transferred, value, fmv) {
    const flags = [...lot.flags];
    if (scheme.tax_class.defaulted)
        flags.push('TAX_CLASS_DEFAULTED');
    const schemeClass = taxClassOn(scheme.tax_class, transferred);
    const result = lot.acquired === null ? null : ruleFor({ taxClass: schemeClass, listed: scheme.tax_class.listed, acquired: lot.acquired, transferred });
    if (lot.acquired !== null && !result)
        flags.push('RULE_UNKNOWN');
    const rule = result
        ? { rule: result.rule, term: result.term, tax_class: result.taxClass, rate: result.rate, slab: result.slab, indexation: result.indexation, grandfathered: result.grandfathered, act: result.act, section: result.section }
        : { rule: null, term: null, tax_class: schemeClass, rate: null, slab: false, indexation: false, grandfathered: false, act: null, section: null };
    if (value === null)
        flags.push('SALE_VALUE_UNKNOWN');
    let fmvNav = null;
    let fmvValue = null;
    let cost = lot.cost;
    if (cost !== null && result?.grandfathered) {
        fmvNav = lot.fmvIsin ? fmv(lot.fmvIsin) : null;
        if (fmvNav === null) {
            flags.push('FMV_UNKNOWN');
            cost = null;
        }
        else {
            // Units now × original units per unit now × NAV, in paise.
            fmvValue = divRound(lot.units * lot.fmvScale[0] * toNavQ(fmvNav), lot.fmvScale[1] * 1000000n);
            cost = value === null ? null : max(cost, min(fmvValue, value));
        }
    }
    else if (cost !== null && result?.indexation) {
        // In paise, rounded once, half away from zero: a float product can miss a half paisa.
        const cii = indexationIndices(lot.acquired, transferred);
        if (cii === null)
            flags.push('RULE_UNKNOWN');
        cost = cii === null ? null : divRound(cost * BigInt(cii.to), BigInt(cii.from));
    }
    const gain = cost === null || value === null || !result ? null : value - cost;
    return { rule, fmvNav, fmvValue, costOfAcquisition: cost, gain, flags };
}
//# sourceMappingURL=lot-gain.js.map