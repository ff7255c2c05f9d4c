/**
 * Capital-gains rules for mutual-fund units under Indian income tax, by date (pure code, no Nest):
 * the dated rules table, `ruleFor` a lot, the Cost Inflation Index and a scheme's tax class.
 * docs/gains.md cites the provision and source of every rule.
 */
export { ruleFor } from './rule-for.js';
export { GAINS_RULES, ltcgExemptionFor, ACT_2025_FROM, BUDGET_2024_TRANSFERS_FROM, GRANDFATHERING_ACQUIRED_TO, GRANDFATHERING_SECTIONS, SPECIFIED_FUND_ACQUIRED_FROM, SPECIFIED_FUND_NEW_DEFINITION_FROM, } from './rules-table.js';
export { COST_INFLATION_INDEX, costInflationIndex } from './cost-inflation-index.js';
export { grandfatheredCost, indexationIndices, indexedCost } from './cost.js';
export { schemeTaxClass, taxClassOn, CATEGORY_TAX_CLASSES, TAX_CLASS_OVERRIDES } from './tax-class.js';
export { addMonths, financialYearOf } from './dates.js';
//# sourceMappingURL=index.js.map