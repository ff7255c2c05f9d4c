/** Portfolio figures (placeholder). */
import type { Entity, PortfolioFigures } from './types.js';

export function calculatePortfolio(entities: Entity[]): PortfolioFigures {
  const total = Math.round(entities.flatMap((e) => e.holdings).reduce((s, h) => s + h.market_value * 100, 0)) / 100;
  return { total_market_value: total, total_cost_value: null, gain: null, gain_pct: null, asset_allocation: { equity: 0, debt: 0, hybrid: 0, other: 0 }, xirr: null };
}
