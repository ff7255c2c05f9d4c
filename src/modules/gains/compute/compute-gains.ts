import type { GainsInput, GainsOptions, GainsResult } from '../gains.types.js';

/**
 * The capital gains of one financial year over the holdings' merged histories: FIFO lots per folio
 * and scheme, the rule of each lot, the year's totals, the s.112A exemption, the advance-tax split
 * and the unrealised gains at each holding's valuation NAV (docs/gains.md).
 */
export function computeGains(input: GainsInput, options: GainsOptions): GainsResult {
  void input;
  void options;
  throw new Error('computeGains: not implemented yet');
}
