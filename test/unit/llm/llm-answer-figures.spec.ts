import { describe, expect, it } from '@jest/globals';
import { readModelAnswer } from '../../../src/modules/extraction/llm-answer.js';
import type { TextLine } from '../../../src/modules/extraction/types.js';

/**
 * A holding may now carry null units, NAV or market value (not read), but a row the language model
 * answers is believed only with all three printed numbers: a null, a missing figure or a 0 standing
 * in for one is dropped, never kept as a holding without figures.
 */
const line = (text: string): TextLine => ({ page: 1, y: 0, text, cells: text.split(' | ').map((t, i) => ({ x: i * 100, text: t })) });
const LINES = [line('Investor: Priya Sharma | PAN: ABCPS1234K'), line('Axis Bluechip Fund - Direct Growth | INF846K01DP8 | 91234567/12 | 1,523.417 | 58.3120 | 88,833.49')];
const ROW = { scheme_name: 'Axis Bluechip Fund - Direct Growth', isin: 'INF846K01DP8', folio: '91234567/12', account_id: null, units: 1523.417, nav: 58.312, market_value: 88833.49, asset_class: null };

const read = (row: Record<string, unknown>) => readModelAnswer(JSON.stringify({ period: { from: null, to: null }, stated_total: null, investors: [{ name: 'Priya Sharma', pan: 'ABCPS1234K', holdings: [row] }] }), LINES);

describe('readModelAnswer: a model row needs all three figures', () => {
  it('keeps a row with units, NAV and market value, all printed', () => {
    const reading = read(ROW);
    expect(reading.outcome).toBe('extracted');
    const [h] = reading.entities[0].holdings;
    expect([h.units, h.nav, h.market_value]).toEqual([1523.417, 58.312, 88833.49]);
  });

  it.each([
    { name: 'null units', change: { units: null }, reason: /^units must be a number/ },
    { name: 'null NAV', change: { nav: null }, reason: /^nav must be a number/ },
    { name: 'a null market value', change: { market_value: null }, reason: /^market_value must be a number/ },
    { name: 'no units at all', change: { units: undefined }, reason: /^units must be a number/ },
    { name: '0 for units not printed', change: { units: 0 }, reason: /units 0 are not printed/ },
    { name: '0 for a market value not printed', change: { market_value: 0 }, reason: /market value 0 is not printed/ },
  ])('drops a row with $name, with its reason', ({ change, reason }) => {
    const reading = read({ ...ROW, ...change });
    expect(reading.outcome).toBe('failed');
    expect(reading.entities).toEqual([]);
    expect(reading.rejected).toEqual([{ scheme_name: ROW.scheme_name, isin: ROW.isin, reason: expect.stringMatching(reason) }]);
  });
});
