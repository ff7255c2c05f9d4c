import { beforeAll, describe, expect, it } from '@jest/globals';
import { validateExtraction, valueTolerance } from '../../../src/modules/extraction/validator.js';
import type { ExtractionDraft } from '../../../src/modules/extraction/types.js';
import { ALL_QUIRKS } from '../../fixtures/generator/index.js';
import { runChain } from './harness.js';

let detailed: ExtractionDraft;
let demat: ExtractionDraft;
const clone = (d: ExtractionDraft): ExtractionDraft => JSON.parse(JSON.stringify(d)) as ExtractionDraft;

beforeAll(async () => {
  detailed = runChain('cams_detailed', { seed: 8, quirks: ALL_QUIRKS, investors: 2 }).draft;
  demat = runChain('cdsl_cas', { seed: 8, investors: 2 }).draft;
});

describe('validateExtraction', () => {
  it('passes a clean statement with a score from its checks', () => {
    const v = validateExtraction(detailed);
    expect(v.flags).toEqual([]);
    expect(v.checks_run).toBeGreaterThan(20);
    expect(v.confidence_score).toBeCloseTo(100 * (0.5 + 0.5 * (detailed.classification_confidence ?? 100) / 100), 1);
    expect(validateExtraction(demat).flags).toEqual([]);
  });

  it('flags a market value that units × NAV does not give, and the totals it breaks', () => {
    const d = clone(detailed);
    const h = d.entities[0].holdings[0];
    h.market_value = Math.round((h.market_value! + 5) * 100) / 100;
    const v = validateExtraction(d);
    // the statement's total and the total its portfolio summary prints for the holding's AMC
    expect(v.flags.map((f) => f.code).sort()).toEqual(['TOTAL_MISMATCH', 'TOTAL_MISMATCH', 'UNITS_NAV_MISMATCH']);
    expect(v.flags.filter((f) => f.code === 'TOTAL_MISMATCH').map((f) => f.message).join(' ')).toContain(h.amc!);
    expect(v.flags.find((f) => f.code === 'UNITS_NAV_MISMATCH')).toMatchObject({ isin: h.isin, entity: d.entities[0].entity_name, page: h.page });
    expect(v.confidence_score).toBeLessThan(validateExtraction(detailed).confidence_score);
    expect(h.market_value).toBe(Math.round((detailed.entities[0].holdings[0].market_value! + 5) * 100) / 100); // not corrected
  });

  it('reconciles every AMC of the portfolio summary and every demat account with its holdings', () => {
    expect(detailed.stated_group_totals?.filter((g) => g.kind === 'amc').length).toBeGreaterThan(1);
    expect(demat.stated_group_totals?.filter((g) => g.kind === 'account').length).toBeGreaterThan(1);
    // A whole AMC section lost (its holdings gone, the grand total taken away too) is still caught.
    const d = clone(detailed);
    const lost = d.stated_group_totals![0].name;
    for (const e of d.entities) e.holdings = e.holdings.filter((h) => h.amc !== lost);
    d.stated_total = null;
    for (const e of d.entities) e.stated_total = null;
    expect(validateExtraction(d).flags).toEqual([expect.objectContaining({ code: 'TOTAL_MISMATCH', message: expect.stringContaining(`${lost} add up to 0.00 (0 read)`) })]);
    // A demat account's holding lost.
    const m = clone(demat);
    const account = m.stated_group_totals![1].name;
    const owner = m.entities.find((e) => e.holdings.some((h) => h.account_id === account))!;
    owner.holdings.splice(owner.holdings.findIndex((h) => h.account_id === account), 1);
    expect(validateExtraction(m).flags.map((f) => f.message).join(' ')).toContain(`demat account ${account}`);
  });

  it('flags an ISIN with a wrong check digit', () => {
    const d = clone(detailed);
    const h = d.entities[0].holdings[1];
    h.isin = h.isin.slice(0, 11) + String((Number(h.isin[11]) + 1) % 10);
    const v = validateExtraction(d);
    expect(v.flags).toEqual([expect.objectContaining({ code: 'ISIN_CHECK_DIGIT', isin: h.isin })]);
  });

  it('flags a malformed PAN', () => {
    const d = clone(demat);
    d.entities[1].pan = 'ABCXE1234F';
    expect(validateExtraction(d).flags).toEqual([expect.objectContaining({ code: 'PAN_FORMAT', entity: d.entities[1].entity_name, isin: null })]);
  });

  it('flags units that do not add up to the closing balance', () => {
    const d = clone(detailed);
    const h = d.entities.flatMap((e) => e.holdings).find((x) => x.transactions.some((t) => t.units));
    expect(h).toBeDefined();
    const t = h!.transactions.find((x) => x.units)!;
    t.units = (t.units ?? 0) + 1;
    const flags = validateExtraction(d).flags;
    expect(flags.length).toBeGreaterThanOrEqual(1);
    expect(flags.every((f) => f.code === 'BALANCE_MISMATCH' && f.isin === h!.isin)).toBe(true);
    expect(flags.map((f) => f.message).join(' ')).toMatch(/closing balance|running unit balance/);
  });

  it('flags a statement total that the holdings do not add up to', () => {
    const d = clone(demat);
    d.stated_total = (d.stated_total ?? 0) + 100;
    expect(validateExtraction(d).flags).toEqual([expect.objectContaining({ code: 'TOTAL_MISMATCH', entity: null })]);
    const e = clone(demat);
    e.entities[0].stated_total = (e.entities[0].stated_total ?? 0) - 1;
    expect(validateExtraction(e).flags).toEqual([expect.objectContaining({ code: 'TOTAL_MISMATCH', entity: e.entities[0].entity_name })]);
  });

  it('scales the score by the classification confidence and never returns a constant', () => {
    const a = validateExtraction(detailed, { classificationConfidence: 100 }).confidence_score;
    const b = validateExtraction(detailed, { classificationConfidence: 50 }).confidence_score;
    expect(a).toBe(100);
    expect(b).toBe(75);
    const empty: ExtractionDraft = { classification: 'BANK_STATEMENT', period: { from: null, to: null }, entities: [], stated_total: null, currency: 'INR', classification_confidence: 88 };
    expect(validateExtraction(empty)).toEqual({ flags: [], checks_run: 0, confidence_score: 88 });
    expect(validateExtraction({ ...empty, classification: 'NSDL_CAS' }).confidence_score).toBe(0);
  });
});

describe('valueTolerance', () => {
  // ½ paisa for the value + units × ½ NAV step, floored at one paisa. Units are exact as printed (a
  // balance is not rounded), so a NAV misread by less than the units' last digit times the NAV is seen.
  it.each([
    { units: 0.548, nav: 39.8724, expected: 0.01 },
    { units: 43573.5, nav: 28.0026, expected: 0.005 + 43573.5 * 0.00005 },
    { units: 100, nav: 2850.55, expected: 0.005 + 100 * 0.005 }, // whole shares are exact; a 2-decimal price is not
    { units: 0, nav: 12.5, expected: 0.01 },
  ])('units $units × nav $nav → $expected', ({ units, nav, expected }) => {
    expect(valueTolerance(units, nav)).toBeCloseTo(expected, 6);
  });

  it('takes the NAV to as many decimals as the statement prints, and whole-rupee values to the rupee', () => {
    // 250 × 61.5 read from "61.5000" in a statement of 4-decimal NAVs: ± 250 × 0.00005, not ± 250 × 0.005.
    expect(valueTolerance(250, 61.5, { navDecimals: 4 })).toBeCloseTo(0.005 + 250 * 0.00005, 6);
    expect(valueTolerance(250, 61.5)).toBeCloseTo(0.005 + 250 * 0.005, 6);
    expect(valueTolerance(250, 61.5, { navDecimals: 4, valueDecimals: 0 })).toBeCloseTo(1, 6);
  });

  it('allows only the value’s rounding where the statement’s own products show its NAVs unrounded', () => {
    expect(valueTolerance(1302, 1, { navDecimals: 2, exactNav: true })).toBeCloseTo(0.01, 6);
    expect(valueTolerance(1302, 1, { navDecimals: 2 })).toBeCloseTo(0.005 + 1302 * 0.005, 6);
  });
});
