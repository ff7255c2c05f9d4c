/**
 * An extraction result as `GET /api/v1/nexus/documents/{doc_id}/extraction` answers it, compared with
 * the generator's ground truth: every holding's figures, name, AMC, asset class, cost and folio or account, each
 * investor's name and PAN, the totals, and the asset allocation computed from the model's classes.
 */
import type { AssetClass, Holding, StatementModel } from '../fixtures/generator/index.js';

export interface ResultHolding {
  scheme_name: string;
  isin: string;
  units: number | null;
  nav: number | null;
  market_value: number | null;
  cost_value: number | null;
  folio: string | null;
  account_id?: string | null;
  amc?: string | null;
  asset_class: string | null;
}

interface Allocation {
  equity: number;
  debt: number;
  hybrid: number;
  other: number;
}

interface Totals {
  total_market_value: number;
  total_cost_value: number | null;
  asset_allocation: Allocation;
  holdings_valued: number;
  holdings_without_value: number;
}

export interface ExtractionResult {
  document_type: string;
  holdings_statement: boolean;
  entities: Array<{ entity_name: string | null; pan: string | null; holdings: ResultHolding[]; asset_allocation: Allocation; totals: Totals | null }>;
  totals: Totals;
  validation: Array<{ code: string; isin: string | null; entity: string | null; message: string }>;
  confidence_score: number;
}

/** How far (percentage points) an allocation share may be from the truth: the result rounds to hundredths. */
export const ALLOCATION_TOLERANCE = 0.05;

const BUCKET: Record<AssetClass, keyof Allocation> = { Equity: 'equity', Debt: 'debt', Hybrid: 'hybrid', Other: 'other' };
const milli = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 1000));
const n4 = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 10000));
const paise = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 100));

/** The true allocation of some holdings, in percent (unrounded), from the model's asset classes. */
export function trueAllocation(holdings: Holding[]): Allocation {
  const out: Allocation = { equity: 0, debt: 0, hybrid: 0, other: 0 };
  const total = holdings.reduce((s, h) => s + h.market_value, 0);
  if (total <= 0) return out;
  for (const h of holdings) out[BUCKET[h.asset_class]] += (h.market_value / total) * 100;
  return out;
}

function allocationDifferences(where: string, got: Allocation | undefined, truth: Holding[]): string[] {
  const want = trueAllocation(truth);
  if (!got) return [`${where}: no asset_allocation`];
  return (Object.keys(want) as (keyof Allocation)[])
    .filter((k) => !(Math.abs(got[k] - want[k]) <= ALLOCATION_TOLERANCE))
    .map((k) => `${where}: allocation ${k} ${got[k]} != ${want[k].toFixed(4)}`);
}

function totalsDifferences(where: string, got: Totals | null | undefined, truth: Holding[], mutualFunds: boolean): string[] {
  if (!got) return [`${where}: no totals`];
  const diffs: string[] = [];
  const value = truth.reduce((s, h) => s + Math.round(h.market_value * 100), 0);
  if (paise(got.total_market_value) !== value) diffs.push(`${where}: total_market_value ${got.total_market_value} != ${value / 100}`);
  if (got.holdings_valued !== truth.length || got.holdings_without_value !== 0) diffs.push(`${where}: valued ${got.holdings_valued}, without value ${got.holdings_without_value} (of ${truth.length})`);
  // Demat statements print no cost.
  const cost = mutualFunds ? truth.reduce((s, h) => s + Math.round((h.cost_value ?? 0) * 100), 0) / 100 : null;
  if (paise(got.total_cost_value) !== paise(cost)) diffs.push(`${where}: total_cost_value ${got.total_cost_value} != ${cost}`);
  return [...diffs, ...allocationDifferences(where, got.asset_allocation, truth)];
}

/** Every difference between the result and the model, one line each (empty = exact). */
export function truthDifferences(model: StatementModel, result: ExtractionResult): string[] {
  const diffs: string[] = [];
  const demat = model.family === 'nsdl_cas' || model.family === 'cdsl_cas';
  // A minor whose statement prints only the guardian's PAN is an entity without one.
  const printed = (pan: string): string => {
    const investor = model.investors.find((i) => i.pan === pan);
    return investor?.minor && !investor.minor.pan_printed ? '(none)' : pan;
  };
  const owners = [...new Set(model.holdings.map((h) => h.investor_pan))].sort();
  const pans = result.entities.map((e) => e.pan ?? '(none)').sort();
  const printedOwners = owners.map(printed).sort();
  if (JSON.stringify(pans) !== JSON.stringify(printedOwners)) diffs.push(`entity PANs ${pans} != ${printedOwners}`);

  for (const pan of owners) {
    const investor = model.investors.find((i) => i.pan === pan)!;
    const entity = result.entities.find((e) => (e.pan ?? '(none)') === printed(pan));
    if (!entity) continue;
    if (entity.entity_name !== investor.name) diffs.push(`${pan}: investor name ${JSON.stringify(entity.entity_name)} != "${investor.name}"`);
    const truth = model.holdings.filter((h) => h.investor_pan === pan);
    // Matched on ISIN and folio (demat: ISIN and account); what is left over on either side is reported.
    const key = (isin: string, where: string | null | undefined) => `${isin}|${where ?? ''}`;
    const pool = new Map<string, ResultHolding[]>();
    for (const g of entity.holdings) {
      const k = key(g.isin, demat ? g.account_id : g.folio);
      pool.set(k, [...(pool.get(k) ?? []), g]);
    }
    for (const h of truth) {
      const where = `${pan} ${h.isin} ${(demat ? h.account_id : h.folio) ?? ''} "${h.scheme_name}"`;
      const g = pool.get(key(h.isin, demat ? h.account_id : h.folio))?.shift();
      if (!g) {
        diffs.push(`${where}: missing`);
        continue;
      }
      const check = (field: string, got: unknown, want: unknown) => {
        if (got !== want) diffs.push(`${where}: ${field} ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
      };
      check('units', milli(g.units), milli(h.units));
      check('nav', n4(g.nav), n4(h.nav));
      check('market_value', paise(g.market_value), paise(h.market_value));
      check('scheme_name', g.scheme_name, h.scheme_name);
      check('amc', g.amc ?? null, h.amc);
      check('asset_class', g.asset_class, h.asset_class);
      // Demat statements print no cost.
      if (demat) check('account_id', g.account_id ?? null, h.account_id);
      else {
        check('folio', g.folio ?? null, h.folio);
        check('cost_value', paise(g.cost_value), paise(h.cost_value));
      }
    }
    for (const rest of pool.values()) for (const g of rest) diffs.push(`${pan}: invented ${g.isin} ${g.folio ?? g.account_id ?? ''} "${g.scheme_name}"`);
    diffs.push(...totalsDifferences(`${pan} totals`, entity.totals, truth, !demat));
    diffs.push(...allocationDifferences(`${pan}`, entity.asset_allocation, truth));
  }
  diffs.push(...totalsDifferences('statement totals', result.totals, model.holdings, !demat));
  return diffs;
}
