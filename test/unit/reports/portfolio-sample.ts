import type { ClientPortfolioDto, PortfolioFiguresDto, PositionDto } from '../../../src/modules/portfolio/index.js';
import type { RealisedLot, UnrealisedLot } from '../../../src/modules/gains/index.js';
import type { MemberFigures, ReportGains, ReportInput } from '../../../src/modules/reports/document/report-model.js';

/** A sold lot as the gains API answers it, with what a case changes. */
export function realisedLot(over: Partial<RealisedLot> & { term?: 'short' | 'long' | null; tax_class?: RealisedLot['rule']['tax_class'] }): RealisedLot {
  const { term = 'long', tax_class = 'equity_oriented', ...rest } = over;
  return {
    position_id: 'P|folio:1|INF179K01BB8',
    folio: '1234567 / 89',
    investor_pan: 'ABCPS1234K',
    scheme_name: 'HDFC Flexi Cap Fund - Direct Plan - Growth',
    isin: 'INF179K01BB8',
    transaction_type: 'redemption',
    purchase_type: 'purchase',
    purchase_date: '2022-05-10',
    sale_date: '2024-11-15',
    units: 10,
    purchase_nav: 1000,
    sale_nav: 1800,
    cost: 10000,
    stamp_duty: 0.5,
    stt: null,
    sale_value: 18000,
    fmv_nav_2018: null,
    fmv_value_2018: null,
    cost_of_acquisition: 10000,
    gain: 8000,
    rule: { rule: null, term, tax_class, rate: null, slab: false, indexation: false, grandfathered: false, act: '1961', section: null },
    financial_year: '2024-25',
    advance_tax_period: 'upto_15_dec',
    flags: [],
    ...rest,
  } as RealisedLot;
}

/** An open lot as the gains API answers it. */
export function openLot(over: Partial<UnrealisedLot> & { position_id: string }): UnrealisedLot {
  return {
    folio: null,
    scheme_name: 'x',
    isin: 'INF179K01BB8',
    purchase_type: 'purchase',
    purchase_date: '2023-01-10',
    units: 1,
    purchase_nav: 10,
    cost: 10,
    valuation_nav: 12,
    valuation_date: '2025-03-31',
    market_value: 12,
    fmv_nav_2018: null,
    cost_of_acquisition: 10,
    gain: 2,
    rule: { rule: null, term: 'long', tax_class: 'equity_oriented', rate: null, slab: false, indexation: false, grandfathered: false, act: '1961', section: null },
    flags: [],
    ...over,
  } as UnrealisedLot;
}

/** A client's gains of a year as the gains API answers them: no sales, no open lots unless given. */
export function sampleGains(over: Partial<ReportGains> = {}): ReportGains {
  return { fy: '2024-25', realised: { lots: [], exemption_112a: null }, unrealised: { lots: [] }, holdings: [], ...over };
}

/** A position as the portfolio API answers it, with what a case changes. */
export function position(over: Partial<PositionDto> & { id: string }): PositionDto {
  return {
    kind: 'folio',
    investor: { name: 'Priya Sharma', pan: 'ABCPS1234K' },
    folio: '1234567 / 89',
    account_id: null,
    isin: 'INF179K01BB8',
    scheme_name: 'HDFC Flexi Cap Fund - Direct Plan - Growth',
    amc: 'HDFC Mutual Fund',
    asset_class: 'Equity',
    units: 1523.417,
    nav: 1834.2151,
    market_value: 2794313.82,
    cost_value: 2300000,
    xirr: 14.27,
    xirr_reason: null,
    source: { document_id: 'd1', document_type: 'CAMS_DETAILED_CAS', statement_date: '2025-03-31', valuation_date: '2025-03-31' },
    seen_in: [],
    history: { status: 'FULL_HISTORY', covered_from: '2020-01-01', covered_to: '2025-03-31', transactions: 12, rebuilt_units: 1523.417 },
    flags: [],
    ...over,
  };
}

/** A client's portfolio: two equity folios, a debt fund valued at an old NAV, a hybrid one without cost. */
export function samplePortfolio(): ClientPortfolioDto {
  const positions = [
    position({ id: 'P|folio:1|INF179K01BB8' }),
    position({ id: 'P|folio:2|INF209K01YN0', folio: '99887766', isin: 'INF209K01YN0', scheme_name: 'Aditya Birla Sun Life Frontline Equity Fund - Growth', units: 100.5, nav: 480.25, market_value: 48265.13, cost_value: 50000 }),
    position({
      id: 'P|folio:3|INF200K01RJ1',
      folio: '55/12',
      isin: 'INF200K01RJ1',
      scheme_name: 'SBI Magnum Gilt Fund - Direct Growth',
      asset_class: 'Debt',
      units: 2000,
      nav: 61.1234,
      market_value: 122246.8,
      cost_value: 110000,
      source: { document_id: 'd2', document_type: 'KFINTECH_DETAILED_CAS', statement_date: '2024-12-31', valuation_date: '2024-12-31' },
      history: { status: 'PARTIAL_HISTORY', covered_from: '2024-07-01', covered_to: '2024-12-31', transactions: 3, rebuilt_units: 2000 },
      flags: [{ code: 'HISTORY_GAP', message: 'gap', from: '2025-01-01', to: '2025-01-31' }],
    }),
    position({
      id: 'P|folio:4|INF846K01EW2',
      folio: '4455',
      isin: 'INF846K01EW2',
      scheme_name: 'Axis Balanced Advantage Fund - Growth',
      asset_class: 'Hybrid',
      units: 300,
      nav: 20.5,
      market_value: 6150,
      cost_value: null,
      flags: [{ code: 'FIGURE_MISSING', message: 'cost not printed', fields: ['cost_value'] }],
    }),
  ];
  return {
    client_id: 'cli_0a1b2c3d4e5f60718293a4b5',
    as_of: null,
    statement_date: '2025-03-31',
    totals: {
      total_market_value: 2970975.75,
      total_cost_value: null,
      gain: null,
      gain_pct: null,
      asset_allocation: { equity: 95.68, debt: 4.11, hybrid: 0.21, other: 0 },
      holdings_valued: 4,
      holdings_without_value: 0,
      xirr: 13.91,
      xirr_reason: null,
      known: { holdings_with_cost: 3, market_value: 2964825.75, cost_value: 2460000, gain: 504825.75, xirr: 13.91, xirr_holdings: 4, xirr_holdings_of: 4 },
    },
    positions,
    documents: [
      { document_id: 'd1', document_type: 'CAMS_DETAILED_CAS', statement_date: '2025-03-31' },
      { document_id: 'd2', document_type: 'KFINTECH_DETAILED_CAS', statement_date: '2024-12-31' },
    ],
  };
}

/** What a report is made from in these tests: the sample portfolio of one client of one firm. */
export const sampleReportInput = (over: Partial<ReportInput> = {}): ReportInput => ({
  firm: 'Acme Wealth Advisors',
  subject: { kind: 'client', name: 'Priya Sharma', pan: 'ABCPS1234K', gains: sampleGains() },
  portfolio: samplePortfolio(),
  params: { as_of: null, fy: '2024-25' },
  generatedAt: new Date('2025-04-02T09:00:00Z'),
  ...over,
});

const figures = (over: Partial<PortfolioFiguresDto>): PortfolioFiguresDto => ({
  total_market_value: 0,
  total_cost_value: null,
  gain: null,
  gain_pct: null,
  asset_allocation: { equity: 0, debt: 0, hybrid: 0, other: 0 },
  holdings_valued: 0,
  holdings_without_value: 0,
  xirr: null,
  xirr_reason: null,
  known: { holdings_with_cost: 0, market_value: 0, cost_value: 0, gain: 0, xirr: null, xirr_holdings: 0, xirr_holdings_of: 0 },
  ...over,
});

/**
 * A household of three: Priya (self) holds the two equity folios, Rahul (spouse) the debt and hybrid
 * ones, Anika (child) nothing yet. Member figures are as the household portfolio would answer them.
 */
export const sampleHouseholdInput = (over: Partial<ReportInput> = {}): ReportInput => {
  const p = samplePortfolio();
  const rahul = { name: 'Rahul Sharma', pan: 'ABCPR5678L' };
  p.positions = p.positions.map((x) => (x.asset_class === 'Equity' ? x : { ...x, id: x.id.replace(/^P/, 'R'), investor: rahul }));
  const members: MemberFigures[] = [
    { client_id: 'cli_priya', name: 'Priya Sharma', relationship: 'self', positions: 2, totals: figures({ total_market_value: 2842578.95, total_cost_value: 2350000, gain: 492578.95, gain_pct: 20.96, xirr: 14.1, holdings_valued: 2, known: { holdings_with_cost: 2, market_value: 2842578.95, cost_value: 2350000, gain: 492578.95, xirr: 14.1, xirr_holdings: 2, xirr_holdings_of: 2 } }) },
    { client_id: 'cli_rahul', name: 'Rahul Sharma', relationship: 'spouse', positions: 2, totals: figures({ total_market_value: 128396.8, holdings_valued: 2, xirr_reason: 'NO_TRANSACTIONS' }) },
    { client_id: 'cli_anika', name: 'Anika Sharma', relationship: 'child', positions: 0, totals: figures({ xirr_reason: 'NO_TRANSACTIONS' }) },
  ];
  return {
    firm: 'Acme Wealth Advisors',
    subject: {
      kind: 'household',
      name: 'Sharma family',
      members: [
        { client_id: 'cli_priya', pan: 'ABCPS1234K', gains: null },
        { client_id: 'cli_rahul', pan: rahul.pan, gains: null },
        { client_id: 'cli_anika', pan: 'ABCPA9012M', gains: null },
      ],
    },
    portfolio: { ...p, members },
    params: { as_of: null, fy: '2024-25' },
    generatedAt: new Date('2025-04-02T09:00:00Z'),
    ...over,
  };
};

/**
 * A client a firm really has: September statements, a report made in November; a demat account whose
 * shares print no cost; a folio starting from an opening balance; a folio printing "Total Cost Value:
 * 0.00" whose purchases the statements do show; one sale of unknown cost among known ones.
 */
export function septemberClient(): ReportInput {
  const p = samplePortfolio();
  p.statement_date = '2025-09-30';
  const dated = { document_id: 'd1', document_type: 'CAMS_DETAILED_CAS', statement_date: '2025-09-30', valuation_date: '2025-09-30' };
  p.positions = [
    position({ id: 'F1', folio: '111', isin: 'INF179K01BB8', units: 100, nav: 500, market_value: 50000, cost_value: 40000, xirr: 12.5, source: dated }),
    // Opening balance: the purchases of the units before the statements are not shown; the cost is printed.
    position({
      id: 'F2',
      folio: '222',
      isin: 'INF209K01YN0',
      scheme_name: 'Aditya Birla Sun Life Frontline Equity Fund - Growth',
      amc: 'Aditya Birla Sun Life Mutual Fund',
      units: 200,
      nav: 100,
      market_value: 20000,
      cost_value: 15000,
      xirr: null,
      xirr_reason: 'OPENING_VALUE_UNKNOWN',
      history: { status: 'PARTIAL_HISTORY', covered_from: '2025-04-01', covered_to: '2025-09-30', transactions: 2, rebuilt_units: 200 },
      source: dated,
    }),
    // "Total Cost Value: 0.00" printed; the lots give 36,000.
    position({ id: 'F3', folio: '333', isin: 'INF846K01EW2', scheme_name: 'Axis Bluechip Fund - Growth', amc: 'Axis Mutual Fund', units: 1000, nav: 50.45, market_value: 50450, cost_value: 0, xirr: 18.2, source: dated }),
    // Shares in a demat account: no cost printed, no transactions.
    position({
      id: 'D1',
      kind: 'demat',
      folio: null,
      account_id: 'IN300126 12345678',
      isin: 'INE002A01018',
      scheme_name: 'RELIANCE INDUSTRIES LIMITED',
      amc: null,
      units: 40,
      nav: 1400,
      market_value: 56000,
      cost_value: null,
      xirr: null,
      xirr_reason: 'NO_TRANSACTIONS',
      history: { status: 'SNAPSHOT_ONLY', covered_from: null, covered_to: null, transactions: 0, rebuilt_units: null },
      flags: [{ code: 'FIGURE_MISSING', message: 'cost not printed', fields: ['cost_value'] }],
      source: { ...dated, document_type: 'NSDL_CAS' },
    }),
  ];
  p.totals = {
    ...p.totals,
    total_market_value: 176450,
    total_cost_value: null,
    gain: null,
    gain_pct: null,
    asset_allocation: { equity: 100, debt: 0, hybrid: 0, other: 0 },
    holdings_valued: 4,
    xirr: null,
    xirr_reason: 'NO_TRANSACTIONS',
    known: { holdings_with_cost: 3, market_value: 120450, cost_value: 55000, gain: 65450, xirr: 14.02, xirr_holdings: 2, xirr_holdings_of: 4 },
  };
  const gains = sampleGains({
    fy: '2025-26',
    realised: {
      lots: [
        realisedLot({ position_id: 'F1', folio: '111', sale_date: '2025-06-10', units: 60, sale_value: 89992, gain: 59992, term: 'long' }),
        realisedLot({ position_id: 'F1', folio: '111', sale_date: '2025-07-01', units: 20, sale_value: 20000, gain: 10000, term: 'short' }),
        realisedLot({ position_id: 'F4', folio: '444', scheme_name: 'SBI Gold Fund', sale_date: '2025-08-01', units: 5, sale_value: 6000, gain: 1000, term: 'short', tax_class: 'other' }),
        // A sale of unknown cost whose term is unknown too: the engine counts it under both terms.
        realisedLot({ position_id: 'F2', folio: '222', scheme_name: 'Aditya Birla Sun Life Frontline Equity Fund - Growth', sale_date: '2025-05-02', units: 30, purchase_date: null, cost: null, cost_of_acquisition: null, gain: null, term: null }),
      ],
      exemption_112a: { limit: 125000, ltcg: 59992, applied: 59992, taxable_at_10: 0, taxable_at_12_5: 0, remaining: 65008 },
    },
    unrealised: {
      lots: [
        openLot({ position_id: 'F3', units: 600, cost: 20000 }),
        openLot({ position_id: 'F3', units: 400, cost: 16000 }),
        // F2: units held before the history, of unknown number and cost.
        openLot({ position_id: 'F2', units: null, cost: null }),
        openLot({ position_id: 'F2', units: 50, cost: 4000 }),
      ],
    },
    holdings: [{ position_id: 'D1', scheme_name: 'RELIANCE INDUSTRIES LIMITED', folio: null, isin: 'INE002A01018', tax_class: { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', listed: true, basis: 'security', defaulted: false } }],
  });
  return sampleReportInput({ portfolio: p, params: { as_of: null, fy: null }, subject: { kind: 'client', name: 'Priya Sharma', pan: 'ABCPS1234K', gains }, generatedAt: new Date('2025-11-20T09:00:00Z') });
}

