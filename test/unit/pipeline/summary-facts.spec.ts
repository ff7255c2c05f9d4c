import { describe, expect, it } from '@jest/globals';
import { calculatePortfolio } from '../../../src/modules/extraction/calculator.js';
import type { Classification, ExtractionDraft, Holding } from '../../../src/modules/extraction/types.js';
import type { CalculationOutput } from '../../../src/modules/nexus/pipeline/stages/calculation.stage.js';
import { portfolioFacts } from '../../../src/modules/nexus/pipeline/stages/summary.stage.js';
import { makeHolding } from '../../support/holding.js';

const classification: Classification = { code: 'CAMS_DETAILED_CAS', confidence: 95, holdings_statement: true };

const valued = (scheme_name: string, market_value: number): Holding => makeHolding({ scheme_name, units: market_value / 10, nav: 10, market_value, asset_class: 'Equity' });
const unread = (scheme_name: string, figures: Partial<Holding> = {}): Holding => makeHolding({ scheme_name, asset_class: 'Debt', ...figures });

/** The facts as the stage builds them: the calculation stage's own figures over the draft. */
function facts(holdings: Holding[]): string {
  const draft: ExtractionDraft = {
    classification: 'CAMS_DETAILED_CAS',
    period: { from: '2025-04-01', to: '2025-09-30' },
    entities: [{ entity_name: 'Meera Nair', pan: 'ORYPN9071B', holdings, stated_total: null }],
    stated_total: null,
    currency: 'INR',
  };
  const calc: CalculationOutput = { overall: calculatePortfolio(draft.entities), entities: draft.entities.map((e) => calculatePortfolio([e])) };
  return portfolioFacts(classification, draft, calc);
}

describe('portfolioFacts with holdings whose market value is unknown', () => {
  it('every value known: one total, no mention of unknown values', () => {
    const text = facts([valued('Axis Bluechip Fund', 3000), valued('HDFC Liquid Fund', 1000)]);
    expect(text).toMatch(/^1 investor\(s\) hold 2 holding\(s\) worth INR 4,000\.00 as of 2025-09-30\./);
    expect(text).not.toMatch(/unknown|leaves out/);
  });

  it('the total counts the known values and says how many holdings it leaves out', () => {
    const text = facts([valued('Axis Bluechip Fund', 3000), unread('SBI Magnum Gilt Fund'), valued('HDFC Liquid Fund', 1000)]);
    expect(text).toContain('1 investor(s) hold 3 holding(s); the 2 whose value is known are worth INR 4,000.00 as of 2025-09-30.');
    expect(text).toContain('This total leaves out 1 holding(s) whose value is unknown.');
    expect(text).toContain('Allocation of the known value: equity 100.00%');
  });

  it('names the holding without a value as such, and never with a zero figure', () => {
    const text = facts([valued('Axis Bluechip Fund', 3000), unread('SBI Magnum Gilt Fund', { units: 12.5, nav: 60 })]);
    expect(text).toContain('Value unknown (not read from the statement): SBI Magnum Gilt Fund.');
    expect(text).toContain('Largest: Axis Bluechip Fund (INR 3,000.00).');
    expect(text).not.toMatch(/SBI Magnum Gilt Fund \(INR/);
    expect(text).not.toMatch(/INR 0\.00/);
  });

  it('no value known: no total, allocation or largest holding, each holding named', () => {
    const text = facts([unread('SBI Magnum Gilt Fund'), unread('ICICI Prudential Gilt Fund')]);
    expect(text).toBe(
      '1 investor(s) hold 2 holding(s) as of 2025-09-30; the value of none of them is known (not read from the statement), so there is no total, allocation or gain. ' +
        'Value unknown (not read from the statement): SBI Magnum Gilt Fund; ICICI Prudential Gilt Fund.',
    );
  });

  it('names at most five holdings without a value, then how many more', () => {
    const text = facts([valued('Axis Bluechip Fund', 3000), ...Array.from({ length: 7 }, (_, i) => unread(`Fund ${i + 1}`))]);
    expect(text).toContain('This total leaves out 7 holding(s) whose value is unknown.');
    expect(text).toContain('Value unknown (not read from the statement): Fund 1; Fund 2; Fund 3; Fund 4; Fund 5 and 2 more.');
    expect(text).not.toContain('Fund 6');
  });
});

describe('portfolioFacts for a document without holdings', () => {
  const empty = (code: ExtractionDraft['classification']): ExtractionDraft => ({ classification: code, period: { from: null, to: null }, entities: [], stated_total: null, currency: 'INR' });
  const facts = (c: Classification) => portfolioFacts(c, empty(c.code), { overall: calculatePortfolio([]), entities: [] });

  it('a statement of a known family whose tables could not be read says which family it is, never "not a statement of holdings"', () => {
    const text = facts({ code: 'KFINTECH_SUMMARY_CAS', confidence: 90, holdings_statement: true });
    expect(text).toBe(
      'This document is a KFintech summary Consolidated Account Statement (KFINTECH_SUMMARY_CAS), but its holdings tables could not be read; no holdings were extracted, which does not mean it holds none.',
    );
  });

  it.each([
    { code: 'DEPOSIT_CERTIFICATE', what: 'a fixed-deposit receipt or certificate' },
    { code: 'TAX_CERTIFICATE', what: 'a tax certificate (TDS or interest certificate)' },
    { code: 'BANK_STATEMENT', what: 'a bank account statement' },
  ] as const)('$code: says what the document is, and that it is not a statement of holdings', ({ code, what }) => {
    expect(facts({ code, confidence: 90, holdings_statement: false })).toBe(`This document is ${what} (${code}), not a statement of holdings; no holdings were extracted.`);
  });

  it('an unknown layout is not called a statement of holdings nor said to be none', () => {
    expect(facts({ code: 'UNKNOWN', confidence: 20, holdings_statement: false })).toBe('This document (UNKNOWN) was not recognised as a statement of holdings; no holdings were extracted.');
  });
});
