/**
 * The gains input from the portfolio's consolidation: the merged history of each position, its
 * opening balance and gaps, and gains computed from partial statements as the register merges them.
 */
import { describe, expect, it } from '@jest/globals';
import type { Entity, Holding, Transaction } from '../../../src/modules/extraction/index.js';
import { consolidate, type StatementSource } from '../../../src/modules/portfolio/index.js';
import { computeGains, holdingsFromConsolidation, schemeTaxClass } from '../../../src/modules/gains/index.js';
import { makeHolding } from '../../support/holding.js';

const PAN = 'ABCPE1234F';
const FUND = 'INF179K01BB8';

const row = (date: string, type: Transaction['type'], units: number, amount: number, balance: number | null = null): Transaction => ({ date, type, description: type, amount, units, nav: amount / Math.abs(units), balance_units: balance });
const fund = (units: number, opening: number, transactions: Transaction[]): Holding =>
  makeHolding({ scheme_name: 'HDFC Flexi Cap Fund - Direct Growth', isin: FUND, folio: '1234567 / 89', units, nav: 20, market_value: units * 20, asset_class: 'Equity', opening_units: opening, transactions });

let n = 0;
function statement(period: { from: string; to: string }, holdings: Holding[]): StatementSource {
  const entity: Entity = { entity_name: 'Meera Iyer', pan: PAN, holdings, stated_total: null };
  return { document_id: `doc-${++n}`, document_type: 'CAMS_DETAILED_CAS', period, entities: [entity] };
}

const schemeOf = () => ({ isin: FUND, scheme_name: 'HDFC Flexi Cap Fund - Direct Growth', category: 'Equity Scheme - Flexi Cap Fund', tax_class: schemeTaxClass({ category: 'Equity Scheme - Flexi Cap Fund', assetClass: 'Equity', isin: FUND, schemeName: 'HDFC Flexi Cap Fund' }) });

describe('holdingsFromConsolidation', () => {
  it('two overlapping statements from a zero balance: one history, opening 0, complete gains', () => {
    const first = statement({ from: '2023-04-01', to: '2024-03-31' }, [fund(150, 0, [row('2023-05-02', 'purchase', 100, 1_000), row('2024-01-02', 'purchase', 50, 600)])]);
    const second = statement({ from: '2024-01-01', to: '2025-03-31' }, [fund(70, 100, [row('2024-01-02', 'purchase', 50, 600), row('2024-08-01', 'redemption', -80, 1_600)])]);
    const holdings = holdingsFromConsolidation(consolidate([second, first]), schemeOf);
    expect(holdings).toHaveLength(1);
    expect(holdings[0]).toMatchObject({ opening_units: 0, gaps: [], valuation: { nav: 20, date: '2025-03-31' } });
    expect(holdings[0].transactions.map((t) => [t.date, t.type, t.units])).toEqual([
      ['2023-05-02', 'purchase', 100],
      ['2024-01-02', 'purchase', 50],
      ['2024-08-01', 'redemption', -80],
    ]);
    const result = computeGains({ holdings }, { fy: '2024-25', fmv: () => null });
    expect(result.realised.lots.map((l) => [l.purchase_date, l.units, l.gain, l.rule.rule])).toEqual([['2023-05-02', 80, 800, 'EQ_LTCG_12_5']]);
    expect(result.flags).toEqual([]);
  });

  it('a statement that starts from 40 units it does not explain: opening 40, the sale of those units HISTORY_INCOMPLETE', () => {
    const only = statement({ from: '2024-04-01', to: '2025-03-31' }, [fund(20, 40, [row('2024-06-03', 'purchase', 10, 200), row('2024-08-01', 'redemption', -30, 600)])]);
    const holdings = holdingsFromConsolidation(consolidate([only]), schemeOf);
    expect(holdings[0].opening_units).toBe(40);
    const result = computeGains({ holdings }, { fy: '2024-25', fmv: () => null });
    expect(result.realised.lots.map((l) => [l.purchase_date, l.units, l.gain])).toEqual([[null, 30, null]]);
    expect(result.holdings[0].flags.map((f) => f.code)).toContain('HISTORY_INCOMPLETE');
  });

  it('statements with a gap between them: the gap is passed on and lots held across it become unseen', () => {
    const a = statement({ from: '2022-04-01', to: '2023-03-31' }, [fund(100, 0, [row('2022-05-02', 'purchase', 100, 1_000)])]);
    const b = statement({ from: '2024-04-01', to: '2025-03-31' }, [fund(0, 100, [row('2024-08-01', 'redemption', -100, 2_000)])]);
    const holdings = holdingsFromConsolidation(consolidate([b, a]), schemeOf);
    expect(holdings[0].gaps).toEqual([{ from: '2023-04-01', to: '2024-03-31' }]);
    const result = computeGains({ holdings }, { fy: '2024-25', fmv: () => null });
    expect(result.realised.lots.map((l) => [l.purchase_date, l.gain])).toEqual([[null, null]]);
  });
});
