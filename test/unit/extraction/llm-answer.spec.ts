import { describe, expect, it } from '@jest/globals';
import { LLM_VALUE_TOLERANCE, parseModelJson, PrintedEvidence, readModelAnswer } from '../../../src/modules/extraction/llm-answer.js';
import type { TextLine } from '../../../src/modules/extraction/types.js';

const line = (page: number, text: string): TextLine => ({ page, y: 0, text, cells: text.split(' | ').map((t, i) => ({ x: i * 100, text: t })) });

/** The statement text the model was sent: two funds on page 1, a share on page 2, a printed total. */
const LINES: TextLine[] = [
  line(1, 'Investor: Priya Sharma | PAN: ABCPS1234K'),
  line(1, 'Axis Bluechip Fund - Direct Growth | INF846K01DP8 | 91234567/12 | 1,523.417 | 58.3120 | 88,833.49'),
  line(1, 'HDFC Corporate Bond Fund - Direct Growth | INF179K01BR4 | 11223344/55 | 3,050.250 | 31.4567 | 95,950.80'),
  line(2, 'Reliance Industries Ltd | INE002A01018 | - | 25 | 1,234.50 | 30,862.50'),
  line(2, 'Total portfolio value | INR 2,15,646.79'),
];

const AXIS = { scheme_name: 'Axis Bluechip Fund - Direct Growth', isin: 'INF846K01DP8', folio: '91234567/12', account_id: null, units: 1523.417, nav: 58.312, market_value: 88833.49, asset_class: null };
const HDFC = { scheme_name: 'HDFC Corporate Bond Fund - Direct Growth', isin: 'INF179K01BR4', folio: '11223344/55', account_id: null, units: 3050.25, nav: 31.4567, market_value: 95950.8, asset_class: 'Debt' };
const RIL = { scheme_name: 'Reliance Industries Ltd', isin: 'INE002A01018', folio: null, account_id: null, units: 25, nav: 1234.5, market_value: 30862.5, asset_class: 'Equity' };

const answer = (holdings: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ period: { from: '2025-04-01', to: '2025-09-30' }, stated_total: 215646.79, investors: [{ name: 'Priya Sharma', pan: 'ABCPS1234K', holdings }], ...extra });

describe('parseModelJson', () => {
  it.each([
    { name: 'a bare object', text: '{"investors":[]}', expected: { investors: [] } },
    { name: 'a fenced object', text: '```json\n{"investors":[]}\n```', expected: { investors: [] } },
    { name: 'a fence without a language', text: '```\n{"a":1}\n```', expected: { a: 1 } },
    { name: 'surrounding whitespace', text: '  \n{"a":1}\n ', expected: { a: 1 } },
  ])('reads $name', ({ text, expected }) => {
    expect(parseModelJson(text)).toEqual(expected);
  });

  it.each([
    { name: 'prose', text: 'Sure! Here are the holdings.' },
    { name: 'prose around JSON', text: 'Here you go: {"investors":[]}' },
    { name: 'a bare array', text: '[{"isin":"INF846K01DP8"}]' },
    { name: 'broken JSON', text: '{"investors":[}' },
    { name: 'an empty answer', text: '' },
  ])('refuses $name', ({ text }) => {
    expect(parseModelJson(text)).toBeNull();
  });
});

describe('PrintedEvidence', () => {
  const evidence = new PrintedEvidence(LINES);
  it.each([
    { value: 1523.417, printed: true },
    { value: 58.312, printed: true }, // printed 58.3120
    { value: 88833.49, printed: true }, // printed 88,833.49
    { value: 215646.79, printed: true }, // printed INR 2,15,646.79
    { value: 25, printed: true },
    { value: 1523.42, printed: false },
    { value: 88833.5, printed: false },
  ])('$value printed: $printed', ({ value, printed }) => {
    expect(evidence.printsNumber(value)).toBe(printed);
  });
  it('finds the page of an ISIN, with spacing ignored, or null', () => {
    expect(evidence.pageOf('INE002A01018')).toBe(2);
    expect(evidence.pageOf('INF846K01DP8')).toBe(1);
    expect(evidence.pageOf('INF090I01007')).toBeNull();
  });
});

describe('readModelAnswer', () => {
  it('keeps valid rows as holdings, on the page that prints their ISIN, with the investor and total', () => {
    const reading = readModelAnswer(answer([AXIS, HDFC, RIL]), LINES);
    expect(reading).toMatchObject({ outcome: 'extracted', rows_returned: 3, rows_accepted: 3, rejected: [], error: null, stated_total: 215646.79 });
    expect(reading.period).toEqual({ from: '2025-04-01', to: '2025-09-30' });
    expect(reading.entities).toHaveLength(1);
    expect(reading.entities[0]).toMatchObject({ entity_name: 'Priya Sharma', pan: 'ABCPS1234K', stated_total: null });
    const [axis, hdfc, ril] = reading.entities[0].holdings;
    expect(axis).toMatchObject({ isin: 'INF846K01DP8', folio: '91234567/12', units: 1523.417, nav: 58.312, market_value: 88833.49, page: 1, market_value_source: 'printed', transactions: [] });
    expect(hdfc.asset_class).toBe('Debt');
    expect(ril).toMatchObject({ isin: 'INE002A01018', folio: null, page: 2, asset_class: 'Equity' });
  });

  it.each([
    { name: 'units as a string', row: { ...AXIS, units: '1,523.417' }, reason: /units must be a number/ },
    { name: 'a negative NAV', row: { ...AXIS, nav: -58.312 }, reason: /nav must not be less than 0/ },
    { name: 'a missing market value', row: { ...AXIS, market_value: undefined }, reason: /market_value must be a number/ },
    { name: 'an empty scheme name', row: { ...AXIS, scheme_name: '' }, reason: /scheme_name should not be empty/ },
    { name: 'a malformed ISIN', row: { ...AXIS, isin: 'INF846K01DP' }, reason: /isin must be 12 characters/ },
    { name: 'a wrong check digit', row: { ...AXIS, isin: 'INF846K01DP7' }, reason: /wrong check digit/ },
    { name: 'an ISIN not in the statement', row: { ...AXIS, isin: 'INF090I01007' }, reason: /INF090I01007 is not printed/ },
    { name: 'a name not in the statement', row: { ...AXIS, scheme_name: 'Mirae Asset Large Cap Fund' }, reason: /name .* is not printed/ },
    { name: 'units not printed', row: { ...AXIS, units: 1523.42 }, reason: /units 1523.42 are not printed/ },
    { name: 'a NAV not printed', row: { ...AXIS, nav: 58.31 }, reason: /NAV 58.31 is not printed/ },
    { name: 'a value neither printed nor units × NAV', row: { ...AXIS, market_value: 97716.84 }, reason: /market value 97716.84 is not printed/ },
    { name: 'an unknown asset class', row: { ...AXIS, asset_class: 'Crypto' }, reason: /asset_class must be one of/ },
    { name: 'not an object', row: 'INF846K01DP8', reason: /not a JSON object/ },
  ])('drops $name', ({ row, reason }) => {
    const reading = readModelAnswer(answer([row, HDFC]), LINES);
    expect(reading.outcome).toBe('extracted');
    expect(reading.entities[0].holdings.map((h) => h.isin)).toEqual(['INF179K01BR4']);
    expect(reading.rejected).toHaveLength(1);
    expect(reading.rejected[0].reason).toMatch(reason);
  });

  it('drops printed figures that do not hold together (units × NAV against the value)', () => {
    // 25 × 1,234.50 = 30,862.50: a row pairing printed figures of different holdings is refused
    const reading = readModelAnswer(answer([{ ...RIL, market_value: 88833.49 }, HDFC]), LINES);
    expect(reading.rejected[0].reason).toMatch(/units 25 × NAV 1234.5 = 30862.50, not the market value 88833.49/);
  });

  it(`accepts units × NAV within ${LLM_VALUE_TOLERANCE * 100}% of a printed value; the validator flags what rounding cannot explain`, () => {
    const lines = [line(1, 'Gold ETF Units | INF200K01RJ1 | 100 | 50.00 | 5,010.00')];
    const row = { scheme_name: 'Gold ETF Units', isin: 'INF200K01RJ1', units: 100, nav: 50, market_value: 5010 };
    expect(readModelAnswer(answer([row], { stated_total: null }), lines).rows_accepted).toBe(1);
    const far = [line(1, 'Gold ETF Units | INF200K01RJ1 | 100 | 50.00 | 5,030.00')];
    expect(readModelAnswer(answer([{ ...row, market_value: 5030 }], { stated_total: null }), far).outcome).toBe('failed');
  });

  it('accepts a value the statement does not print only when it is units × NAV to the paisa, marked computed', () => {
    const lines = [line(1, 'Axis Bluechip Fund - Direct Growth | INF846K01DP8 | 1,523.417 | 58.3120')];
    const reading = readModelAnswer(answer([AXIS], { stated_total: null }), lines);
    expect(reading.entities[0].holdings[0]).toMatchObject({ market_value: 88833.49, market_value_source: 'computed' });
  });

  it('keeps identifiers only when they are printed, and drops the same holding listed twice', () => {
    const reading = readModelAnswer(
      JSON.stringify({ investors: [{ name: 'Priya Sharma', pan: 'ZZZPZ9999Z', holdings: [{ ...AXIS, folio: '[FOLIO_9]' }, { ...AXIS, folio: '[FOLIO_9]' }] }] }),
      LINES,
    );
    expect(reading.entities[0].pan).toBeNull();
    expect(reading.entities[0].holdings).toHaveLength(1);
    expect(reading.entities[0].holdings[0].folio).toBeNull();
    expect(reading.rejected.map((r) => r.reason)).toEqual(['the same holding twice']);
  });

  it('groups rows by investor and ignores invented periods and totals', () => {
    const reading = readModelAnswer(
      JSON.stringify({
        period: { from: '2025-02-30', to: 'last month' },
        stated_total: 999.99,
        investors: [
          { name: 'Priya Sharma', holdings: [AXIS] },
          { name: '  ', holdings: [RIL] },
        ],
      }),
      LINES,
    );
    expect(reading.entities.map((e) => [e.entity_name, e.holdings.length])).toEqual([
      ['Priya Sharma', 1],
      ['Unknown investor', 1],
    ]);
    expect(reading.period).toEqual({ from: null, to: null });
    expect(reading.stated_total).toBeNull();
  });

  it.each([
    { name: 'prose', text: 'I could not find any holdings.', error: /not a JSON object with an "investors" array/ },
    { name: 'holdings at the top level', text: JSON.stringify({ holdings: [AXIS] }), error: /"investors" array/ },
    { name: 'only invalid rows', text: answer([{ ...AXIS, isin: 'INF090I01007' }, { ...HDFC, units: -1 }]), error: /every row it listed failed validation/ },
  ])('fails on $name, with no holdings', ({ text, error }) => {
    const reading = readModelAnswer(text, LINES);
    expect(reading.outcome).toBe('failed');
    expect(reading.entities).toEqual([]);
    expect(reading.error).toMatch(error);
  });

  it('is none_found when the model lists no holdings', () => {
    const reading = readModelAnswer(JSON.stringify({ period: { from: null, to: null }, stated_total: null, investors: [] }), LINES);
    expect(reading).toMatchObject({ outcome: 'none_found', entities: [], rows_returned: 0, error: null });
  });
});
