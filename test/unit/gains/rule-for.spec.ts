import { ruleFor } from '../../../src/modules/gains/rules/index.js';
import type { RuleQuery, RuleResult } from '../../../src/modules/gains/rules/index.js';

type Case = [name: string, query: RuleQuery, expected: Partial<RuleResult> | null];

const eq = (acquired: string, transferred: string): RuleQuery => ({ taxClass: 'equity_oriented', listed: false, acquired, transferred });
const smf = (acquired: string, transferred: string): RuleQuery => ({ taxClass: 'specified_mutual_fund', listed: false, acquired, transferred });
const other = (acquired: string, transferred: string, listed = false): RuleQuery => ({ taxClass: 'other', listed, acquired, transferred });

describe('ruleFor: equity-oriented units (ss.111A, 112A; 2025 Act ss.196, 198)', () => {
  const cases: Case[] = [
    ['s.111A at 15 % for a short-term transfer on 22 July 2024', eq('2024-01-10', '2024-07-22'), { rule: 'EQ_STCG_15', term: 'short', rate: 0.15, section: '111A', act: '1961' }],
    ['s.111A at 20 % for a short-term transfer on 23 July 2024', eq('2024-01-10', '2024-07-23'), { rule: 'EQ_STCG_20', term: 'short', rate: 0.2, section: '111A' }],
    ['s.112A at 10 % for a long-term transfer on 22 July 2024', eq('2022-01-10', '2024-07-22'), { rule: 'EQ_LTCG_10', term: 'long', rate: 0.1, section: '112A' }],
    ['s.112A at 12.5 % for a long-term transfer on 23 July 2024', eq('2022-01-10', '2024-07-23'), { rule: 'EQ_LTCG_12_5', term: 'long', rate: 0.125, section: '112A' }],
    ['held exactly 12 months (22 July 2023 to 22 July 2024): short-term', eq('2023-07-22', '2024-07-22'), { term: 'short', rate: 0.15, holdingMonths: 12 }],
    ['held 12 months and one day (22 July 2023 to 23 July 2024): long-term at 12.5 %', eq('2023-07-22', '2024-07-23'), { term: 'long', rate: 0.125 }],
    ['a lot straddling 23 July 2024 bought 1 June 2023 and sold 1 August 2024: long-term at 12.5 %', eq('2023-06-01', '2024-08-01'), { term: 'long', rate: 0.125 }],
    ['FY 2023-24 long-term transfer: ₹1 lakh exemption', eq('2020-01-01', '2024-03-31'), { annualExemption: 100_000, financialYear: '2023-24' }],
    ['FY 2024-25 transfer on 1 April 2024 at 10 %: the year\'s ₹1.25 lakh exemption', eq('2020-01-01', '2024-04-01'), { rate: 0.1, annualExemption: 125_000, financialYear: '2024-25' }],
    ['FY 2024-25 transfer on 22 July 2024 at 10 %: ₹1.25 lakh across both rates', eq('2020-01-01', '2024-07-22'), { rate: 0.1, annualExemption: 125_000 }],
    ['short-term gains carry no 112A exemption', eq('2024-01-10', '2024-07-23'), { annualExemption: null }],
    ['transfer on 31 March 2026: Income-tax Act, 1961 s.112A', eq('2020-01-01', '2026-03-31'), { act: '1961', section: '112A', section2025: '198' }],
    ['transfer on 1 April 2026: Income-tax Act, 2025 s.198', eq('2020-01-01', '2026-04-01'), { act: '2025', section: '198', rate: 0.125, financialYear: '2026-27' }],
    ['short-term transfer on 1 April 2026: 2025 Act s.196 at 20 %', eq('2026-01-01', '2026-04-01'), { act: '2025', section: '196', rate: 0.2 }],
    ['acquired 31 January 2018, long-term: grandfathered (s.55(2)(ac))', eq('2018-01-31', '2019-06-01'), { grandfathered: true, rule: 'EQ_LTCG_10' }],
    ['acquired 1 February 2018, long-term: not grandfathered', eq('2018-02-01', '2019-06-01'), { grandfathered: false }],
    ['acquired before 2018 and transferred in 2025: grandfathered at 12.5 %', eq('2015-05-05', '2025-05-05'), { grandfathered: true, rate: 0.125 }],
    ['transfer before 1 April 2018: outside the table', eq('2016-01-01', '2018-03-31'), null],
  ];
  it.each(cases)('%s', (_name, query, expected) => {
    const result = ruleFor(query);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toMatchObject(expected);
  });
});

describe('ruleFor: specified mutual funds (s.50AA; 2025 Act s.76)', () => {
  const cases: Case[] = [
    ['acquired 1 April 2023, held four years: short-term at slab', smf('2023-04-01', '2027-04-02'), { rule: 'SMF_DEEMED_SHORT', term: 'short', rate: null, slab: true, section: '76', act: '2025' }],
    ['acquired 1 April 2023, sold 1 April 2025: s.50AA under the 1961 Act', smf('2023-04-01', '2025-04-01'), { rule: 'SMF_DEEMED_SHORT', section: '50AA', section1961: '50AA' }],
    ['acquired 31 March 2023, sold 1 April 2026 (held 36 months and one day): long-term at 12.5 %, no indexation', smf('2023-03-31', '2026-04-01'), { rule: 'OTHER_LTCG_UNLISTED_12_5', taxClass: 'other', term: 'long', rate: 0.125, indexation: false, section: '197' }],
    ['acquired 31 March 2023, sold 31 March 2025 (exactly 24 months): short-term at slab', smf('2023-03-31', '2025-03-31'), { rule: 'OTHER_STCG_UNLISTED_24M', term: 'short', slab: true }],
    ['acquired 31 March 2023, sold 1 April 2025 (24 months and one day): long-term', smf('2023-03-31', '2025-04-01'), { rule: 'OTHER_LTCG_UNLISTED_12_5', term: 'long' }],
  ];
  it.each(cases)('%s', (_name, query, expected) => {
    expect(ruleFor(query)).toMatchObject(expected!);
  });
});

describe('ruleFor: other units (ss.2(42A), 48, 112; 2025 Act ss.2(101), 197)', () => {
  const cases: Case[] = [
    ['held exactly 36 months, sold 22 July 2024: short-term at slab', other('2021-07-22', '2024-07-22'), { rule: 'OTHER_STCG_36M', term: 'short', slab: true, rate: null }],
    ['held 36 months and one day, sold 22 July 2024: 20 % with indexation (s.112)', other('2021-07-21', '2024-07-22'), { rule: 'OTHER_LTCG_20_INDEXED', term: 'long', rate: 0.2, indexation: true, section: '112' }],
    ['a listed ETF held 30 months, sold 22 July 2024: still short-term (36 months then)', other('2022-01-10', '2024-07-22', true), { term: 'short' }],
    ['unlisted, held exactly 24 months, sold 23 July 2024: short-term', other('2022-07-23', '2024-07-23'), { rule: 'OTHER_STCG_UNLISTED_24M', term: 'short' }],
    ['unlisted, held 24 months and one day, sold 23 July 2024: 12.5 % without indexation', other('2022-07-22', '2024-07-23'), { rule: 'OTHER_LTCG_UNLISTED_12_5', rate: 0.125, indexation: false }],
    ['listed ETF held exactly 12 months, sold 23 July 2024: short-term', other('2023-07-23', '2024-07-23', true), { rule: 'OTHER_STCG_LISTED_12M', term: 'short' }],
    ['listed ETF held 13 months: long-term at 12.5 %', other('2024-01-15', '2025-02-15', true), { rule: 'OTHER_LTCG_LISTED_12_5', term: 'long', rate: 0.125 }],
    ['unlisted held 13 months after 23 July 2024: short-term', other('2024-01-15', '2025-02-15'), { term: 'short', holdingMonths: 24 }],
    ['listed ETF sold 1 April 2026: 2025 Act s.197', other('2024-01-15', '2026-04-01', true), { act: '2025', section: '197' }],
    ['short-term sold 1 April 2026: 2025 Act s.2(101)', other('2026-01-01', '2026-04-01', true), { act: '2025', section: '2(101)' }],
  ];
  it.each(cases)('%s', (_name, query, expected) => {
    expect(ruleFor(query)).toMatchObject(expected!);
  });
});

describe('ruleFor: bad dates', () => {
  it('rejects a transfer before the acquisition', () => {
    expect(() => ruleFor(eq('2024-02-01', '2024-01-01'))).toThrow(RangeError);
  });
  it('rejects a date that is not on the calendar', () => {
    expect(() => ruleFor(eq('2024-02-30', '2025-01-01'))).toThrow(RangeError);
  });
  it('counts months to the end of a shorter month: 29 February 2024 + 12 months is 28 February 2025', () => {
    expect(ruleFor(eq('2024-02-29', '2025-02-28'))).toMatchObject({ term: 'short' });
    expect(ruleFor(eq('2024-02-29', '2025-03-01'))).toMatchObject({ term: 'long' });
  });
});
