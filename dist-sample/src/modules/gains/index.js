/**
 * The gains module's public API (pure TypeScript, no Nest): the dated rules, and the lots engine
 * and gains computation over a consolidation's merged histories (docs/gains.md).
 *
 * - `computeGains(input, { fy })`: realised gains of a financial year with per-lot detail, totals by
 *   rule and tax class, the s.112A exemption, the advance-tax split; unrealised gains at a NAV.
 * - `holdingsFromConsolidation`: the input from the portfolio's consolidation.
 * - `loadFmv2018`: the NAV of 31 January 2018 by ISIN, from the shipped AMFI file (`data/amfi/`), read
 *   asynchronously once per process; the computation takes it as `options.fmv`.
 */
export * from './rules/index.js';
export { computeGains } from './compute/compute-gains.js';
export { holdingsFromConsolidation } from './compute/from-consolidation.js';
export { Fmv2018FileError, findFmv2018File, fmvLookupFromText, loadFmv2018 } from './fmv/fmv-2018.js';
//# sourceMappingURL=index.js.map