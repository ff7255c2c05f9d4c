/**
 * One investor's statements from the four sources over a year, sharing folios and securities, with
 * the truth of what the consolidation must make of them:
 *
 *   A  CAMS detailed      2024-04-01 … 2024-09-30
 *   B  KFintech detailed  2024-07-01 … 2024-12-31   (overlaps A for three months)
 *   —  no statement       2025-01-01 … 2025-01-31   (a gap)
 *   C  CAMS detailed      2025-02-01 … 2025-03-31
 *   D  NSDL CAS           March 2025: equities, and the first folio in its mutual-fund folio section
 *   E  CDSL CAS           March 2025: equities (one ISIN also held in the NSDL account), and the
 *                         second folio in its folio section with other units than C prints
 *
 * Every statement is cut from one year-long CAMS model, so balances and transactions agree where
 * periods overlap.
 */
import { buildModel, cutToPeriod, marketValue, remodel, sumUnits, type Holding, type StatementFamily, type StatementModel } from '../fixtures/generator/index.js';

export const YEAR = { from: '2024-04-01', to: '2025-03-31' };
export const GAP = { from: '2025-01-01', to: '2025-01-31' };
const MARCH = { from: '2025-03-01', to: '2025-03-31' };

export interface ClientStatement {
  label: 'A' | 'B' | 'C' | 'D' | 'E';
  family: StatementFamily;
  model: StatementModel;
}

export interface ClientStatements {
  pan: string;
  statements: ClientStatement[];
  /** The year's truth of every scheme: opening units on 2024-04-01, every transaction, closing units. */
  schemes: Holding[];
  /** The folio whose units C and E print differently, and E's units. */
  disagreeing: { folio: string; isin: string; units: number };
  /** The ISIN held in both demat accounts. */
  sharedIsin: string;
}

const heldWithRegistrar = (h: Holding, account: string | null, units = h.units): Holding => ({
  ...h,
  units,
  market_value: marketValue(units, h.nav),
  cost_value: null,
  opening_units: units,
  transactions: [],
  account_id: account,
  nav_date: MARCH.to,
});

export function clientStatements(seed = 7): ClientStatements {
  const year = buildModel('cams_detailed', { seed, period: YEAR, folios: 3, amcs: 2, transactionsPerScheme: 6, quirks: { stampDuty: false, noTransactions: false } });
  const schemes = year.holdings;
  const detailed = (family: StatementFamily, period: { from: string; to: string }) =>
    remodel(year, { family, period, holdings: schemes.map((h) => cutToPeriod(h, period)).filter((h): h is Holding => h !== null) });
  const C = detailed('cams_detailed', { from: '2025-02-01', to: YEAR.to });

  const [first, second] = [...new Set(schemes.map((h) => h.folio!))];
  const folioOf = (folio: string) => C.holdings.filter((h) => h.folio === folio);
  const nsdlBase = buildModel('nsdl_cas', { seed, period: MARCH, holdingsPerAccount: 3, quirks: { mfUnitsInDemat: false } });
  const cdslBase = buildModel('cdsl_cas', { seed: seed + 1, period: MARCH, holdingsPerAccount: 3 });
  const cdslAccounts = cdslBase.accounts.map((a) => ({ ...a, investor_pan: year.investors[0].pan }));
  const shared = nsdlBase.holdings[0];
  const sharedInCdsl: Holding = { ...shared, account_id: cdslAccounts[0].account_id, units: shared.units + 5, market_value: marketValue(shared.units + 5, shared.nav), demat_balances: null };
  const disagreeing = folioOf(second)[0];
  const disagreeingUnits = sumUnits([disagreeing.units, 1.5]);

  const D = remodel(nsdlBase, { holdings: [...nsdlBase.holdings, ...folioOf(first).map((h) => heldWithRegistrar(h, null))] });
  const E = remodel(
    { ...cdslBase, investors: year.investors },
    {
      accounts: cdslAccounts,
      holdings: [
        ...cdslBase.holdings.map((h) => ({ ...h, investor_pan: year.investors[0].pan, account_id: cdslAccounts[0].account_id })),
        sharedInCdsl,
        ...folioOf(second).map((h) => heldWithRegistrar(h, null, h === disagreeing ? disagreeingUnits : h.units)),
      ],
    },
  );
  return {
    pan: year.investors[0].pan,
    statements: [
      { label: 'A', family: 'cams_detailed', model: detailed('cams_detailed', { from: YEAR.from, to: '2024-09-30' }) },
      { label: 'B', family: 'kfintech_detailed', model: detailed('kfintech_detailed', { from: '2024-07-01', to: '2024-12-31' }) },
      { label: 'C', family: 'cams_detailed', model: C },
      { label: 'D', family: 'nsdl_cas', model: D },
      { label: 'E', family: 'cdsl_cas', model: E },
    ],
    schemes,
    disagreeing: { folio: disagreeing.folio!, isin: disagreeing.isin, units: disagreeingUnits },
    sharedIsin: shared.isin,
  };
}
