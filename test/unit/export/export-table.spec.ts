import { describe, expect, it } from '@jest/globals';
import { AppException } from '../../../src/common/errors/app.exception.js';
import type { Holding, Transaction } from '../../../src/modules/extraction/types.js';
import { HOLDING_FIELDS, round, selectFields, TRANSACTION_FIELDS } from '../../../src/modules/nexus/export/export-fields.js';
import { buildExportTable } from '../../../src/modules/nexus/export/export-table.js';
import { storedResult } from '../../support/extraction-result.js';

const tx = (date: string, description: string, amount: number | null, units: number | null, nav: number | null, balance: number | null): Transaction => ({
  date,
  type: 'other',
  description,
  amount,
  units,
  nav,
  balance_units: balance,
});

const holding = (extra: Partial<Holding>): Holding => ({
  scheme_name: 'Axis Bluechip Fund - Direct Plan - Growth',
  isin: 'INF846K01DP8',
  units: 100.5,
  nav: 52.1234,
  market_value: 5238.4,
  asset_class: 'Equity',
  folio: '9104567 / 12',
  amc: 'Axis Mutual Fund',
  cost_value: 5000,
  opening_units: 90,
  plan: 'Direct',
  option: 'Growth',
  page: 1,
  transactions: [],
  nav_date: '2025-09-30',
  account_id: null,
  ...extra,
});

/** What CompletionStage stores as the extraction result. */
const result = (entities: Array<{ name: string; pan: string | null; holdings: Holding[] }>, currency = 'INR') =>
  storedResult({ currency, entities: entities.map((e) => ({ entity_name: e.name, pan: e.pan, holdings: e.holdings, stated_total: null })) });

describe('selectFields', () => {
  const keys = (requested?: string) => selectFields(HOLDING_FIELDS, requested, 'holdings').map((f) => f.key);
  const cases: Array<{ name: string; requested: string | undefined; expected: string[] | RegExp }> = [
    { name: 'absent: every field in catalogue order', requested: undefined, expected: HOLDING_FIELDS.map((f) => f.key) },
    { name: 'the order asked for', requested: 'market_value,isin,units', expected: ['market_value', 'isin', 'units'] },
    { name: 'spaces around keys are ignored', requested: ' isin , nav ', expected: ['isin', 'nav'] },
    { name: 'an unknown key is named', requested: 'isin,colour', expected: /Unknown field for export_type=holdings: "colour"/ },
    { name: 'several unknown keys are all named', requested: 'a,isin,b', expected: /Unknown fields for export_type=holdings: "a", "b"/ },
    { name: 'a transaction key is unknown for holdings', requested: 'date', expected: /"date"/ },
    { name: 'a repeated key', requested: 'isin,units,isin', expected: /isin more than once/ },
    { name: 'empty', requested: '', expected: /without empty entries/ },
    { name: 'an empty entry', requested: 'isin,,nav', expected: /without empty entries/ },
    { name: 'keys are case-sensitive', requested: 'ISIN', expected: /"ISIN"/ },
  ];
  it.each(cases)('$name', ({ requested, expected }) => {
    if (Array.isArray(expected)) {
      expect(keys(requested)).toEqual(expected);
      return;
    }
    let error: unknown;
    try {
      keys(requested);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppException);
    expect((error as AppException).code).toBe('VALIDATION_ERROR');
    expect((error as AppException).details).toMatch(expected);
  });

  it('underlying has its own catalogue', () => {
    expect(selectFields(TRANSACTION_FIELDS, 'date,amount,balance_units', 'underlying').map((f) => f.key)).toEqual(['date', 'amount', 'balance_units']);
  });
});

describe('round', () => {
  const cases: Array<{ n: number | null | undefined; d: number; expected: number | null }> = [
    { n: 1234.5674, d: 3, expected: 1234.567 },
    { n: 1234.5675, d: 3, expected: 1234.568 },
    { n: -1234.5675, d: 3, expected: -1234.568 },
    { n: 0.1 + 0.2, d: 2, expected: 0.3 },
    { n: -0.001, d: 2, expected: 0 },
    { n: null, d: 2, expected: null },
    { n: undefined, d: 2, expected: null },
    { n: Number.NaN, d: 2, expected: null },
    { n: Number.POSITIVE_INFINITY, d: 2, expected: null },
  ];
  it.each(cases)('round($n, $d) = $expected', ({ n, d, expected }) => {
    expect(round(n, d)).toBe(expected);
    if (expected === 0) expect(Object.is(round(n, d), 0)).toBe(true); // never -0
  });
});

describe('buildExportTable', () => {
  const stored = result([
    { name: 'Meera Nair', pan: 'ORYPN9071B', holdings: [holding({ transactions: [tx('2025-04-10', 'Purchase', 1000, 19.123, 52.2931, 109.123), tx('2025-04-10', '*** Stamp Duty ***', 0.05, null, null, null)] })] },
    {
      name: 'Deepa Nair',
      pan: 'RQRPN6047F',
      holdings: [
        holding({ isin: 'IN0020230085', scheme_name: '7.18% GOI 2033', folio: null, amc: null, cost_value: null, plan: null, option: null, account_id: 'IN300126 / 11223344', nav_date: null }),
        holding({ isin: 'INF109K01Z48', cost_value: 0, market_value: 10, transactions: [tx('2025-05-02', 'Redemption', -500.25, -10.5, 47.6429, 80)] }),
      ],
    },
  ]);

  it('holdings: one row per holding in statement order, with derived gain and gain %', () => {
    const table = buildExportTable('holdings', stored, 'investor_name,pan,isin,units,market_value,cost_value,gain,gain_pct,folio,demat_account,nav_date,currency');
    expect(table.fields.map((f) => f.type)).toEqual(['string', 'string', 'string', 'units', 'money', 'money', 'money', 'percent', 'string', 'string', 'date', 'string']);
    expect(table.rows).toEqual([
      ['Meera Nair', 'ORYPN9071B', 'INF846K01DP8', 100.5, 5238.4, 5000, 238.4, 4.77, '9104567 / 12', null, '2025-09-30', 'INR'],
      ['Deepa Nair', 'RQRPN6047F', 'IN0020230085', 100.5, 5238.4, null, null, null, null, 'IN300126 / 11223344', null, 'INR'],
      ['Deepa Nair', 'RQRPN6047F', 'INF109K01Z48', 100.5, 10, 0, 10, null, '9104567 / 12', null, '2025-09-30', 'INR'],
    ]);
  });

  it('underlying: one row per transaction, holdings without transactions contribute none', () => {
    const table = buildExportTable('underlying', stored);
    expect(table.fields.map((f) => f.key)).toEqual(TRANSACTION_FIELDS.map((f) => f.key));
    expect(table.rows.map((r) => r.slice(5))).toEqual([
      ['INF846K01DP8', '2025-04-10', 'Purchase', 1000, 19.123, 52.2931, 109.123],
      ['INF846K01DP8', '2025-04-10', '*** Stamp Duty ***', 0.05, null, null, null],
      ['INF109K01Z48', '2025-05-02', 'Redemption', -500.25, -10.5, 47.6429, 80],
    ]);
    expect(table.rows.map((r) => r[0])).toEqual(['Meera Nair', 'Meera Nair', 'Deepa Nair']);
  });

  it('an extraction without entities (a bank statement) exports a header and no rows', () => {
    const bankStatement = storedResult({ document_type: 'BANK_STATEMENT', entities: [] });
    expect(buildExportTable('holdings', bankStatement).rows).toEqual([]);
    expect(buildExportTable('underlying', bankStatement).rows).toEqual([]);
  });

  it("uses the statement's currency", () => {
    expect(buildExportTable('holdings', result([{ name: 'A', pan: null, holdings: [holding({})] }], 'USD'), 'currency').rows).toEqual([['USD']]);
  });
});
