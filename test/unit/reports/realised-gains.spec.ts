import { describe, expect, it } from '@jest/globals';
import { householdRealisedGains, realisedGains, type GainsAnswer } from '../../../src/modules/reports/document/realised-gains.js';

const total = (gain: number | null, lots = 1, unknown = gain === null ? 1 : 0) => ({ gain, known_gain: gain ?? 0, lots, unknown_lots: unknown });
const taxClass = (defaulted: boolean) => ({ untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: false, basis: defaulted ? 'default' : 'category', defaulted }) as const;
const answer = (classes: Array<[number | null, number | null]>): GainsAnswer => ({
  fy: '2024-25',
  realised: { by_tax_class: classes.map(([s, l], i) => ({ tax_class: (['equity_oriented', 'other'] as const)[i], short_term: total(s), long_term: total(l) })) },
  holdings: [
    { scheme_name: 'Index Fund', folio: '12/3', tax_class: taxClass(true) },
    { scheme_name: 'Flexi Cap Fund', folio: '45', tax_class: taxClass(false) },
  ],
});

describe('realised gains of the period for the report', () => {
  it.each([
    ['sums short- and long-term over the tax classes, to the paisa', [[100.1, 200.2], [0.2, -50.05]] as Array<[number | null, number | null]>, { short_term: 100.3, long_term: 150.15, total: 250.45 }],
    ['a class with an unknown short-term gain makes the short-term and the total unknown, never a partial sum', [[null, 10], [5, 5]] as Array<[number | null, number | null]>, { short_term: null, long_term: 15, total: null }],
    ['no sales: zero, which is known', [] as Array<[number | null, number | null]>, { short_term: 0, long_term: 0, total: 0 }],
  ])('%s', (_, classes, expected) => {
    expect(realisedGains(answer(classes))).toMatchObject(expected);
  });

  it('counts the lots and the unknown ones, and names the schemes whose tax class was defaulted', () => {
    expect(realisedGains(answer([[null, 10]]))).toMatchObject({ lots: 2, unknown_lots: 1, defaulted_tax_class: ['Index Fund (folio 12/3)'] });
  });
});

describe('a household’s realised gains for the report', () => {
  const member = (client_id: string, name: string, classes: Array<[number | null, number | null]>) => ({ ...answer(classes), client_id, name });
  it('each member’s own gains, and the household’s from the gains API’s totals; defaulted schemes named with their member', () => {
    const priya = member('cli_p', 'Priya', [[100.1, 200.2]]);
    const rahul = member('cli_r', 'Rahul', [[null, 5]]);
    const totals = { realised: { by_tax_class: [{ tax_class: 'equity_oriented' as const, short_term: total(null, 2, 1), long_term: total(205.2, 2, 0) }] } };
    const { household, members } = householdRealisedGains({ fy: '2024-25', members: [priya, rahul], totals });
    expect(members.get('cli_p')).toMatchObject({ short_term: 100.1, long_term: 200.2, total: 300.3 });
    expect(members.get('cli_r')).toMatchObject({ short_term: null, long_term: 5, total: null });
    expect(household).toMatchObject({ fy: '2024-25', short_term: null, long_term: 205.2, total: null, lots: 4, unknown_lots: 1 });
    expect(household.defaulted_tax_class).toEqual(['Priya: Index Fund (folio 12/3)', 'Rahul: Index Fund (folio 12/3)']);
  });
});

it('a member without a name is named as such in the defaulted-scheme notes, never by its internal client id', () => {
  const nameless = { ...answer([[1, 1]]), client_id: 'cli_0a1b2c3d4e5f60718293a4b5', name: null };
  const totals = { realised: { by_tax_class: [] } };
  const { household } = householdRealisedGains({ fy: '2024-25', members: [nameless], totals });
  expect(household.defaulted_tax_class).toEqual(['A member without a name: Index Fund (folio 12/3)']);
  expect(household.defaulted_tax_class.join()).not.toContain('cli_');
});
