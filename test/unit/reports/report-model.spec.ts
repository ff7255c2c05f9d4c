import { describe, expect, it } from '@jest/globals';
import { buildReportModel, financialYearPeriod, STALE_NAV_AFTER_DAYS, type ReportInput } from '../../../src/modules/reports/document/report-model.js';
import { position, sampleHouseholdInput, sampleReportInput, samplePortfolio } from './portfolio-sample.js';

const input = sampleReportInput;
const codes = (m: ReturnType<typeof buildReportModel>) => m.notes.map((n) => n.code);

describe('client report model', () => {
  it('passes the portfolio totals and allocation through as the API answers them, leaving out empty classes', () => {
    const m = buildReportModel(input());
    expect(m.totals).toEqual(samplePortfolio().totals);
    expect(m.allocation).toEqual([
      { asset_class: 'Equity', percent: 95.68 },
      { asset_class: 'Debt', percent: 4.11 },
      { asset_class: 'Hybrid', percent: 0.21 },
    ]);
    expect(m.as_of).toBe('2025-03-31'); // no as_of asked for: the newest statement's date
    expect(m.period).toEqual({ fy: '2024-25', from: '2024-04-01', to: '2025-03-31' });
  });

  it('groups holdings by asset class in a fixed order, with exact subtotals; a class with a cost missing has no cost subtotal', () => {
    const m = buildReportModel(input());
    expect(m.groups.map((g) => [g.asset_class, g.rows.length])).toEqual([
      ['Equity', 2],
      ['Debt', 1],
      ['Hybrid', 1],
    ]);
    expect(m.groups[0].subtotal).toEqual({ value: 2842578.95, cost: 2350000, gain: 492578.95 });
    expect(m.groups[0].rows[1].gain).toBe(-1734.87);
    expect(m.groups[2].subtotal).toEqual({ value: 6150, cost: null, gain: null });
    expect(m.unrealised.total).toEqual({ value: 2970975.75, cost: null, gain: null });
  });

  it('a class subtotal follows the portfolio total cost’s rule: a holding valued at 0 without a printed cost adds no cost, as the portfolio total counts it', () => {
    const p = samplePortfolio();
    p.positions.push(position({ id: 'P|folio:9|INF179K01XX9', folio: '777', isin: 'INF179K01XX9', units: 0, nav: 12.5, market_value: 0, cost_value: null }));
    const m = buildReportModel(input({ portfolio: p }));
    expect(m.groups[0].rows).toHaveLength(3);
    expect(m.groups[0].subtotal).toEqual({ value: 2842578.95, cost: 2350000, gain: 492578.95 });
    expect(m.groups[0].rows[2]).toMatchObject({ value: 0, cost: null, gain: null });
  });

  it('an unknown figure stays null (never 0), and a holding without an asset class is Unclassified', () => {
    const p = samplePortfolio();
    p.positions.push(position({ id: 'X', isin: 'INE002A01018', asset_class: null, units: null, nav: null, market_value: null, cost_value: null, flags: [{ code: 'FIGURE_MISSING', message: 'm', fields: ['units', 'market_value'] }] }));
    const m = buildReportModel(input({ portfolio: p }));
    const row = m.groups.find((g) => g.asset_class === 'Unclassified')!.rows[0];
    expect(row).toMatchObject({ units: null, nav: null, value: null, cost: null, gain: null });
    expect(m.groups.find((g) => g.asset_class === 'Unclassified')!.subtotal).toEqual({ value: 0, cost: null, gain: null });
    expect(m.notes.find((n) => n.code === 'FIGURE_MISSING')!.items).toContainEqual(expect.stringContaining('units, value'));
  });

  describe('notes on flagged data', () => {
    const cases: Array<{ name: string; over: Partial<ReportInput>; has: string[]; hasNot?: string[] }> = [
      { name: 'a NAV more than the allowed days before the report date is stale', over: {}, has: ['STALE_NAV'] },
      {
        name: `a NAV exactly ${STALE_NAV_AFTER_DAYS} days old is not stale`,
        over: { params: { as_of: '2025-01-07', fy: null } },
        has: [],
        hasNot: ['STALE_NAV'],
      },
      { name: 'partial history and a gap are incomplete history', over: {}, has: ['HISTORY_INCOMPLETE'] },
      { name: 'a cost not printed is a figure missing, and the total cost unknown', over: {}, has: ['FIGURE_MISSING', 'COST_UNKNOWN'] },
      { name: 'no financial year: no gains of a period, said so', over: { params: { as_of: null, fy: null } }, has: ['REALISED_GAINS_UNAVAILABLE'] },
    ];
    it.each(cases)('$name', ({ over, has, hasNot }) => {
      const p = samplePortfolio();
      if (over.params?.as_of === '2025-01-07') p.positions = p.positions.filter((x) => x.asset_class === 'Debt'); // valued 2024-12-31
      const m = buildReportModel(input({ ...over, portfolio: p }));
      for (const c of has) expect(codes(m)).toContain(c);
      for (const c of hasNot ?? []) expect(codes(m)).not.toContain(c);
    });

    it('sources that disagree are noted with the figures concerned', () => {
      const p = samplePortfolio();
      p.positions[0].flags = [{ code: 'SOURCES_DISAGREE', message: 'm', fields: ['units', 'market_value'], document_ids: ['d1', 'd3'] }];
      const m = buildReportModel(input({ portfolio: p }));
      expect(m.notes.find((n) => n.code === 'SOURCES_DISAGREE')!.items).toEqual(['HDFC Flexi Cap Fund - Direct Plan - Growth (folio 1234567 / 89): units, value differ']);
    });

    it('an unknown XIRR is noted with its reason', () => {
      const p = samplePortfolio();
      p.totals = { ...p.totals, xirr: null, xirr_reason: 'NO_TRANSACTIONS' };
      expect(buildReportModel(input({ portfolio: p })).notes.find((n) => n.code === 'XIRR_UNKNOWN')!.items[0]).toMatch(/no transactions/);
    });

    it('realised gains given: no "gains of the period" note unless lots are unknown; defaulted tax classes noted', () => {
      const realised = { fy: '2024-25', short_term: 1200.5, long_term: null, total: null, lots: 3, unknown_lots: 1, defaulted_tax_class: ['Axis Balanced Advantage Fund - Growth (folio 4455)'] };
      const m = buildReportModel(input({ realised }));
      expect(m.realised).toEqual(realised);
      expect(m.notes.find((n) => n.code === 'REALISED_GAINS_UNAVAILABLE')!.items).toEqual([expect.stringMatching(/^1 of the 3 lots sold in FY 2024-25 have no computable gain/)]);
      expect(m.notes.find((n) => n.code === 'TAX_CLASS_DEFAULTED')!.items).toEqual(['Axis Balanced Advantage Fund - Growth (folio 4455)']);
      const known = buildReportModel(input({ realised: { ...realised, long_term: 10, total: 1210.5, unknown_lots: 0, defaulted_tax_class: [] } }));
      expect(codes(known)).not.toContain('REALISED_GAINS_UNAVAILABLE');
      expect(codes(known)).not.toContain('TAX_CLASS_DEFAULTED');
    });

    it('notes are numbered in print order and each row cites the notes about it', () => {
      const m = buildReportModel(input());
      expect(m.notes.map((n) => n.number)).toEqual(m.notes.map((_, i) => i + 1));
      const debt = m.groups.find((g) => g.asset_class === 'Debt')!.rows[0];
      const number = (code: string) => m.notes.find((n) => n.code === code)!.number;
      expect(debt.notes).toEqual([number('STALE_NAV'), number('HISTORY_INCOMPLETE')]);
      expect(m.groups[0].rows[0].notes).toEqual([]);
    });
  });

  it.each([
    ['2024-25', { from: '2024-04-01', to: '2025-03-31' }],
    ['1999-00', { from: '1999-04-01', to: '2000-03-31' }],
  ])('financial year %s runs from 1 April to 31 March', (fy, period) => {
    expect(financialYearPeriod(fy)).toEqual({ fy, ...period });
  });
});

describe('household report model', () => {
  const household = (over: Partial<ReportInput> = {}) => {
    const m = buildReportModel(sampleHouseholdInput(over));
    if (m.subject.kind !== 'household') throw new Error('not a household report');
    return { m, members: m.subject.members };
  };

  it('names the household and each member in the register’s order, with the household portfolio’s own figures per member', () => {
    const { m, members } = household();
    expect(m.subject).toMatchObject({ kind: 'household', name: 'Sharma family' });
    const portfolio = sampleHouseholdInput().portfolio;
    expect(members.map((x) => [x.client_id, x.name, x.relationship, x.pan, x.positions])).toEqual([
      ['cli_priya', 'Priya Sharma', 'self', 'ABCPS1234K', 2],
      ['cli_rahul', 'Rahul Sharma', 'spouse', 'ABCPR5678L', 2],
      ['cli_anika', 'Anika Sharma', 'child', 'ABCPA9012M', 0],
    ]);
    expect(members.map((x) => x.totals)).toEqual(portfolio.members!.map((x) => x.totals));
    expect(m.totals).toEqual(portfolio.totals);
  });

  it('gives each member the holdings under its own PAN, by asset class with exact subtotals; the household’s groups hold every holding', () => {
    const { m, members } = household();
    expect(members[0].groups.map((g) => [g.asset_class, g.rows.map((r) => r.isin)])).toEqual([['Equity', ['INF179K01BB8', 'INF209K01YN0']]]);
    expect(members[0].groups[0].subtotal).toEqual({ value: 2842578.95, cost: 2350000, gain: 492578.95 });
    expect(members[1].groups.map((g) => [g.asset_class, g.rows.map((r) => r.isin)])).toEqual([
      ['Debt', ['INF200K01RJ1']],
      ['Hybrid', ['INF846K01EW2']],
    ]);
    expect(members[2].groups).toEqual([]);
    expect(m.groups.flatMap((g) => g.rows).length).toBe(4);
    expect(members.flatMap((x) => x.groups.flatMap((g) => g.rows)).map((r) => r.position_id).sort()).toEqual(m.groups.flatMap((g) => g.rows.map((r) => r.position_id)).sort());
  });

  it('notes name whose holding it is, and a member’s rows cite the same note numbers as the household’s', () => {
    const { m, members } = household();
    expect(m.notes.find((n) => n.code === 'STALE_NAV')!.items).toEqual(['Rahul Sharma: SBI Magnum Gilt Fund - Direct Growth (folio 55/12): NAV of 2024-12-31']);
    const debt = members[1].groups.find((g) => g.asset_class === 'Debt')!.rows[0];
    expect(debt.notes).toEqual(m.groups.find((g) => g.asset_class === 'Debt')!.rows[0].notes);
    expect(debt.notes.length).toBe(2);
  });

  it('carries each member’s realised gains and the household’s', () => {
    const gains = (short_term: number | null) => ({ fy: '2024-25', short_term, long_term: 0, total: short_term, lots: 1, unknown_lots: short_term === null ? 1 : 0, defaulted_tax_class: [] });
    const base = sampleHouseholdInput();
    if (base.subject.kind !== 'household') throw new Error('not a household');
    const subject = { ...base.subject, members: base.subject.members.map((x, i) => ({ ...x, realised: i === 0 ? gains(100.25) : null })) };
    const { m, members } = household({ subject, realised: gains(100.25) });
    expect(members.map((x) => x.realised?.short_term ?? null)).toEqual([100.25, null, null]);
    expect(m.realised?.short_term).toBe(100.25);
  });

  it('a member the household portfolio does not list is an error, never a member without figures', () => {
    const base = sampleHouseholdInput();
    if (base.subject.kind !== 'household') throw new Error('not a household');
    const subject = { ...base.subject, members: [...base.subject.members, { client_id: 'cli_new', pan: 'ABCPN1111N', realised: null }] };
    expect(() => buildReportModel({ ...base, subject })).toThrow(/no figures for member cli_new/);
  });

  it('a member whose holdings under its PAN are not the ones the household portfolio counts for it (its PAN changed while the report was read) is an error, never a member shown without its holdings', () => {
    const base = sampleHouseholdInput();
    if (base.subject.kind !== 'household') throw new Error('not a household');
    // The register now names Rahul by another PAN; the portfolio read before still counts his two holdings.
    const subject = { ...base.subject, members: base.subject.members.map((x) => (x.client_id === 'cli_rahul' ? { ...x, pan: 'ABCPR0000Z' } : x)) };
    expect(() => buildReportModel({ ...base, subject })).toThrow(/member cli_rahul/);
  });
});
