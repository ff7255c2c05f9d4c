/**
 * Two investors' mutual-fund histories with known gains, as CAMS detailed statements (the PDFs a firm
 * uploads), and an AMFI NAV file naming the schemes' categories and newer or older NAVs.
 *
 *   Investor 1, statements A (2023-04-01 … 2024-12-31) and B (2025-01-01 … 2026-03-31), adjoining:
 *     EQ    equity scheme, from a zero balance: two purchases with stamp duty, a redemption in
 *           FY 2025-26 that closes the first lot (long-term) and part of the second (short-term).
 *     DEBT  debt scheme holding units before statement A (an incomplete history), a purchase, and a
 *           redemption in FY 2025-26 that takes the unseen units first, then part of the purchase.
 *   Investor 2, statement C (2024-04-01 … 2026-03-31):
 *     EQ2   equity scheme, from a zero balance: a purchase, a long-term redemption in FY 2025-26.
 *
 * Only the rows are given here; the expected gains are worked out from them by the test.
 */
import { buildModel, cutToPeriod, marketValue, remodel, sumUnits, type Holding, type StatementModel, type Transaction } from '../fixtures/generator/index.js';

export interface Row {
  date: string;
  kind: 'purchase' | 'redemption' | 'stamp_duty';
  amount: number;
  units: number;
  nav: number | null;
}

export interface SchemeHistory {
  key: 'EQ' | 'DEBT' | 'EQ2';
  holding: Holding;
  /** Units held before the first row (bought before the statements). */
  openingUnits: number;
  rows: Row[];
  /** The NAV the last statement prints. */
  closingNav: number;
  /** AMFI's category heading and the NAV file's NAV and date for the ISIN. */
  category: string;
  navSource: { nav: number; date: string };
}

export interface GainsHistory {
  investors: Array<{ pan: string; name: string; statements: Array<{ label: string; model: StatementModel }>; schemes: SchemeHistory[] }>;
  navFile: string;
}

const WORDS: Record<Row['kind'], string> = { purchase: 'Purchase', redemption: 'Redemption', stamp_duty: '*** Stamp Duty ***' };

function holdingOf(template: Holding, s: Omit<SchemeHistory, 'holding'>, asOf: string): Holding {
  let balance = s.openingUnits;
  const transactions: Transaction[] = s.rows.map((r) => {
    balance = sumUnits([balance, r.units]);
    return { date: r.date, kind: r.kind, description: WORDS[r.kind], amount: r.amount, units: r.units, nav: r.nav, balance_units: balance };
  });
  return {
    ...template,
    opening_units: s.openingUnits,
    transactions,
    units: balance,
    nav: s.closingNav,
    nav_date: asOf,
    market_value: marketValue(balance, s.closingNav),
    cost_value: null,
  };
}

const A = { from: '2023-04-01', to: '2024-12-31' };
const B = { from: '2025-01-01', to: '2026-03-31' };
const C = { from: '2024-04-01', to: '2026-03-31' };

export function gainsHistory(seed = 20): GainsHistory {
  const base = buildModel('cams_detailed', { seed, period: { from: A.from, to: B.to }, folios: 6, amcs: 2, transactionsPerScheme: 0, quirks: { stampDuty: false, noTransactions: false } });
  const equity = base.holdings.filter((h) => h.asset_class === 'Equity');
  const debt = base.holdings.find((h) => h.asset_class === 'Debt' && h.folio !== equity[0].folio);
  if (equity.length < 2 || !debt) throw new Error('seed gives too few equity or debt schemes');

  const eq: Omit<SchemeHistory, 'holding'> = {
    key: 'EQ',
    openingUnits: 0,
    rows: [
      // ₹1,00,000 gross: ₹5 stamp duty (0.005 %), ₹99,995 invested at 50.0000.
      { date: '2023-05-10', kind: 'purchase', amount: 99995, units: 1999.9, nav: 50 },
      { date: '2023-05-10', kind: 'stamp_duty', amount: 5, units: 0, nav: null },
      // ₹60,000 gross: ₹3 stamp duty, ₹59,997 at 59.9970.
      { date: '2024-11-04', kind: 'purchase', amount: 59997, units: 1000, nav: 59.997 },
      { date: '2024-11-04', kind: 'stamp_duty', amount: 3, units: 0, nav: null },
      { date: '2025-06-12', kind: 'redemption', amount: -199992, units: -2499.9, nav: 80 },
    ],
    closingNav: 85,
    category: 'Open Ended Schemes(Equity Scheme - Flexi Cap Fund)',
    navSource: { nav: 90, date: '2026-04-10' },
  };
  const dt: Omit<SchemeHistory, 'holding'> = {
    key: 'DEBT',
    openingUnits: 1000,
    rows: [
      { date: '2023-08-01', kind: 'purchase', amount: 10000, units: 500, nav: 20 },
      { date: '2025-07-01', kind: 'redemption', amount: -30000, units: -1200, nav: 25 },
    ],
    closingNav: 26.5,
    category: 'Open Ended Schemes(Debt Scheme - Short Duration Fund)',
    navSource: { nav: 26, date: '2026-03-20' },
  };
  const eq2: Omit<SchemeHistory, 'holding'> = {
    key: 'EQ2',
    openingUnits: 0,
    rows: [
      { date: '2024-04-15', kind: 'purchase', amount: 50000, units: 2000, nav: 25 },
      { date: '2025-09-20', kind: 'redemption', amount: -24000, units: -800, nav: 30 },
    ],
    closingNav: 32,
    category: 'Open Ended Schemes(Equity Scheme - Large Cap Fund)',
    navSource: { nav: 31, date: '2026-03-20' },
  };

  const [first, second] = [base.investors[0], { ...base.investors[0], name: 'Kavya Rao', pan: 'KAVPR4321Q' }];
  const one = [
    { ...eq, holding: holdingOf({ ...equity[0], investor_pan: first.pan }, eq, B.to) },
    { ...dt, holding: holdingOf({ ...debt, investor_pan: first.pan }, dt, B.to) },
  ];
  const two = [{ ...eq2, holding: holdingOf({ ...equity[1], investor_pan: second.pan, folio: '7700112/45' }, eq2, C.to) }];
  const cut = (schemes: SchemeHistory[], period: { from: string; to: string }) => schemes.map((s) => cutToPeriod(s.holding, period)).filter((h): h is Holding => h !== null);
  const shellOne = { ...base, investors: [first] };
  const shellTwo = { ...base, investors: [second] };

  const all = [...one, ...two];
  const navFile = [
    'Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Date',
    '',
    ...all.flatMap((s, i) => [
      s.category,
      '',
      s.holding.amc ?? 'Some Mutual Fund',
      '',
      `${150000 + i};${s.holding.isin};-;${s.holding.scheme_name};${s.navSource.nav.toFixed(4)};${amfiDate(s.navSource.date)}`,
      '',
    ]),
  ].join('\n');

  return {
    investors: [
      {
        pan: first.pan,
        name: first.name,
        schemes: one,
        statements: [
          { label: 'A', model: remodel(shellOne, { period: A, holdings: cut(one, A) }) },
          { label: 'B', model: remodel(shellOne, { period: B, holdings: cut(one, B) }) },
        ],
      },
      { pan: second.pan, name: second.name, schemes: two, statements: [{ label: 'C', model: remodel(shellTwo, { period: C, holdings: cut(two, C) }) }] },
    ],
    navFile,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const amfiDate = (iso: string) => `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
