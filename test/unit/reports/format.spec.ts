import { describe, expect, it } from '@jest/globals';
import { amount, date, maskPan, nav, percent, rupees, units } from '../../../src/modules/reports/document/format.js';

describe('client report figures', () => {
  it.each([
    ['rupees, Indian grouping', rupees(4520311.4), '₹ 45,20,311.40'],
    ['a loss', rupees(-1200), '-₹ 1,200.00'],
    ['an amount cell', amount(2794313.82), '27,94,313.82'],
    ['units keep the API decimals', units(1523.417), '1,523.417'],
    ['units to four places', units(10.1234), '10.1234'],
    ['a NAV', nav(1834.2151), '1,834.2151'],
    ['a percentage', percent(14.27), '14.27 %'],
    ['a date', date('2025-03-31'), '31 Mar 2025'],
    ['a PAN, masked', maskPan('ABCPS1234K'), 'XXXXXX234K'],
  ])('%s', (_, printed, expected) => {
    expect(printed).toBe(expected);
  });

  it.each([
    ['rupees', rupees(null)],
    ['amount', amount(null)],
    ['units', units(null)],
    ['nav', nav(null)],
    ['percent', percent(null)],
    ['date', date(null)],
    ['PAN', maskPan(null)],
  ])('an unknown %s prints as a dash, never 0', (_, printed) => {
    expect(printed).toBe('—');
  });
});
