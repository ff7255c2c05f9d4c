import { describe, expect, it } from '@jest/globals';
import { buildReportModel, financialYearOf, financialYearPeriod, STALE_NAV_AFTER_DAYS, type ReportInput } from '../../../src/modules/reports/document/report-model.js';
import { openLot, position, realisedLot, sampleGains, sampleHouseholdInput, sampleReportInput, samplePortfolio, septemberClient } from './portfolio-sample.js';

const input = sampleReportInput;
const kinds = (m: ReturnType<typeof buildReportModel>) => m.adviser_notes.map((n) => n.kind);
const note = (m: ReturnType<typeof buildReportModel>, kind: string) => m.adviser_notes.find((n) => n.kind === kind);

describe('client report model', () => {
  it('is as of the newest statement when no date is asked for, with the gains of that date’s year', () => {
    const m = buildReportModel(septemberClient());
    expect(m.as_of).toBe('2025-09-30');
    expect(m.period).toEqual({ fy: '2025-26', from: '2025-04-01', to: '2026-03-31' });
    expect(kinds(m)).not.toContain('stale_nav');
  });

  it('every total is the sum of what is known, with how many holdings it covers; one demat holding without a cost blanks nothing', () => {
    const m = buildReportModel(septemberClient());
    expect(m.summary.value).toEqual({ amount: 176450, counted: 4, of: 4 });
    // F1 printed 40,000; F2 printed 15,000 (its lots are not all known); F3 the lots' 36,000; D1 unknown.
    expect(m.summary.invested).toEqual({ amount: 91000, counted: 3, of: 4 });
    expect(m.summary.gain).toEqual({ amount: 10000 + 5000 + 14450, counted: 3, of: 4 });
    expect(m.summary.gain_pct).toBe(Math.round(((29450 / 91000) * 100) * 100) / 100);
    expect(m.summary.cost_bases).toEqual({ lots: 1, statement: 2 });
    const equity = m.groups.find((g) => g.asset_class === 'Equity')!;
    expect(equity.subtotal.cost).toEqual({ amount: 91000, counted: 3, of: 4 });
  });

  it('the invested amount comes from the open lots when every lot is known, never from a printed 0.00; else from the printed cost, saying which', () => {
    const rows = new Map(buildReportModel(septemberClient()).groups.flatMap((g) => g.rows).map((r) => [r.position_id, r]));
    expect(rows.get('F3')).toMatchObject({ cost: 36000, cost_basis: 'lots', gain: 14450 });
    expect(rows.get('F2')).toMatchObject({ cost: 15000, cost_basis: 'statement', gain: 5000 });
    expect(rows.get('D1')).toMatchObject({ cost: null, cost_basis: null, gain: null, value: 56000 });
    // Lots that do not add up to the balance are not the holding's cost.
    const i = septemberClient();
    if (i.subject.kind !== 'client') throw new Error('client');
    i.subject.gains!.unrealised.lots = [openLot({ position_id: 'F3', units: 600, cost: 20000 })];
    const f3 = buildReportModel(i).groups.flatMap((g) => g.rows).find((r) => r.position_id === 'F3')!;
    expect(f3).toMatchObject({ cost: null, cost_basis: null, gain: null });
  });

  it('the XIRR is the portfolio’s when known, else over the holdings whose cash flows are known, saying how many', () => {
    expect(buildReportModel(septemberClient()).summary.xirr).toEqual({ rate: 14.02, counted: 2, of: 4 });
    expect(buildReportModel(input()).summary.xirr).toEqual({ rate: 13.91, counted: 4, of: 4 });
  });

  it('the year’s realised gains: the known sales by tax class; a sale of unknown gain counted once, listed with a dash', () => {
    const m = buildReportModel(septemberClient());
    expect(m.realised).toMatchObject({ fy: '2025-26', short_term: 11000, long_term: 59992, total: 70992, sales: 4, unknown_sales: 1 });
    expect(m.realised!.by_class).toEqual([
      { tax_class: 'equity_oriented', label: 'Equity funds and shares', short_term: 10000, long_term: 59992 },
      { tax_class: 'other', label: 'Other funds, bonds and gold', short_term: 1000, long_term: 0 },
    ]);
    expect(m.realised!.exemption_112a).toEqual({ limit: 125000, used: 59992, remaining: 65008 });
    expect(m.sales.map((s) => [s.date, s.units, s.proceeds, s.gain, s.term])).toEqual([
      ['2025-05-02', 30, 18000, null, null], // the proceeds are on the statement; the gain is not
      ['2025-06-10', 60, 89992, 59992, 'long'],
      ['2025-07-01', 20, 20000, 10000, 'short'],
      ['2025-08-01', 5, 6000, 1000, 'short'],
    ]);
  });

  it('lots of one sale are one row: their units, proceeds and gain added up; lots of both terms are "mixed"', () => {
    const i = septemberClient();
    if (i.subject.kind !== 'client') throw new Error('client');
    i.subject.gains!.realised.lots = [
      realisedLot({ position_id: 'F1', sale_date: '2025-06-10', units: 6.5, sale_value: 1000.1, gain: 100.05, term: 'long' }),
      realisedLot({ position_id: 'F1', sale_date: '2025-06-10', units: 3.25, sale_value: 500.2, gain: -20.1, term: 'short' }),
    ];
    const m = buildReportModel(i);
    expect(m.sales).toEqual([expect.objectContaining({ units: 9.75, proceeds: 1500.3, gain: 79.95, term: 'mixed' })]);
    expect(m.realised).toMatchObject({ short_term: -20.1, long_term: 100.05, total: 79.95, sales: 1, unknown_sales: 0 });
  });

  it('the client reads one short note; the adviser’s page groups each kind with a count, each holding once, in words', () => {
    const m = buildReportModel(septemberClient());
    expect(m.client_note).toMatch(/^Some figures were not on your statements and are shown as —/);
    expect(kinds(m)).toEqual(['cost_missing', 'history_incomplete', 'sale_gain_unknown', 'xirr_unknown']);
    expect(note(m, 'cost_missing')!.items).toEqual(['RELIANCE INDUSTRIES LIMITED (demat account IN300126 12345678)']);
    expect(note(m, 'cost_missing')!.title).toMatch(/\(1\)$/);
    expect(note(m, 'xirr_unknown')!.items).toEqual([
      'Aditya Birla Sun Life Frontline Equity Fund - Growth (folio 222): the value of its opening balance is not known',
      'RELIANCE INDUSTRIES LIMITED (demat account IN300126 12345678): the statements show its balance only, no transactions',
    ]);
    // No code reaches either audience.
    const text = JSON.stringify([m.client_note, m.adviser_notes]);
    expect(text).not.toMatch(/\b[A-Z]{3,}_[A-Z_]+\b/);
    // Shares are taxed by their own rule: never "assumed".
    expect(kinds(m)).not.toContain('tax_class_assumed');
  });

  it('every figure known: no client note, no adviser page', () => {
    const p = samplePortfolio();
    p.positions = [position({ id: 'A', source: { document_id: 'd1', document_type: 'CAMS_DETAILED_CAS', statement_date: '2025-03-31', valuation_date: '2025-03-31' } })];
    const m = buildReportModel(input({ portfolio: p }));
    expect(m.client_note).toBeNull();
    expect(m.adviser_notes).toEqual([]);
  });

  it('an as_of later than the statements makes their NAVs stale, for the adviser', () => {
    const m = buildReportModel({ ...septemberClient(), params: { as_of: '2025-11-20', fy: null } });
    expect(note(m, 'stale_nav')!.items).toHaveLength(4);
    const fresh = buildReportModel({ ...septemberClient(), params: { as_of: `2025-10-0${STALE_NAV_AFTER_DAYS}`, fy: null } });
    expect(kinds(fresh)).not.toContain('stale_nav');
  });

  it('with a NAV source, a holding is revalued at its NAV published after the statement and on or before the report’s date, and says so', () => {
    const i = { ...septemberClient(), params: { as_of: '2025-11-20', fy: null } };
    const subject = i.subject;
    if (subject.kind !== 'client') throw new Error('client');
    const holding = (position_id: string, date: string, nav: number, source: 'statement' | 'nav_source' = 'nav_source') => ({ ...subject.gains!.holdings[0], position_id, valuation: { nav, date, source } });
    subject.gains!.holdings = [
      holding('F1', '2025-11-18', 520.5), // revalued: 100 units × 520.5
      holding('F3', '2025-11-21', 60), // after the report's date: the statement's stands
      holding('F2', '2025-09-30', 100, 'statement'),
    ];
    const m = buildReportModel(i);
    const rows = new Map(m.groups.flatMap((g) => g.rows).map((r) => [r.position_id, r]));
    expect(rows.get('F1')).toMatchObject({ nav: 520.5, nav_date: '2025-11-18', value: 52050, gain: 12050, revalued: true });
    expect(rows.get('F3')).toMatchObject({ nav: 50.45, value: 50450, revalued: false });
    expect(m.revalued).toEqual({ holdings: 1, date: '2025-11-18' });
    expect(m.summary.value.amount).toBe(176450 + 2050);
    // Its NAV is not stale; the others' are (a report date later than their statements).
    expect(note(m, 'stale_nav')!.items.some((x) => x.includes('folio 111'))).toBe(false);
    expect(note(m, 'stale_nav')!.items).toHaveLength(3);
    // Without a later as_of, the report is as of the statements: nothing revalued.
    expect(buildReportModel({ ...i, params: { as_of: null, fy: null } }).revalued).toBeNull();
  });

  it('allocation by fund house: the valued holdings’ shares adding up to 100, demat shares as one slice', () => {
    const m = buildReportModel(septemberClient());
    expect(m.allocation_by_amc.map((s) => s.label)).toEqual(['Shares and bonds (demat)', 'Axis Mutual Fund', 'HDFC Mutual Fund', 'Aditya Birla Sun Life Mutual Fund']);
    expect(m.allocation_by_amc.reduce((s, x) => s + Math.round(x.percent * 100), 0)).toBe(10_000);
    expect(m.allocation_by_amc[0]).toMatchObject({ value: 56000, percent: 31.74 });
  });

  it('names who prepared it: the firm and the adviser; the client is the subject', () => {
    const m = buildReportModel({ ...septemberClient(), adviser: 'Meera Iyer' });
    expect(m.prepared_by).toEqual({ firm: 'Acme Wealth Advisors', adviser: 'Meera Iyer' });
    expect(m.subject).toEqual({ kind: 'client', name: 'Priya Sharma', pan: 'ABCPS1234K' });
    expect(m.audience).toBe('client');
  });

  it('an unknown figure stays null (never 0), and a holding without an asset class is Unclassified', () => {
    const p = samplePortfolio();
    p.positions.push(position({ id: 'X', isin: 'INE002A01018', asset_class: null, units: null, nav: null, market_value: null, cost_value: null, flags: [{ code: 'FIGURE_MISSING', message: 'm', fields: ['units', 'market_value'] }] }));
    const m = buildReportModel(input({ portfolio: p }));
    const g = m.groups.find((x) => x.asset_class === 'Unclassified')!;
    expect(g.rows[0]).toMatchObject({ units: null, nav: null, value: null, cost: null, gain: null });
    expect(g.subtotal.value).toEqual({ amount: 0, counted: 0, of: 1 });
    expect(note(m, 'figure_missing')!.items).toContainEqual(expect.stringContaining('units, value'));
  });

  it.each([
    ['2024-25', { from: '2024-04-01', to: '2025-03-31' }],
    ['1999-00', { from: '1999-04-01', to: '2000-03-31' }],
  ])('financial year %s runs from 1 April to 31 March', (fy, period) => {
    expect(financialYearPeriod(fy)).toEqual({ fy, ...period });
  });

  it.each([
    ['2025-09-30', '2025-26'],
    ['2025-04-01', '2025-26'],
    ['2025-03-31', '2024-25'],
    ['1999-12-31', '1999-00'],
  ])('%s falls in financial year %s', (date, fy) => expect(financialYearOf(date)).toBe(fy));
});

describe('household report model', () => {
  const household = (over: Partial<ReportInput> = {}) => {
    const m = buildReportModel(sampleHouseholdInput(over));
    if (m.subject.kind !== 'household') throw new Error('not a household report');
    return { m, members: m.subject.members };
  };

  it('names the household and each member in the register’s order', () => {
    const { m, members } = household();
    expect(m.subject).toMatchObject({ kind: 'household', name: 'Sharma family' });
    expect(members.map((x) => [x.client_id, x.name, x.relationship, x.pan, x.positions])).toEqual([
      ['cli_priya', 'Priya Sharma', 'self', 'ABCPS1234K', 2],
      ['cli_rahul', 'Rahul Sharma', 'spouse', 'ABCPR5678L', 2],
      ['cli_anika', 'Anika Sharma', 'child', 'ABCPA9012M', 0],
    ]);
  });

  it('gives each member the holdings under its own PAN, by asset class with exact known sums; the household’s groups hold every holding', () => {
    const { m, members } = household();
    expect(members[0].groups.map((g) => [g.asset_class, g.rows.map((r) => r.isin)])).toEqual([['Equity', ['INF179K01BB8', 'INF209K01YN0']]]);
    expect(members[0].groups[0].subtotal).toEqual({ value: { amount: 2842578.95, counted: 2, of: 2 }, cost: { amount: 2350000, counted: 2, of: 2 }, gain: { amount: 492578.95, counted: 2, of: 2 } });
    expect(members[1].summary.invested).toEqual({ amount: 110000, counted: 1, of: 2 });
    expect(members[2].groups).toEqual([]);
    expect(m.groups.flatMap((g) => g.rows).length).toBe(4);
  });

  it('notes name whose holding it is', () => {
    const { m } = household();
    expect(note(m, 'stale_nav')!.items).toEqual(['Rahul Sharma: SBI Magnum Gilt Fund - Direct Growth (folio 55/12): NAV of 31 Dec 2024']);
  });

  it('carries each member’s realised gains and the household’s, the members’ sales together', () => {
    const base = sampleHouseholdInput();
    if (base.subject.kind !== 'household') throw new Error('not a household');
    const gains = sampleGains({ realised: { lots: [realisedLot({ position_id: 'P|folio:1|INF179K01BB8', gain: 100.25, term: 'short' })], exemption_112a: null } });
    const subject = { ...base.subject, members: base.subject.members.map((x, i) => ({ ...x, gains: i === 0 ? gains : null })) };
    const { m, members } = household({ subject });
    expect(members.map((x) => x.realised?.short_term ?? null)).toEqual([100.25, null, null]);
    expect(m.realised?.short_term).toBe(100.25);
    expect(m.sales.map((s) => s.investor)).toEqual(['Priya Sharma']);
  });

  it('a member the household portfolio does not list is an error, never a member without figures', () => {
    const base = sampleHouseholdInput();
    if (base.subject.kind !== 'household') throw new Error('not a household');
    const subject = { ...base.subject, members: [...base.subject.members, { client_id: 'cli_new', pan: 'ABCPN1111N', gains: null }] };
    expect(() => buildReportModel({ ...base, subject })).toThrow(/no figures for member cli_new/);
  });

  it('a member whose holdings under its PAN are not the ones the household portfolio counts for it is an error', () => {
    const base = sampleHouseholdInput();
    if (base.subject.kind !== 'household') throw new Error('not a household');
    const subject = { ...base.subject, members: base.subject.members.map((x) => (x.client_id === 'cli_rahul' ? { ...x, pan: 'ABCPR0000Z' } : x)) };
    expect(() => buildReportModel({ ...base, subject })).toThrow(/member cli_rahul/);
  });
});
