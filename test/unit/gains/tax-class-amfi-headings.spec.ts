import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemeTaxClass } from '../../../src/modules/gains/rules/index.js';
import type { SchemeTaxClass } from '../../../src/modules/gains/rules/index.js';

// Every category heading in the AMFI NAV files under test/fixtures/amfi (2018 and 2026 formats), with
// the class the default table gives it when the extraction has no asset class.
const EXPECTED: Record<string, Pick<SchemeTaxClass, 'untilFy2025' | 'fromFy2026' | 'listed' | 'defaulted'>> = {
  'Balanced': { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: false, defaulted: true },
  'Debt Scheme - Banking and PSU Fund': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'specified_mutual_fund', listed: false, defaulted: false },
  'Debt Scheme - Short Duration Fund': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'specified_mutual_fund', listed: false, defaulted: false },
  'ELSS': { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: false, defaulted: false },
  'Equity Scheme - Contra Fund': { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: false, defaulted: false },
  'Equity Scheme - Flexi Cap Fund': { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: false, defaulted: false },
  'Equity Scheme - Mid Cap Fund': { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: false, defaulted: false },
  'Floating Rate': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'specified_mutual_fund', listed: false, defaulted: false },
  'Fund of Funds - Domestic': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'other', listed: false, defaulted: true },
  'Fund of Funds - Overseas': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'other', listed: false, defaulted: false },
  'GOLD ETFs': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'other', listed: true, defaulted: false },
  'Gilt': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'specified_mutual_fund', listed: false, defaulted: false },
  'Growth': { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: false, defaulted: false },
  'Hybrid Scheme - Aggressive Hybrid Fund': { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: false, defaulted: false },
  'Income': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'specified_mutual_fund', listed: false, defaulted: false },
  'Liquid': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'specified_mutual_fund', listed: false, defaulted: false },
  'Money Market': { untilFy2025: 'specified_mutual_fund', fromFy2026: 'specified_mutual_fund', listed: false, defaulted: false },
  'Other ETFs': { untilFy2025: 'other', fromFy2026: 'other', listed: true, defaulted: true },
  'Other Scheme - Index Funds': { untilFy2025: 'other', fromFy2026: 'other', listed: false, defaulted: true },
};

function headingsOfFixtures(): string[] {
  const dir = new URL('../../fixtures/amfi/', import.meta.url).pathname;
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/^[^;\n]*Schemes\s*\(([^()]*)\)\s*$/gm)) found.add(m[1]!.trim());
  }
  return [...found].sort();
}

describe('schemeTaxClass over the AMFI NAV files\' category headings', () => {
  const headings = headingsOfFixtures();

  it('finds the headings of both AMFI formats in the fixtures', () => {
    expect(headings).toEqual(expect.arrayContaining(['Growth', 'Equity Scheme - Mid Cap Fund']));
  });

  it.each(headings)('"%s" has an entry in the expected table', (heading) => {
    expect(EXPECTED[heading]).toBeDefined();
  });

  it.each(Object.entries(EXPECTED))('"Open Ended Schemes(%s)"', (heading, expected) => {
    expect(schemeTaxClass({ category: `Open Ended Schemes(${heading})`, assetClass: null, isin: null, schemeName: 'A Fund' })).toMatchObject(expected);
  });
});
