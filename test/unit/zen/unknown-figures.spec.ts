import { describe, expect, it } from '@jest/globals';
import type { Holding } from '../../../src/modules/extraction/types.js';
import { answerFromPortfolio, NOT_READ } from '../../../src/modules/zen/answering/local-answers.js';
import { PortfolioView, type SourceDocument } from '../../../src/modules/zen/answering/portfolio-view.js';
import type { QuestionKind } from '../../../src/modules/zen/answering/question-kinds.js';
import { storedResult } from '../../support/extraction-result.js';
import { makeHolding } from '../../support/holding.js';

const known = (scheme_name: string, isin: string, market_value: number, asset_class: Holding['asset_class'] = 'Equity'): Holding =>
  makeHolding({ scheme_name, isin, units: market_value / 10, nav: 10, market_value, cost_value: market_value - 100, asset_class, folio: '1234567/89' });

/** A holding none of whose three figures was read: the parsers leave them null. */
const GILT = makeHolding({ scheme_name: 'SBI Magnum Gilt Fund Direct Growth', isin: 'INF200K01UD4', asset_class: 'Debt', cost_value: 5000, folio: '7654321/00' });
const BLUECHIP = known('Axis Bluechip Fund Direct Growth', 'INF846K01DP8', 3000);
const LIQUID = known('HDFC Liquid Fund Direct Growth', 'INF179K01VX8', 1000, 'Debt');

const view = (holdings: Holding[]) =>
  new PortfolioView([
    {
      doc_id: 'doc-1',
      file_name: 'CAS.pdf',
      result: storedResult({ period: { from: '2025-04-01', to: '2025-09-30' }, entities: [{ entity_name: 'Meera Nair', pan: 'ORYPN9071B', holdings, stated_total: null }] }),
    } satisfies SourceDocument,
  ]);

const answer = (kind: QuestionKind, query: string, holdings: Holding[]) => answerFromPortfolio(kind, query, view(holdings))!.text;

/** A zero (or any number) standing in for the unknown holding's value. */
const ZERO_VALUE = /(?:INR|₹|Rs\.?)\s*0(?:\.0+)?\b|\b0\.000 units\b|NAV of 0\b/;

describe('Zen answers about a holding whose units, NAV or market value are unknown', () => {
  const mixed = [GILT, BLUECHIP, LIQUID];

  it.each<{ kind: QuestionKind; query: string }>([
    { kind: 'total_value', query: 'What is my portfolio worth?' },
    { kind: 'allocation', query: 'What is my asset allocation?' },
    { kind: 'concentration', query: 'How concentrated is my portfolio?' },
    { kind: 'largest_holdings', query: 'What are my top 3 holdings?' },
    { kind: 'scheme_detail', query: 'How many units of SBI Magnum Gilt do I hold?' },
    { kind: 'gains', query: 'What is my gain?' },
  ])('$kind: never a zero or another number for the unknown value', ({ kind, query }) => {
    const text = answer(kind, query, mixed);
    expect(text).not.toMatch(ZERO_VALUE);
    expect(text).toContain(NOT_READ);
  });

  it('total: the known values, with how many holdings the total leaves out, named', () => {
    expect(answer('total_value', 'What is my portfolio worth?', mixed)).toBe(
      'The 2 holding(s) whose value is known are worth INR 4,000.00 as of 2025-09-30, of 3 holding(s) in 1 statement(s). ' +
        `The total leaves out 1 holding(s) whose value was ${NOT_READ}: SBI Magnum Gilt Fund Direct Growth.`,
    );
  });

  it('largest holdings: sorted by value with the unknown one last, said as such', () => {
    expect(answer('largest_holdings', 'What are my top 3 holdings?', mixed)).toBe(
      'The 3 largest holding(s) as of 2025-09-30:\n' +
        '1. Axis Bluechip Fund Direct Growth (INF846K01DP8): INR 3,000.00\n' +
        '2. HDFC Liquid Fund Direct Growth (INF179K01VX8): INR 1,000.00\n' +
        `3. SBI Magnum Gilt Fund Direct Growth (INF200K01UD4): value ${NOT_READ}`,
    );
    expect(answer('largest_holdings', 'What are my top 1 holdings?', [GILT, LIQUID])).toBe('The 1 largest holding(s) as of 2025-09-30:\n1. HDFC Liquid Fund Direct Growth (INF179K01VX8): INR 1,000.00');
  });

  it('holding detail: each unknown figure is said in words', () => {
    expect(answer('scheme_detail', 'How many units of SBI Magnum Gilt do I hold?', mixed)).toBe(
      `SBI Magnum Gilt Fund Direct Growth (INF200K01UD4, folio 7654321/00): units ${NOT_READ}; NAV ${NOT_READ}; value ${NOT_READ}.`,
    );
  });

  it.each<{ name: string; figures: Partial<Holding>; expected: string }>([
    { name: 'only the value', figures: { units: 12.5, nav: 60.1234, market_value: null }, expected: `12.500 units at a NAV of 60.1234, value ${NOT_READ}` },
    { name: 'only the units', figures: { units: null, nav: 60.1234, market_value: 751.54 }, expected: `units ${NOT_READ}; a NAV of 60.1234; worth INR 751.54` },
    { name: 'only the NAV', figures: { units: 12.5, nav: null, market_value: 751.54 }, expected: `12.500 units; NAV ${NOT_READ}; worth INR 751.54` },
  ])('holding detail: $name unknown', ({ figures, expected }) => {
    expect(answer('scheme_detail', 'INF200K01UD4', [{ ...GILT, ...figures }])).toBe(`SBI Magnum Gilt Fund Direct Growth (INF200K01UD4, folio 7654321/00): ${expected}.`);
  });

  it('allocation and concentration: over the known value, saying what is left out', () => {
    const allocation = answer('allocation', 'What is my asset allocation?', mixed);
    expect(allocation).toMatch(/^Asset allocation by market value of the holdings whose value is known as of 2025-09-30: equity 75\.00%, debt 25\.00%/);
    expect(allocation).toContain('(total INR 4,000.00). The total leaves out 1 holding(s)');
    expect(answer('concentration', 'How concentrated is my portfolio?', mixed)).toContain('The largest single holding, Axis Bluechip Fund Direct Growth, is 75.00% of the known value.');
  });

  it('gains: not computed while a value is unknown (its cost alone would understate the gain)', () => {
    expect(answer('gains', 'What is my gain?', mixed)).toMatch(/^The gain cannot be computed: the value of 1 holding\(s\) was not read from the statement\. The holdings whose value is known are worth INR 4,000\.00/);
    expect(answer('gains', 'What is my gain?', [BLUECHIP, LIQUID])).toMatch(/^Cost INR 3,800\.00, current value INR 4,000\.00 as of 2025-09-30: a gain of INR 200\.00/);
  });

  it.each<{ kind: QuestionKind; query: string }>([
    { kind: 'total_value', query: 'What is my portfolio worth?' },
    { kind: 'allocation', query: 'What is my asset allocation?' },
    { kind: 'concentration', query: 'How concentrated is my portfolio?' },
    { kind: 'gains', query: 'What is my gain?' },
  ])('$kind with no value known: no total at all, the holdings named', ({ kind, query }) => {
    expect(answer(kind, query, [GILT])).toBe(
      "No holding's value was read from the statement as of 2025-09-30 (1 holding(s): SBI Magnum Gilt Fund Direct Growth), so the portfolio has no known total, allocation or gain.",
    );
  });

  it('every value known: the answers do not mention unknown values', () => {
    expect(answer('total_value', 'What is my portfolio worth?', [BLUECHIP, LIQUID])).toBe('The portfolio is worth INR 4,000.00 as of 2025-09-30, across 2 holding(s) in 1 statement(s).');
  });
});

describe('PortfolioView.byValue', () => {
  it('largest first, unknown values last in statement order', () => {
    const other = { ...GILT, isin: 'INF200K01XX1' };
    expect(view([GILT, LIQUID, other, BLUECHIP]).byValue().map((r) => r.holding.isin)).toEqual([BLUECHIP.isin, LIQUID.isin, GILT.isin, other.isin]);
    expect(view([GILT, LIQUID, other, BLUECHIP]).unvalued.map((r) => r.holding.isin)).toEqual([GILT.isin, other.isin]);
  });
});
