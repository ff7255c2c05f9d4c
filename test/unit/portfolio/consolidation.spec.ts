/**
 * Named cases of the consolidation (docs/portfolio.md): one scenario each, built as extraction
 * reads statements.
 */
import { describe, expect, it } from '@jest/globals';
import type { Entity, Holding, Transaction } from '../../../src/modules/extraction/index.js';
import { consolidate, consolidateHousehold, type StatementSource } from '../../../src/modules/portfolio/index.js';
import { makeHolding } from '../../support/holding.js';

const PAN = 'ABCPE1234F';
const SPOUSE = 'PQRPS6789K';
const FUND = 'INF179K01BB8';
const OTHER_FUND = 'INF209K01YN0';
const STOCK = 'INE002A01018';

const tx = (date: string, units: number, type: Transaction['type'] = 'purchase', nav = 10): Transaction => ({
  date,
  type,
  description: type,
  amount: Math.round(units * nav * 100) / 100,
  units,
  nav,
  balance_units: null,
});

const fund = (units: number | null, overrides: Partial<Holding> = {}): Holding =>
  makeHolding({ scheme_name: 'HDFC Flexi Cap Fund - Direct Growth', isin: FUND, folio: '1234567 / 89', units, nav: 20, market_value: units === null ? null : units * 20, asset_class: 'Equity', ...overrides });

const stock = (units: number, account: string): Holding =>
  makeHolding({ scheme_name: 'Reliance Industries Ltd', isin: STOCK, account_id: account, units, nav: 1400, market_value: units * 1400, asset_class: 'Equity' });

let n = 0;
function statement(type: string, period: { from: string | null; to: string | null }, holdings: Holding[], pan = PAN): StatementSource {
  const entity: Entity = { entity_name: pan === PAN ? 'Meera Iyer' : 'Arjun Iyer', pan, holdings, stated_total: null };
  return { document_id: `doc-${++n}`, document_type: type, period, entities: [entity] };
}

const Q1 = { from: '2025-01-01', to: '2025-03-31' };
const Q2 = { from: '2025-04-01', to: '2025-06-30' };
const Q3 = { from: '2025-07-01', to: '2025-09-30' };

describe('positions across statements', () => {
  it('a folio in a CAMS statement and in an NSDL mutual-fund folio section is one position, from the newest', () => {
    const cams = statement('CAMS_DETAILED_CAS', Q2, [fund(100, { opening_units: 0, transactions: [tx('2025-05-02', 100)] })]);
    const nsdl = statement('NSDL_CAS', { from: '2025-09-01', to: '2025-09-30' }, [fund(100, { folio: '1234567/89', account_id: 'IN30012612345678', cost_value: null })]);
    const c = consolidate([nsdl, cams]);
    expect(c.positions).toHaveLength(1);
    expect(c.positions[0]).toMatchObject({ kind: 'folio', units: 100, source: { document_id: nsdl.document_id, document_type: 'NSDL_CAS', statement_date: '2025-09-30' } });
    expect(c.positions[0].seen_in.map((s) => s.document_id)).toEqual([nsdl.document_id, cams.document_id]);
    expect(c.figures.total_market_value).toBe(2000);
  });

  it('the same ISIN in two demat accounts is two positions', () => {
    const nsdl = statement('NSDL_CAS', Q3, [stock(10, 'IN300126 / 12345678')]);
    const cdsl = statement('CDSL_CAS', Q3, [stock(5, '1208160000123456')]);
    const c = consolidate([nsdl, cdsl]);
    expect(c.positions.map((p) => [p.kind, p.account_id, p.units])).toEqual(
      expect.arrayContaining([
        ['demat', 'IN300126 / 12345678', 10],
        ['demat', '1208160000123456', 5],
      ]),
    );
    expect(c.positions).toHaveLength(2);
    expect(c.figures.total_market_value).toBe(21000);
  });

  it('one demat account printed two ways is one position', () => {
    const c = consolidate([statement('NSDL_CAS', Q2, [stock(10, 'IN300126 / 12345678')]), statement('NSDL_CAS', Q3, [stock(12, 'IN30012612345678')])]);
    expect(c.positions).toHaveLength(1);
    expect(c.positions[0].units).toBe(12);
  });

  it('statements of one date that disagree: flagged SOURCES_DISAGREE with both documents, one statement’s figures kept, not averaged', () => {
    const cams = statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-09-30' }, [fund(100)]);
    const kfin = statement('KFINTECH_SUMMARY_CAS', { from: null, to: '2025-09-30' }, [fund(90)]);
    for (const order of [[cams, kfin], [kfin, cams]]) {
      const [p] = consolidate(order).positions;
      expect([100, 90]).toContain(p.units);
      expect(p.market_value).toBe(p.units! * 20);
      const flag = p.flags.find((f) => f.code === 'SOURCES_DISAGREE');
      expect(flag).toMatchObject({ fields: ['units', 'market_value'] });
      expect([...flag!.document_ids!].sort()).toEqual([cams.document_id, kfin.document_id].sort());
      expect(flag!.document_ids![0]).toBe(p.source.document_id);
    }
  });

  it('a registrar’s statement is preferred to a depository’s of the same date for a folio, whatever the order', () => {
    const cams = statement('CAMS_DETAILED_CAS', Q3, [fund(100, { opening_units: 100 })]);
    const nsdl = statement('NSDL_CAS', Q3, [fund(100, { account_id: 'IN30012612345678' })]);
    for (const order of [[cams, nsdl], [nsdl, cams]]) expect(consolidate(order).positions[0].source.document_id).toBe(cams.document_id);
  });

  it('statements of different dates that differ are not a disagreement: the newer counts', () => {
    const [p] = consolidate([statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-06-30' }, [fund(100)]), statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-09-30' }, [fund(80)])]).positions;
    expect(p.units).toBe(80);
    expect(p.flags).toEqual([]);
  });

  it('a figure the chosen statement does not print stays null with FIGURE_MISSING, and totals leave it out', () => {
    const c = consolidate([statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-09-30' }, [fund(100, { market_value: null }), fund(5, { isin: OTHER_FUND, folio: '999' })])]);
    const p = c.positions.find((x) => x.isin === FUND)!;
    expect(p.market_value).toBeNull();
    expect(p.flags).toContainEqual(expect.objectContaining({ code: 'FIGURE_MISSING', fields: ['market_value'] }));
    expect(c.figures).toMatchObject({ total_market_value: 100, holdings_valued: 1, holdings_without_value: 1 });
  });

  it('as_of: each position from the newest statement on or before the date; later statements and undated ones do not count', () => {
    const q1 = statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-03-31' }, [fund(50)]);
    const q2 = statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-06-30' }, [fund(70)]);
    const q3 = statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-09-30' }, [fund(90), fund(1, { isin: OTHER_FUND })]);
    const undated = statement('CAMS_SUMMARY_CAS', { from: null, to: null }, [fund(1, { isin: OTHER_FUND, folio: '777' })]);
    const all = [q3, undated, q1, q2];
    expect(consolidate(all, { asOf: '2025-06-30' }).positions.map((p) => [p.isin, p.units, p.source.document_id])).toEqual([[FUND, 70, q2.document_id]]);
    expect(consolidate(all, { asOf: '2025-06-29' }).positions.map((p) => p.units)).toEqual([50]);
    expect(consolidate(all, { asOf: '2024-12-31' }).positions).toEqual([]);
    expect(consolidate(all).positions).toHaveLength(3);
    expect(consolidate(all, { asOf: '2025-06-30' }).documents.map((d) => d.document_id)).toEqual([q2.document_id, q1.document_id]);
  });

  it('the valuation date is the NAV date printed, else the statement date', () => {
    const c = consolidate([statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-09-30' }, [fund(1, { nav_date: '2025-09-29' }), fund(1, { isin: OTHER_FUND, nav_date: null })])]);
    expect(c.positions.map((p) => p.source.valuation_date).sort()).toEqual(['2025-09-29', '2025-09-30']);
  });

  it('only the client’s own PANs count from a joint statement', () => {
    const joint: StatementSource = { ...statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-09-30' }, [fund(10)]) };
    joint.entities.push({ entity_name: 'Arjun Iyer', pan: SPOUSE, holdings: [fund(3, { folio: '555' })] });
    expect(consolidate([joint], { pans: [PAN] }).positions.map((p) => p.units)).toEqual([10]);
    expect(consolidate([joint], { pans: [SPOUSE] }).positions.map((p) => p.units)).toEqual([3]);
  });
});

describe('history rebuilt from partial statements', () => {
  it('overlapping statements: a row both print counts once; two identical SIP rows of one statement stay two', () => {
    const sip = tx('2025-03-05', 10, 'sip_purchase');
    const a = statement('CAMS_DETAILED_CAS', { from: '2025-01-01', to: '2025-04-30' }, [fund(30, { opening_units: 0, transactions: [tx('2025-01-10', 10), sip, { ...sip }] })]);
    const b = statement('KFINTECH_DETAILED_CAS', { from: '2025-03-01', to: '2025-06-30' }, [fund(35, { opening_units: 10, transactions: [sip, { ...sip }, tx('2025-06-01', 5)] })]);
    const c = consolidate([b, a]);
    expect(c.transactions.map((t) => [t.date, t.units, t.document_ids.length])).toEqual([
      ['2025-01-10', 10, 1],
      ['2025-03-05', 10, 2],
      ['2025-03-05', 10, 2],
      ['2025-06-01', 5, 1],
    ]);
    expect(c.positions[0].history).toEqual({ status: 'FULL_HISTORY', covered_from: '2025-01-01', covered_to: '2025-06-30', transactions: 4, rebuilt_units: 35 });
    expect(c.positions[0].flags).toEqual([]);
  });

  it('a gap between statement periods is HISTORY_GAP with the missing range; rows missing in it make a MISMATCH', () => {
    const q1 = statement('CAMS_DETAILED_CAS', Q1, [fund(10, { opening_units: 0, transactions: [tx('2025-02-01', 10)] })]);
    const q3 = statement('CAMS_DETAILED_CAS', Q3, [fund(25, { opening_units: 20, transactions: [tx('2025-08-01', 5)] })]);
    const [p] = consolidate([q3, q1]).positions;
    expect(p.flags).toEqual([{ code: 'HISTORY_GAP', message: expect.any(String), from: '2025-04-01', to: '2025-06-30' }]);
    expect(p.history).toMatchObject({ status: 'MISMATCH', rebuilt_units: 15 });
  });

  it('a gap with no movement in it still rebuilds the balance, but the history is partial', () => {
    const q1 = statement('CAMS_DETAILED_CAS', Q1, [fund(10, { opening_units: 0, transactions: [tx('2025-02-01', 10)] })]);
    const q3 = statement('CAMS_DETAILED_CAS', Q3, [fund(15, { opening_units: 10, transactions: [tx('2025-08-01', 5)] })]);
    const [p] = consolidate([q1, q3]).positions;
    expect(p.history.status).toBe('PARTIAL_HISTORY');
    expect(p.flags.map((f) => [f.code, f.from, f.to])).toEqual([['HISTORY_GAP', '2025-04-01', '2025-06-30']]);
  });

  it('a newer balance-only statement after the last period leaves the range up to it as a gap', () => {
    const q1 = statement('CAMS_DETAILED_CAS', Q1, [fund(10, { opening_units: 0, transactions: [tx('2025-02-01', 10)] })]);
    const snap = statement('CDSL_CAS', { from: '2025-09-01', to: '2025-09-30' }, [fund(10, { account_id: '1208160000123456' })]);
    const [p] = consolidate([q1, snap]).positions;
    expect(p.source.document_id).toBe(snap.document_id);
    expect(p.flags.map((f) => [f.code, f.from, f.to])).toEqual([['HISTORY_GAP', '2025-04-01', '2025-09-30']]);
    expect(p.history.status).toBe('PARTIAL_HISTORY');
  });

  it('adjoining periods leave no gap', () => {
    const [p] = consolidate([statement('CAMS_DETAILED_CAS', Q1, [fund(10, { opening_units: 0, transactions: [tx('2025-02-01', 10)] })]), statement('CAMS_DETAILED_CAS', Q2, [fund(10, { opening_units: 10 })])]).positions;
    expect(p.flags).toEqual([]);
    expect(p.history.status).toBe('FULL_HISTORY');
  });

  it('a balance that never reaches zero in the statements is PARTIAL_HISTORY; balances alone are SNAPSHOT_ONLY', () => {
    const c = consolidate([
      statement('CAMS_DETAILED_CAS', Q2, [fund(15, { opening_units: 10, transactions: [tx('2025-05-01', 5)] })]),
      statement('NSDL_CAS', Q2, [stock(10, 'IN30012612345678')]),
    ]);
    expect(c.positions.map((p) => [p.kind, p.history.status]).sort()).toEqual([
      ['demat', 'SNAPSHOT_ONLY'],
      ['folio', 'PARTIAL_HISTORY'],
    ]);
  });

  it('XIRR of a position over its merged history, as extraction computes it for one statement that covered it all', () => {
    const whole = fund(20, { opening_units: 0, transactions: [tx('2024-01-10', 10), tx('2024-07-10', 10, 'purchase', 12)], market_value: 400, nav: 20 });
    const alone = consolidate([statement('CAMS_DETAILED_CAS', { from: '2024-01-01', to: '2024-12-31' }, [whole])]).positions[0];
    const split = consolidate([
      statement('CAMS_DETAILED_CAS', { from: '2024-01-01', to: '2024-08-31' }, [fund(20, { opening_units: 0, transactions: whole.transactions, market_value: 300, nav: 15 })]),
      statement('KFINTECH_DETAILED_CAS', { from: '2024-06-01', to: '2024-12-31' }, [fund(20, { opening_units: 10, transactions: [whole.transactions[1]], market_value: 400, nav: 20 })]),
    ]).positions[0];
    expect(alone.xirr).not.toBeNull();
    expect(split.xirr).toBe(alone.xirr);
  });
});

describe('household', () => {
  it('adds a per-member breakdown to the positions and figures of all members', () => {
    const meera = [statement('CAMS_SUMMARY_CAS', { from: null, to: '2025-09-30' }, [fund(10)])];
    const arjun = [statement('NSDL_CAS', Q3, [stock(1, 'IN30012687654321')], SPOUSE)];
    const h = consolidateHousehold([
      { client_id: 'cli_a', name: 'Meera Iyer', statements: meera, pans: [PAN] },
      { client_id: 'cli_b', name: 'Arjun Iyer', statements: arjun, pans: [SPOUSE] },
    ]);
    expect(h.positions).toHaveLength(2);
    expect(h.figures.total_market_value).toBe(1600);
    expect(h.members.map((m) => [m.client_id, m.positions, m.figures.total_market_value])).toEqual([
      ['cli_a', 1, 200],
      ['cli_b', 1, 1400],
    ]);
  });
});
