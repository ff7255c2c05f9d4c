import { addMonths, financialYearOf, parseIsoDate } from './dates.js';
import { ACT_2025_FROM, GAINS_RULES, GRANDFATHERING_ACQUIRED_TO, SPECIFIED_FUND_ACQUIRED_FROM, ltcgExemptionFor, } from './rules-table.js';
/**
 * The rule a lot's gain falls under: short- or long-term, the rate (null at slab), the section under
 * the Act in force on the transfer date, indexation and grandfathering. Null when the transfer is
 * before the table starts (1 April 2018). A lot is long-term when transferred after the day it has
 * been held for the rule's number of months (s.2(42A): short-term if "held for not more than" them).
 */
export function ruleFor(query) {
    const { acquired, transferred, listed } = query;
    parseIsoDate(acquired);
    parseIsoDate(transferred);
    if (transferred < acquired)
        throw new RangeError(`transferred ${transferred} before acquired ${acquired}`);
    // Section 50AA covers only units acquired on or after 1 April 2023; earlier units of the same fund
    // are taxed as any other unit.
    const taxClass = query.taxClass === 'specified_mutual_fund' && acquired < SPECIFIED_FUND_ACQUIRED_FROM ? 'other' : query.taxClass;
    const candidates = GAINS_RULES.filter((r) => r.taxClass === taxClass &&
        (r.listed === null || r.listed === listed) &&
        transferred >= r.transferFrom &&
        (r.transferTo === null || transferred <= r.transferTo) &&
        (r.acquiredFrom === null || acquired >= r.acquiredFrom));
    const rule = candidates.find((r) => r.holdingMonths === null) ?? candidates.find((r) => r.term === termOf(r, acquired, transferred));
    if (!rule)
        return null;
    const act = transferred >= ACT_2025_FROM ? '2025' : '1961';
    const financialYear = financialYearOf(transferred);
    return {
        rule: rule.id,
        term: rule.term,
        taxClass,
        rate: rule.rate,
        slab: rule.slab,
        indexation: rule.indexation,
        holdingMonths: rule.holdingMonths,
        act,
        section: act === '2025' ? rule.section2025 : rule.section1961,
        section1961: rule.section1961,
        section2025: rule.section2025,
        grandfathered: rule.grandfathering && acquired <= GRANDFATHERING_ACQUIRED_TO,
        annualExemption: rule.id.startsWith('EQ_LTCG') ? ltcgExemptionFor(financialYear) : null,
        financialYear,
    };
}
function termOf(rule, acquired, transferred) {
    if (rule.holdingMonths === null)
        return 'short';
    return transferred > addMonths(acquired, rule.holdingMonths) ? 'long' : 'short';
}
//# sourceMappingURL=rule-for.js.map