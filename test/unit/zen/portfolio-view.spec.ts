import { describe, expect, it } from '@jest/globals';
import type { Entity, Holding, Transaction } from '../../../src/modules/extraction/types.js';
import { PortfolioView, type SourceDocument } from '../../../src/modules/zen/answering/portfolio-view.js';
import { storedResult } from '../../support/extraction-result.js';
import { makeHolding } from '../../support/holding.js';

const tx = (date: string, units: number): Transaction => ({ date, type: 'purchase', description: 'Purchase', amount: units * 10, units, nav: 10, balance_units: null });

const holding = (isin: string, marketValue: number, overrides: Partial<Holding> = {}): Holding =>
  makeHolding({ scheme_name: `Scheme ${isin}`, isin, units: marketValue / 10, nav: 10, market_value: marketValue, asset_class: 'Equity', folio: '1234567/89', ...overrides });

const investor = (holdings: Holding[], pan: string | null = 'ABCDE1234F', name = 'Meera Iyer'): Entity => ({ entity_name: name, pan, holdings, stated_total: null });

let n = 0;
const statement = (period: { from: string; to: string } | null, entities: Entity[]): SourceDocument => ({
  doc_id: `doc-${++n}`,
  file_name: `CAS-${n}.pdf`,
  result: storedResult({ period: period ?? { from: null, to: null }, entities }),
});

const H1 = 'INF000000001';
const H2 = 'INF000000002';
const APR_SEP = { from: '2025-04-01', to: '2025-09-30' };
const OCT_MAR = { from: '2025-10-01', to: '2026-03-31' };

describe('PortfolioView over overlapping statements', () => {
  it('counts a statement uploaded twice once', () => {
    const once = new PortfolioView([statement(APR_SEP, [investor([holding(H1, 1000), holding(H2, 500)])])]);
    const twice = new PortfolioView([statement(APR_SEP, [investor([holding(H1, 1000), holding(H2, 500)])]), statement(APR_SEP, [investor([holding(H1, 1000), holding(H2, 500)])])]);
    expect(twice.figures).toEqual(once.figures);
    expect(twice.figures.total_market_value).toBe(1500);
    expect(twice.holdings.map((r) => r.holding.isin)).toEqual([H1, H2]);
    expect(twice.asOf).toBe('2025-09-30');
  });

  it.each([
    { name: 'the newer statement uploaded last', newerFirst: false },
    { name: 'the newer statement uploaded first', newerFirst: true },
  ])('keeps each holding as the newest statement shows it ($name), and the funds only the older one has', ({ newerFirst }) => {
    const older = statement(APR_SEP, [investor([holding(H1, 1000), holding(H2, 500)])]);
    const newer = statement(OCT_MAR, [investor([holding(H1, 1200)])]);
    const view = new PortfolioView(newerFirst ? [newer, older] : [older, newer]);
    expect(view.holdings.map((r) => [r.holding.isin, r.holding.market_value, r.doc.doc_id])).toEqual(
      expect.arrayContaining([
        [H1, 1200, newer.doc_id],
        [H2, 500, older.doc_id],
      ]),
    );
    expect(view.holdings).toHaveLength(2);
    expect(view.figures.total_market_value).toBe(1700);
    expect(view.asOf).toBe('2026-03-31');
  });

  it('keeps apart what differs in investor, folio or demat account', () => {
    const view = new PortfolioView([
      statement(APR_SEP, [
        investor([holding(H1, 1000)]),
        investor([holding(H1, 300)], 'PQRST6789K', 'Arjun Iyer'),
        investor([holding(H1, 200, { folio: '7654321/00' })]),
        investor([holding(H1, 100, { folio: null, account_id: 'IN300126 / 12345678' })]),
      ]),
    ]);
    expect(view.figures.total_market_value).toBe(1600);
    expect(view.holdings).toHaveLength(4);
  });

  it('lists a transaction once when statements overlap, and keeps those of periods only an older statement covers', () => {
    const older = () => statement(APR_SEP, [investor([holding(H1, 1000, { transactions: [tx('2025-05-10', 5), tx('2025-08-10', 7)] })])]);
    const overlapping = statement({ from: '2025-07-01', to: '2025-12-31' }, [investor([holding(H1, 1100, { transactions: [tx('2025-08-10', 7), tx('2025-11-10', 3)] })])]);
    const [first, again] = [older(), older()];
    const view = new PortfolioView([first, overlapping, again]);
    expect(view.transactionsBetween(null, null).map(({ tx: t, ref }) => [t.date, ref.doc.doc_id])).toEqual([
      ['2025-05-10', again.doc_id],
      ['2025-08-10', overlapping.doc_id],
      ['2025-11-10', overlapping.doc_id],
    ]);
  });
});
