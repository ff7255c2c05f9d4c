import { grandfatheredCost, indexedCost } from '../../../src/modules/gains/rules/index.js';

describe('grandfatheredCost (s.55(2)(ac)): higher of actual cost and lower of FMV on 31 Jan 2018 and sale value', () => {
  it.each([
    ['FMV below the sale value and above the cost: the FMV', { actualCost: 10_000, fmvOn31Jan2018: 12_000, saleValue: 15_000 }, 12_000],
    ['FMV above the sale value, sale above cost: the sale value (no loss made up)', { actualCost: 10_000, fmvOn31Jan2018: 16_000, saleValue: 15_000 }, 15_000],
    ['FMV and sale below the actual cost: the actual cost', { actualCost: 10_000, fmvOn31Jan2018: 9_000, saleValue: 8_000 }, 10_000],
    ['FMV below the actual cost, sale above: the actual cost', { actualCost: 10_000, fmvOn31Jan2018: 9_000, saleValue: 15_000 }, 10_000],
  ])('%s', (_name, lot, cost) => {
    expect(grandfatheredCost(lot)).toBe(cost);
  });

  it('an unknown FMV gives null, never a guessed cost', () => {
    expect(grandfatheredCost({ actualCost: 10_000, fmvOn31Jan2018: null, saleValue: 15_000 })).toBeNull();
  });
});

describe('indexedCost (second proviso to s.48, CBDT CII)', () => {
  it('bought in FY 2018-19 (280), sold in FY 2023-24 (348): cost × 348 / 280', () => {
    expect(indexedCost(100_000, '2018-06-01', '2024-03-31')).toBeCloseTo((100_000 * 348) / 280, 6);
  });
  it('bought on 31 March 2020 (FY 2019-20, 289) and sold on 22 July 2024 (FY 2024-25, 363)', () => {
    expect(indexedCost(50_000, '2020-03-31', '2024-07-22')).toBeCloseTo((50_000 * 363) / 289, 6);
  });
  it('a year without a notified index (FY 2026-27) gives null', () => {
    expect(indexedCost(50_000, '2020-03-31', '2026-04-01')).toBeNull();
  });
  it('acquired before 1 April 2001 gives null (the FMV on that day is not known here)', () => {
    expect(indexedCost(50_000, '2001-03-31', '2020-04-01')).toBeNull();
  });
});
